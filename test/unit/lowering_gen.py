"""Random func/arith/cf/scf/math/memref programs for differential tests of the lowering to the
LLVM dialect against mlir-opt-19 (test_lowering_oracle.py). Deterministic per seed."""
from __future__ import annotations

import random

INTS = ["i1", "i8", "i16", "i32", "i64", "index"]
FLOATS = ["f16", "bf16", "f32", "f64"]
INT_BIN = ["addi", "subi", "muli", "andi", "ori", "xori", "maxsi", "minui", "shli", "shrui",
           "divsi", "remui", "ceildivsi", "floordivsi"]
FLOAT_BIN = ["addf", "subf", "mulf", "divf", "maximumf", "minnumf", "remf"]
MATH_UN = ["sqrt", "exp", "log", "absf", "floor", "ceil", "sin", "cos", "exp2", "log2"]
CMPI = ["eq", "ne", "slt", "sle", "sgt", "uge"]
CMPF = ["oeq", "olt", "ugt", "une", "ord"]
CASTS = [("i32", "i64", "extsi"), ("i64", "i32", "trunci"), ("i8", "i32", "extui"),
         ("index", "i64", "index_cast"), ("i32", "index", "index_castui"), ("f32", "f64", "extf"),
         ("f64", "f32", "truncf"), ("i32", "f32", "sitofp"), ("f64", "i64", "fptosi"),
         ("i32", "f32", "bitcast"), ("f16", "f32", "extf"), ("i1", "i64", "extui")]


class Gen:
    def __init__(self, seed):
        self.r = random.Random(seed)
        self.n = 0
        self.lines = []

    def fresh(self):
        self.n += 1
        return f"%v{self.n}"

    def emit(self, s, indent):
        self.lines.append("  " * indent + s)

    def const(self, t, indent):
        v = self.fresh()
        if t in FLOATS:
            lit = self.r.choice(["1.5", "0.0", "-2.25", "3.0"])
        elif t == "i1":
            v_ = self.r.choice(["true", "false"])
            self.emit(f"{v} = arith.constant {v_}", indent)
            return v
        else:
            lit = str(self.r.choice([0, 1, 7, -3, 42]))
        self.emit(f"{v} = arith.constant {lit} : {t}", indent)
        return v

    def value(self, env, t, indent):
        c = [v for v, vt in env if vt == t]
        if c and self.r.random() < 0.8:
            return self.r.choice(c)
        v = self.const(t, indent)
        env.append((v, t))
        return v

    def op(self, env, indent):
        r = self.r
        k = r.random()
        if k < 0.35:
            t = r.choice(INTS[1:])
            a, b = self.value(env, t, indent), self.value(env, t, indent)
            v = self.fresh()
            self.emit(f"{v} = arith.{r.choice(INT_BIN)} {a}, {b} : {t}", indent)
            env.append((v, t))
        elif k < 0.55:
            t = r.choice(FLOATS)
            a, b = self.value(env, t, indent), self.value(env, t, indent)
            v = self.fresh()
            fm = r.choice(["", " fastmath<fast>", " fastmath<nnan,ninf>"])
            self.emit(f"{v} = arith.{r.choice(FLOAT_BIN)} {a}, {b}{fm} : {t}", indent)
            env.append((v, t))
        elif k < 0.62:
            t = r.choice(["f32", "f64"])
            a = self.value(env, t, indent)
            v = self.fresh()
            self.emit(f"{v} = math.{r.choice(MATH_UN)} {a} : {t}", indent)
            env.append((v, t))
        elif k < 0.72:
            t = r.choice(INTS[1:])
            a, b = self.value(env, t, indent), self.value(env, t, indent)
            v = self.fresh()
            self.emit(f"{v} = arith.cmpi {r.choice(CMPI)}, {a}, {b} : {t}", indent)
            env.append((v, "i1"))
        elif k < 0.78:
            t = r.choice(FLOATS)
            a, b = self.value(env, t, indent), self.value(env, t, indent)
            v = self.fresh()
            self.emit(f"{v} = arith.cmpf {r.choice(CMPF)}, {a}, {b} : {t}", indent)
            env.append((v, "i1"))
        elif k < 0.86:
            s, d, name = r.choice(CASTS)
            a = self.value(env, s, indent)
            v = self.fresh()
            self.emit(f"{v} = arith.{name} {a} : {s} to {d}", indent)
            env.append((v, d))
        elif k < 0.92:
            t = r.choice(INTS + FLOATS)
            c = self.value(env, "i1", indent)
            a, b = self.value(env, t, indent), self.value(env, t, indent)
            v = self.fresh()
            self.emit(f"{v} = arith.select {c}, {a}, {b} : {t}", indent)
            env.append((v, t))
        else:
            t = r.choice(["i32", "f32"])
            vt = f"vector<{r.choice(['4', '2x3'])}x{t}>"
            a = self.fresh()
            lit = "1" if t == "i32" else "1.0"
            self.emit(f"{a} = arith.constant dense<{lit}> : {vt}", indent)
            v = self.fresh()
            op = "addi" if t == "i32" else "mulf"
            self.emit(f"{v} = arith.{op} {a}, {a} : {vt}", indent)
            env.append((v, vt))

    def body(self, env, indent, depth, n):
        for _ in range(n):
            if depth < 2 and self.r.random() < 0.12:
                self.scf_for(env, indent, depth)
            elif depth < 2 and self.r.random() < 0.1:
                self.scf_if(env, indent, depth)
            else:
                self.op(env, indent)

    def scf_for(self, env, indent, depth):
        lb, ub = self.value(env, "index", indent), self.value(env, "index", indent)
        st = self.fresh()
        self.emit(f"{st} = arith.constant 1 : index", indent)
        t = self.r.choice(["i32", "f64"])
        init = self.value(env, t, indent)
        res, iv, acc = self.fresh(), self.fresh(), self.fresh()
        self.emit(f"{res} = scf.for {iv} = {lb} to {ub} step {st} iter_args({acc} = {init}) "
                  f"-> ({t}) {{", indent)
        inner = env + [(iv, "index"), (acc, t)]
        self.body(inner, indent + 1, depth + 1, 3)
        y = self.value(inner, t, indent + 1)
        self.emit(f"scf.yield {y} : {t}", indent + 1)
        self.emit("}", indent)
        env.append((res, t))

    def scf_if(self, env, indent, depth):
        c = self.value(env, "i1", indent)
        t = self.r.choice(["i64", "f32"])
        res = self.fresh()
        self.emit(f"{res} = scf.if {c} -> ({t}) {{", indent)
        for part in range(2):
            inner = list(env)
            self.body(inner, indent + 1, depth + 1, 2)
            self.emit(f"scf.yield {self.value(inner, t, indent + 1)} : {t}", indent + 1)
            self.emit("} else {" if part == 0 else "}", indent)
        env.append((res, t))

    def function(self, name, callees):
        r = self.r
        args = [(f"%a{i}", r.choice(INTS + FLOATS)) for i in range(r.randint(0, 3))]
        mem = r.random() < 0.4
        if mem:
            args.append(("%m", r.choice(["memref<4x?xf32>", "memref<8xi32>", "memref<f64>"])))
        results = [r.choice(["i32", "f64", "index", "i1"]) for _ in range(r.randint(0, 2))]
        attrs = " attributes {llvm.emit_c_interface}" if r.random() < 0.2 else ""
        sig = ", ".join(f"{a}: {t}" for a, t in args)
        res = "" if not results else (" -> " + (results[0] if len(results) == 1 else
                                                 "(" + ", ".join(results) + ")"))
        self.emit(f"func.func @{name}({sig}){res}{attrs} {{", 1)
        env = [(a, t) for a, t in args if not t.startswith("memref")]
        self.body(env, 2, 0, r.randint(3, 10))
        for cname, cargs, cres in callees:
            if r.random() < 0.5 and not any(t.startswith("memref") for t in cargs):
                ops = [self.value(env, t, 2) for t in cargs]
                outs = [self.fresh() for _ in cres]
                lhs = (", ".join(outs) + " = ") if outs else ""
                ft = f"({', '.join(cargs)}) -> ({', '.join(cres)})"
                self.emit(f"{lhs}func.call @{cname}({', '.join(ops)}) : {ft}", 2)
                env.extend(zip(outs, cres))
        vals = [self.value(env, t, 2) for t in results]
        self.emit(f"return {', '.join(vals)}{' : ' + ', '.join(results) if results else ''}", 2)
        self.emit("}", 1)
        return name, [t for _, t in args], results


def program(seed, functions=3):
    g = Gen(seed)
    g.emit("module {", 0)
    callees = []
    for i in range(functions):
        callees.append(g.function(f"f{i}", list(callees)))
    g.emit("}", 0)
    return "\n".join(g.lines) + "\n"


PIPELINE = ["--convert-scf-to-cf", "--convert-func-to-llvm", "--convert-arith-to-llvm",
            "--convert-math-to-llvm", "--convert-cf-to-llvm", "--reconcile-unrealized-casts"]

if __name__ == "__main__":
    import sys
    print(program(int(sys.argv[1]) if len(sys.argv) > 1 else 0))
