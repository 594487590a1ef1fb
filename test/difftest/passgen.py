"""Random runnable MLIR programs for differential tests of pyopt's passes (passtest.py).

Every program is valid and free of undefined behaviour and poison, so any correct rewrite must
keep what it prints: divisors are made positive and non-zero, shift amounts are masked, floats
are clamped (and NaN replaced) before conversion to integers, memory is only accessed in
bounds, loops have small constant trip counts. No fastmath flags, no overflow flags, no
transcendental functions (their last bit may differ between a folder and libm).

A program has private and public functions `f0..fN` (each may call earlier ones) built from
func/arith/math/index/scf/cf/memref ops, plus, by feature, affine, vector and linalg ops (the
linalg feature lives in linalggen.py); memref globals
(constant and mutable); and `main`, which calls each public function with several argument
tuples and prints every result, hashed to an i64, through `print_i64` (provided at run time by
a helper module; see passtest.py). `python passgen.py SEED [features]` prints one.
Deterministic per seed and feature set.
"""
from __future__ import annotations

import random
import sys

from linalggen import LinalgGen

INTS = ["i1", "i8", "i16", "i32", "i64", "index"]
FLOATS = ["f32", "f64"]
WIDTH = {"i1": 1, "i8": 8, "i16": 16, "i32": 32, "i64": 64, "index": 64}
FEATURES = ("vector", "affine", "linalg")

INT_BIN = ["addi", "subi", "muli", "andi", "ori", "xori", "maxsi", "minsi", "maxui", "minui"]
INT_DIV = ["divsi", "divui", "remsi", "remui", "ceildivsi", "floordivsi", "ceildivui"]
SHIFTS = ["shli", "shrui", "shrsi"]
FLOAT_BIN = ["addf", "subf", "mulf", "divf", "maximumf", "minimumf", "remf"]
FLOAT_UN = ["math.absf", "math.sqrt", "math.floor", "math.ceil", "math.round",
            "math.roundeven", "math.trunc", "arith.negf"]
INT_UN = ["math.ctlz", "math.cttz", "math.ctpop", "math.absi"]
CMPI = ["eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge"]
CMPF = ["false", "oeq", "ogt", "oge", "olt", "ole", "one", "ord", "ueq", "ugt", "uge", "ult",
        "ule", "une", "uno", "true"]
INDEX_BIN = ["add", "sub", "mul", "and", "or", "xor", "maxs", "mins", "maxu", "minu"]
INDEX_DIV = ["divs", "divu", "rems", "remu", "ceildivs", "floordivs", "ceildivu"]
INDEX_CMP = ["eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge"]
VEC = {"i32": "vector<4xi32>", "i64": "vector<2xi64>", "f32": "vector<4xf32>",
       "f64": "vector<2xf64>"}
VLEN = {"i32": 4, "i64": 2, "f32": 4, "f64": 2}
REDUCE = {"i": ["add", "mul", "minsi", "maxsi", "minui", "maxui", "and", "or", "xor"],
          "f": ["add", "mul", "minimumf", "maximumf"]}


def _int_lits(t):
    w = WIDTH[t]
    if t == "i1":
        return ["true", "false"]
    return [str(v) for v in (0, 1, 2, 3, 7, -1, -2, 42, 100, -100, (1 << (w - 1)) - 1,
                             -(1 << (w - 1)))]


FLOAT_LITS = ["0.000000e+00", "-0.000000e+00", "1.500000e+00", "-2.250000e+00", "3.000000e+00",
              "1.000000e+10", "-7.500000e-01", "0x7F800000", "0xFF800000", "0x7FC00000"]
F64_LITS = ["0.000000e+00", "-0.000000e+00", "1.500000e+00", "-2.250000e+00", "3.000000e+00",
            "1.000000e+100", "-7.500000e-01", "0x7FF0000000000000", "0xFFF0000000000000",
            "0x7FF8000000000000", "1.000000e-300"]


def float_lits(t):
    return FLOAT_LITS if t == "f32" else F64_LITS


class Scope:
    """The values visible at a point: a list of (name, type)."""

    def __init__(self, values=()):
        self.values = list(values)

    def of(self, t):
        return [v for v, vt in self.values if vt == t]

    def add(self, v, t):
        self.values.append((v, t))
        return v

    def child(self):
        return Scope(self.values)


class PassGen(LinalgGen):
    def __init__(self, seed, features=()):
        self.r = random.Random(seed)
        self.features = set(features)
        self.n = 0
        self.lines = []
        self.globals = []  # (name, memref type, constant?)
        self.lbudget = self.LINALG_BLOCKS if "linalg" in self.features else 0

    # -- text ------------------------------------------------------------------------------------
    def fresh(self, hint="v"):
        self.n += 1
        return f"%{hint}{self.n}"

    def emit(self, s, ind):
        self.lines.append("  " * ind + s)

    def op(self, ind, text, t, sc):
        """Emits `%v = text` and adds %v of type t to the scope."""
        v = self.fresh()
        self.emit(f"{v} = {text}", ind)
        return sc.add(v, t)

    # -- leaves ----------------------------------------------------------------------------------
    def const(self, t, ind, sc, lit=None):
        r = self.r
        if t in FLOATS:
            return self.op(ind, f"arith.constant {lit or r.choice(float_lits(t))} : {t}", t, sc)
        if t == "i1":
            return self.op(ind, f"arith.constant {lit or r.choice(['true', 'false'])}", t, sc)
        if t in VEC.values():
            et = t[t.index("x") + 1:-1]
            lit = r.choice(float_lits(et)[:7]) if et in FLOATS else r.choice(_int_lits(et))
            return self.op(ind, f"arith.constant dense<{lit}> : {t}", t, sc)
        return self.op(ind, f"arith.constant {lit or r.choice(_int_lits(t))} : {t}", t, sc)

    def val(self, t, ind, sc):
        c = sc.of(t)
        if c and self.r.random() < 0.85:
            return self.r.choice(c)
        return self.const(t, ind, sc)

    def small_index(self, ind, sc, n):
        """An index value in [0, n): a scope value reduced modulo n (unsigned)."""
        r = self.r
        if r.random() < 0.4:
            return self.op(ind, f"arith.constant {r.randrange(n)} : index", "index", sc)
        x = self.val("index", ind, sc)
        m = self.op(ind, f"arith.constant {n} : index", "index", sc)
        return self.op(ind, f"arith.remui {x}, {m} : index", "index", sc)

    def safe_divisor(self, t, ind, sc):
        """A positive, non-zero value of integer type t (no division by zero or overflow)."""
        d = self.val(t, ind, sc)
        mask = (1 << (WIDTH[t] - 2)) - 1
        m = self.op(ind, f"arith.constant {mask} : {t}", t, sc)
        a = self.op(ind, f"arith.andi {d}, {m} : {t}", t, sc)
        one = self.op(ind, f"arith.constant 1 : {t}", t, sc)
        return self.op(ind, f"arith.ori {a}, {one} : {t}", t, sc)

    def clamp_float(self, x, t, lo, hi, ind, sc):
        """x with NaN replaced by 0 and clamped into [lo, hi] (exactly representable)."""
        nan = self.op(ind, f"arith.cmpf uno, {x}, {x} : {t}", "i1", sc)
        z = self.const(t, ind, sc, "0.000000e+00")
        s = self.op(ind, f"arith.select {nan}, {z}, {x} : {t}", t, sc)
        lo_c = self.const(t, ind, sc, lo)
        hi_c = self.const(t, ind, sc, hi)
        a = self.op(ind, f"arith.maximumf {s}, {lo_c} : {t}", t, sc)
        return self.op(ind, f"arith.minimumf {a}, {hi_c} : {t}", t, sc)

    # -- straight-line ops -----------------------------------------------------------------------
    def scalar_op(self, ind, sc):
        r = self.r
        k = r.random()
        if k < 0.22:
            t = r.choice(INTS)
            a, b = self.val(t, ind, sc), self.val(t, ind, sc)
            self.op(ind, f"arith.{r.choice(INT_BIN)} {a}, {b} : {t}", t, sc)
        elif k < 0.30:
            t = r.choice(INTS[1:])
            a, d = self.val(t, ind, sc), self.safe_divisor(t, ind, sc)
            self.op(ind, f"arith.{r.choice(INT_DIV)} {a}, {d} : {t}", t, sc)
        elif k < 0.36:
            t = r.choice(INTS[1:])
            a, b = self.val(t, ind, sc), self.val(t, ind, sc)
            m = self.op(ind, f"arith.constant {WIDTH[t] - 1} : {t}", t, sc)
            s = self.op(ind, f"arith.andi {b}, {m} : {t}", t, sc)
            self.op(ind, f"arith.{r.choice(SHIFTS)} {a}, {s} : {t}", t, sc)
        elif k < 0.50:
            t = r.choice(FLOATS)
            a, b = self.val(t, ind, sc), self.val(t, ind, sc)
            self.op(ind, f"arith.{r.choice(FLOAT_BIN)} {a}, {b} : {t}", t, sc)
        elif k < 0.55:
            t = r.choice(FLOATS)
            f = r.choice(FLOAT_UN + ["math.fma", "math.copysign"])
            if f == "math.fma":
                a, b, c = (self.val(t, ind, sc) for _ in range(3))
                self.op(ind, f"math.fma {a}, {b}, {c} : {t}", t, sc)
            elif f == "math.copysign":
                a, b = self.val(t, ind, sc), self.val(t, ind, sc)
                self.op(ind, f"math.copysign {a}, {b} : {t}", t, sc)
            else:
                self.op(ind, f"{f} {self.val(t, ind, sc)} : {t}", t, sc)
        elif k < 0.58:
            t = r.choice(["i8", "i16", "i32", "i64"])
            self.op(ind, f"{r.choice(INT_UN)} {self.val(t, ind, sc)} : {t}", t, sc)
        elif k < 0.66:
            t = r.choice(INTS)
            a, b = self.val(t, ind, sc), self.val(t, ind, sc)
            self.op(ind, f"arith.cmpi {r.choice(CMPI)}, {a}, {b} : {t}", "i1", sc)
        elif k < 0.70:
            t = r.choice(FLOATS)
            a, b = self.val(t, ind, sc), self.val(t, ind, sc)
            self.op(ind, f"arith.cmpf {r.choice(CMPF)}, {a}, {b} : {t}", "i1", sc)
        elif k < 0.76:
            t = r.choice(INTS + FLOATS)
            c = self.val("i1", ind, sc)
            a, b = self.val(t, ind, sc), self.val(t, ind, sc)
            self.op(ind, f"arith.select {c}, {a}, {b} : {t}", t, sc)
        elif k < 0.88:
            self.cast(ind, sc)
        else:
            self.index_op(ind, sc)

    def cast(self, ind, sc):
        r = self.r
        k = r.randrange(8)
        if k == 0:  # integer widening/narrowing
            a, b = r.sample(["i1", "i8", "i16", "i32", "i64"], 2)
            x = self.val(a, ind, sc)
            if WIDTH[a] < WIDTH[b]:
                self.op(ind, f"arith.{r.choice(['extsi', 'extui'])} {x} : {a} to {b}", b, sc)
            else:
                self.op(ind, f"arith.trunci {x} : {a} to {b}", b, sc)
        elif k == 1:
            t = r.choice(["i8", "i32", "i64"])
            if r.random() < 0.5:
                x = self.val(t, ind, sc)
                self.op(ind, f"arith.{r.choice(['index_cast', 'index_castui'])} {x} : {t} to index",
                        "index", sc)
            else:
                x = self.val("index", ind, sc)
                self.op(ind, f"arith.{r.choice(['index_cast', 'index_castui'])} {x} : index to {t}",
                        t, sc)
        elif k == 2:
            a, f = r.choice(["i8", "i16", "i32", "i64"]), r.choice(FLOATS)
            x = self.val(a, ind, sc)
            self.op(ind, f"arith.{r.choice(['sitofp', 'uitofp'])} {x} : {a} to {f}", f, sc)
        elif k == 3:  # float to int, made safe
            f, a = r.choice(FLOATS), r.choice(["i8", "i16", "i32", "i64"])
            x = self.val(f, ind, sc)
            signed = r.random() < 0.5
            hi = {"i8": "1.000000e+02", "i16": "3.000000e+04"}.get(a, "1.000000e+09")
            lo = ("-" + hi) if signed else "0.000000e+00"
            c = self.clamp_float(x, f, lo, hi, ind, sc)
            self.op(ind, f"arith.{'fptosi' if signed else 'fptoui'} {c} : {f} to {a}", a, sc)
        elif k == 4:
            a, b = r.choice([("i32", "f32"), ("i64", "f64"), ("f32", "i32"), ("f64", "i64")])
            if a in FLOATS:  # a NaN's bits are not portable: bitcast only non-NaN floats
                x = self.clamp_float(self.val(a, ind, sc), a, "-1.000000e+30", "1.000000e+30",
                                     ind, sc)
            else:
                x = self.val(a, ind, sc)
            self.op(ind, f"arith.bitcast {x} : {a} to {b}", b, sc)
        elif k == 5:
            x = self.val("f32", ind, sc)
            self.op(ind, f"arith.extf {x} : f32 to f64", "f64", sc)
        elif k == 6:
            x = self.val("f64", ind, sc)
            self.op(ind, f"arith.truncf {x} : f64 to f32", "f32", sc)
        else:
            self.op(ind, f"arith.constant {r.randrange(-5, 50)} : index", "index", sc)

    def index_op(self, ind, sc):
        r = self.r
        k = r.random()
        a = self.val("index", ind, sc)
        if k < 0.4:
            b = self.val("index", ind, sc)
            self.op(ind, f"index.{r.choice(INDEX_BIN)} {a}, {b}", "index", sc)
        elif k < 0.55:
            b = self.val("index", ind, sc)
            m = self.op(ind, f"index.constant {r.choice([15, 63, 0x3F])}", "index", sc)
            s = self.op(ind, f"index.and {b}, {m}", "index", sc)
            self.op(ind, f"index.{r.choice(['shl', 'shrs', 'shru'])} {a}, {s}", "index", sc)
        elif k < 0.7:
            b = self.val("index", ind, sc)
            m = self.op(ind, "index.constant 1023", "index", sc)
            one = self.op(ind, "index.constant 1", "index", sc)
            d0 = self.op(ind, f"index.and {b}, {m}", "index", sc)
            d = self.op(ind, f"index.or {d0}, {one}", "index", sc)
            self.op(ind, f"index.{r.choice(INDEX_DIV)} {a}, {d}", "index", sc)
        elif k < 0.85:
            b = self.val("index", ind, sc)
            self.op(ind, f"index.cmp {r.choice(INDEX_CMP)}({a}, {b})", "i1", sc)
        else:
            t = r.choice(["i32", "i64"])
            kind = r.choice(["casts", "castu"])
            if r.random() < 0.5:
                self.op(ind, f"index.{kind} {a} : index to {t}", t, sc)
            else:
                x = self.val(t, ind, sc)
                self.op(ind, f"index.{kind} {x} : {t} to index", "index", sc)

    # -- memory ----------------------------------------------------------------------------------
    def memref_op(self, ind, sc):
        r = self.r
        k = r.random()
        if k < 0.35 and self.globals:
            name, mt, is_const = r.choice(self.globals)
            g = self.op(ind, f"memref.get_global @{name} : {mt}", mt, sc)
            et = mt[mt.rindex("x") + 1:-1]
            n = int(mt[len("memref<"):mt.rindex("x")])
            i = self.small_index(ind, sc, n)
            self.op(ind, f"memref.load {g}[{i}] : {mt}", et, sc)
            if not is_const and r.random() < 0.6:
                j = self.small_index(ind, sc, n)
                self.emit(f"memref.store {self.val(et, ind, sc)}, {g}[{j}] : {mt}", ind)
            return
        et = r.choice(["i32", "i64", "f32", "f64", "index"])
        shape = r.choice([[8], [4, 4], [2, 3]])
        mt = f"memref<{'x'.join(map(str, shape))}x{et}>"
        kind = r.choice(["alloca", "alloca", "alloc"])
        m = self.op(ind, f"memref.{kind}() : {mt}", mt, sc)
        # initialise every element: loads then never read uninitialised memory
        zero = self.val(et, ind, sc)
        for flat in range(_prod(shape)):
            idx = _unflatten(flat, shape)
            cs = [self.op(ind, f"arith.constant {x} : index", "index", sc) for x in idx]
            self.emit(f"memref.store {zero}, {m}[{', '.join(cs)}] : {mt}", ind)
        for _ in range(r.randint(1, 3)):
            ix = [self.small_index(ind, sc, d) for d in shape]
            self.emit(f"memref.store {self.val(et, ind, sc)}, {m}[{', '.join(ix)}] : {mt}", ind)
        ix = [self.small_index(ind, sc, d) for d in shape]
        self.op(ind, f"memref.load {m}[{', '.join(ix)}] : {mt}", et, sc)
        if len(shape) == 2 and r.random() < 0.5:  # a strided view into the buffer
            sv = f"memref<{shape[1]}x{et}, strided<[1], offset: ?>>"
            row = self.small_index(ind, sc, shape[0])
            v = self.op(ind, f"memref.subview {m}[{row}, 0] [1, {shape[1]}] [1, 1] : {mt} to "
                             f"{sv}", sv, sc)
            j = self.small_index(ind, sc, shape[1])
            self.op(ind, f"memref.load {v}[{j}] : {sv}", et, sc)
        if "affine" in self.features and r.random() < 0.5:
            self.affine_on(m, mt, shape, et, ind, sc)
        if "vector" in self.features and len(shape) == 1 and et in VEC and r.random() < 0.6:
            vt = VEC[et]
            i = self.small_index(ind, sc, shape[0] - VLEN[et] + 1)
            v = self.op(ind, f"vector.load {m}[{i}] : {mt}, {vt}", vt, sc)
            j = self.small_index(ind, sc, shape[0] - VLEN[et] + 1)
            self.emit(f"vector.store {self.val(vt, ind, sc)}, {m}[{j}] : {mt}, {vt}", ind)
            del v
        if kind == "alloc":
            x = self.op(ind, f"memref.load {m}[{', '.join('%c0_i' for _ in shape)}] : {mt}",
                        et, sc)
            del x
            self.emit(f"memref.dealloc {m} : {mt}", ind)
            sc.values = [(v, t) for v, t in sc.values if v != m]

    def affine_on(self, m, mt, shape, et, ind, sc):
        r = self.r
        if len(shape) == 1:
            n = shape[0]
            acc = self.val(et, ind, sc) if et not in FLOATS else None
            iv = self.fresh("i")
            if acc is not None and et != "index":
                res, a = self.fresh(), self.fresh("acc")
                self.emit(f"{res} = affine.for {iv} = 0 to {n - 1} iter_args({a} = {acc}) -> "
                          f"({et}) {{", ind)
                x = self.fresh()
                self.emit(f"{x} = affine.load {m}[{iv} + 1] : {mt}", ind + 1)
                s = self.fresh()
                self.emit(f"{s} = arith.{r.choice(['addi', 'xori', 'maxsi'])} {a}, {x} : {et}",
                          ind + 1)
                self.emit(f"affine.store {s}, {m}[{iv}] : {mt}", ind + 1)
                self.emit(f"affine.yield {s} : {et}", ind + 1)
                self.emit("}", ind)
                sc.add(res, et)
            else:
                self.emit(f"affine.for {iv} = 0 to {n} step {r.choice([1, 2, 3])} {{", ind + 0)
                x = self.fresh()
                self.emit(f"{x} = affine.load {m}[({n - 1} - {iv})] : {mt}", ind + 1)
                self.emit(f"affine.if affine_set<(d0) : (d0 - 3 >= 0)>({iv}) {{", ind + 1)
                self.emit(f"affine.store {x}, {m}[{iv}] : {mt}", ind + 2)
                self.emit("}", ind + 1)
                self.emit("}", ind)
        else:
            a, b = shape
            i, j = self.fresh("i"), self.fresh("j")
            self.emit(f"affine.for {i} = 0 to {a} {{", ind)
            self.emit(f"affine.for {j} = 0 to {b} {{", ind + 1)
            k = self.fresh()
            self.emit(f"{k} = affine.apply affine_map<(d0, d1) -> ((d0 * 5 + d1 * 3) mod {b})>"
                      f"({i}, {j})", ind + 2)
            x = self.fresh()
            self.emit(f"{x} = affine.load {m}[{i}, {k}] : {mt}", ind + 2)
            self.emit(f"affine.store {x}, {m}[{i}, {j}] : {mt}", ind + 2)
            self.emit("}", ind + 1)
            self.emit("}", ind)
            x = self.val("index", ind, sc)
            self.op(ind, f"affine.min affine_map<(d0) -> (d0, {b + 2})>({x})", "index", sc)
            y = self.val("index", ind, sc)
            self.op(ind, f"affine.max affine_map<(d0, d1) -> (d0 - 3, d1 floordiv 2, 0)>"
                         f"({x}, {y})", "index", sc)

    def vector_op(self, ind, sc):
        r = self.r
        et = r.choice(list(VEC))
        vt, n = VEC[et], VLEN[et]
        ints = et.startswith("i")
        vs = sc.of(vt)
        if vs and r.random() < 0.6:
            a = r.choice(vs)
        elif r.random() < 0.5:
            a = self.op(ind, f"vector.broadcast {self.val(et, ind, sc)} : {et} to {vt}", vt, sc)
        else:  # element by element
            a = self.op(ind, f"vector.broadcast {self.val(et, ind, sc)} : {et} to {vt}", vt, sc)
            for i in range(1, n):
                a = self.op(ind, f"vector.insert {self.val(et, ind, sc)}, {a} [{i}] : {et} into "
                                 f"{vt}", vt, sc)
        k = r.random()
        if k < 0.2:
            kind = r.choice(REDUCE["i" if ints else "f"])
            self.op(ind, f"vector.reduction <{kind}>, {a} : {vt} into {et}", et, sc)
        elif k < 0.35:
            self.op(ind, f"vector.extract {a}[{r.randrange(n)}] : {et} from {vt}", et, sc)
        elif k < 0.45:
            s = self.val(et, ind, sc)
            self.op(ind, f"vector.insert {s}, {a} [{r.randrange(n)}] : {et} into {vt}", vt, sc)
        elif k < 0.65:
            b = self.val(vt, ind, sc)
            if ints:
                op = r.choice(["addi", "subi", "muli", "andi", "xori", "maxsi", "minui"])
            else:
                op = r.choice(["addf", "subf", "mulf", "divf", "maximumf", "minimumf"])
            self.op(ind, f"arith.{op} {a}, {b} : {vt}", vt, sc)
        elif k < 0.75:
            b = self.val(vt, ind, sc)
            mask = [r.randrange(2 * n) for _ in range(n)]
            self.op(ind, f"vector.shuffle {a}, {b} [{', '.join(map(str, mask))}] : {vt}, {vt}",
                    vt, sc)
        elif k < 0.85:
            b = self.val(vt, ind, sc)
            ct = f"vector<{n}xi1>"
            pred = r.choice(CMPI if ints else CMPF[1:-1])
            c = self.op(ind, f"arith.{'cmpi' if ints else 'cmpf'} {pred}, {a}, {b} : {vt}", ct, sc)
            self.op(ind, f"arith.select {c}, {a}, {b} : {ct}, {vt}", vt, sc)
        elif not ints:
            b, c = self.val(vt, ind, sc), self.val(vt, ind, sc)
            self.op(ind, f"vector.fma {a}, {b}, {c} : {vt}", vt, sc)
        else:
            i = self.op(ind, f"arith.constant {r.randrange(n)} : i32", "i32", sc)
            self.op(ind, f"vector.extractelement {a}[{i} : i32] : {vt}", et, sc)

    # -- control flow ----------------------------------------------------------------------------
    def straight(self, ind, sc, n, depth):
        r = self.r
        for _ in range(n):
            if self.lbudget > 0 and r.random() < 0.1:
                self.linalg_block(ind, sc)
                continue
            k = r.random()
            if depth < 2 and k < 0.07:
                self.scf_for(ind, sc, depth)
            elif depth < 2 and k < 0.12:
                self.scf_if(ind, sc, depth)
            elif depth < 2 and k < 0.14:
                self.scf_while(ind, sc, depth)
            elif depth < 2 and k < 0.16:
                self.scf_index_switch(ind, sc, depth)
            elif depth < 2 and k < 0.18:
                self.execute_region(ind, sc, depth)
            elif k < 0.25:
                self.memref_op(ind, sc)
            elif "vector" in self.features and k < 0.35:
                self.vector_op(ind, sc)
            elif k < 0.30 and self.callees:
                self.call(ind, sc)
            else:
                self.scalar_op(ind, sc)

    def yield_vals(self, types, ind, sc):
        return [self.val(t, ind, sc) for t in types]

    def res_types(self, k=None):
        r = self.r
        return [r.choice(INTS + FLOATS) for _ in range(r.randint(1, 2) if k is None else k)]

    def scf_for(self, ind, sc, depth):
        r = self.r
        lb = self.op(ind, f"arith.constant {r.randrange(3)} : index", "index", sc)
        ub = self.small_index(ind, sc, 7) if r.random() < 0.5 else \
            self.op(ind, f"arith.constant {r.randrange(8)} : index", "index", sc)
        st = self.op(ind, f"arith.constant {r.choice([1, 1, 2, 3])} : index", "index", sc)
        types = self.res_types()
        inits = self.yield_vals(types, ind, sc)
        iv = self.fresh("i")
        accs = [self.fresh("acc") for _ in types]
        res = [self.fresh() for _ in types]
        ta = ", ".join(types)
        iters = ", ".join(f"{a} = {i}" for a, i in zip(accs, inits))
        self.emit(f"{', '.join(res)} = scf.for {iv} = {lb} to {ub} step {st} iter_args({iters}) "
                  f"-> ({ta}) {{", ind)
        inner = sc.child()
        inner.add(iv, "index")
        for a, t in zip(accs, types):
            inner.add(a, t)
        self.straight(ind + 1, inner, r.randint(2, 5), depth + 1)
        self.emit(f"scf.yield {', '.join(self.yield_vals(types, ind + 1, inner))} : {ta}", ind + 1)
        self.emit("}", ind)
        for v, t in zip(res, types):
            sc.add(v, t)

    def scf_if(self, ind, sc, depth):
        c = self.val("i1", ind, sc)
        types = self.res_types(self.r.randint(0, 2))
        res = [self.fresh() for _ in types]
        ta = ", ".join(types)
        head = f"{', '.join(res)} = " if res else ""
        self.emit(f"{head}scf.if {c}{' -> (' + ta + ')' if types else ''} {{", ind)
        for part in range(2):
            inner = sc.child()
            self.straight(ind + 1, inner, self.r.randint(1, 4), depth + 1)
            if types:
                self.emit(f"scf.yield {', '.join(self.yield_vals(types, ind + 1, inner))} : {ta}",
                          ind + 1)
            self.emit("} else {" if part == 0 else "}", ind)
        for v, t in zip(res, types):
            sc.add(v, t)

    def scf_while(self, ind, sc, depth):
        r = self.r
        n = self.small_index(ind, sc, 6)
        t = r.choice(["i32", "i64", "f64"])
        init = self.val(t, ind, sc)
        zero = self.op(ind, "arith.constant 0 : index", "index", sc)
        res_i, res_v = self.fresh(), self.fresh()
        i0, a0, i1, a1 = self.fresh("i"), self.fresh("a"), self.fresh("i"), self.fresh("a")
        self.emit(f"{res_i}, {res_v} = scf.while ({i0} = {zero}, {a0} = {init}) : (index, {t}) "
                  f"-> (index, {t}) {{", ind)
        cond = self.fresh()
        self.emit(f"{cond} = arith.cmpi ult, {i0}, {n} : index", ind + 1)
        self.emit(f"scf.condition({cond}) {i0}, {a0} : index, {t}", ind + 1)
        self.emit(f"}} do {{", ind)
        self.emit(f"^bb0({i1}: index, {a1}: {t}):", ind)
        inner = sc.child()
        inner.add(i1, "index")
        inner.add(a1, t)
        self.straight(ind + 1, inner, r.randint(1, 4), depth + 1)
        one = self.op(ind + 1, "arith.constant 1 : index", "index", inner)
        nx = self.op(ind + 1, f"arith.addi {i1}, {one} : index", "index", inner)
        self.emit(f"scf.yield {nx}, {self.val(t, ind + 1, inner)} : index, {t}", ind + 1)
        self.emit("}", ind)
        sc.add(res_i, "index")
        sc.add(res_v, t)

    def scf_index_switch(self, ind, sc, depth):
        r = self.r
        x = self.small_index(ind, sc, 5)
        types = self.res_types(1)
        ta = ", ".join(types)
        res = self.fresh()
        cases = sorted(r.sample(range(5), r.randint(1, 3)))
        self.emit(f"{res} = scf.index_switch {x} -> {ta}", ind)
        for c in cases + [None]:
            self.emit(f"case {c} {{" if c is not None else "default {", ind)
            inner = sc.child()
            self.straight(ind + 1, inner, r.randint(0, 3), depth + 1)
            self.emit(f"scf.yield {', '.join(self.yield_vals(types, ind + 1, inner))} : {ta}",
                      ind + 1)
            self.emit("}", ind)
        sc.add(res, types[0])

    def execute_region(self, ind, sc, depth):
        """scf.execute_region holding a small CFG (cf branches inside a region)."""
        t = self.r.choice(INTS + FLOATS)
        res = self.fresh()
        self.emit(f"{res} = scf.execute_region -> {t} {{", ind)
        inner = sc.child()
        self.cfg(ind + 1, inner, t, lambda v: f"scf.yield {v} : {t}", depth + 1, 2)
        self.emit("}", ind)
        sc.add(res, t)

    def cfg(self, ind, sc, ret_t, ret, depth, budget):
        """A CFG of a few blocks ending in `ret(value)`: a diamond (cond_br), a switch with
        block arguments, or a counted loop through a header block."""
        r = self.r
        self.straight(ind, sc, r.randint(1, 4), depth)
        kind = r.choice(["cond", "switch", "loop", "plain"]) if budget > 0 else "plain"
        if kind == "plain":
            self.emit(ret(self.val(ret_t, ind, sc)), ind)
            return
        b = self.n = self.n + 1
        join_t = [r.choice(INTS + FLOATS) for _ in range(r.randint(0, 2))]
        join = f"^join{b}"
        jargs = [self.fresh("j") for _ in join_t]
        if kind == "cond":
            c = self.val("i1", ind, sc)
            ops1 = self.yield_vals(join_t, ind, sc)
            self.emit(f"cf.cond_br {c}, ^t{b}, {join}{_fwd(ops1, join_t)}", ind)
            self.emit(f"^t{b}:", ind - 1)
            inner = sc.child()
            self.straight(ind, inner, r.randint(1, 4), depth)
            self.emit(f"cf.br {join}{_fwd(self.yield_vals(join_t, ind, inner), join_t)}", ind)
        elif kind == "switch":
            ft = r.choice(["i8", "i16", "i32", "index"][:3])
            flag = self.val(ft, ind, sc)
            ncase = r.randint(1, 4)
            vals = sorted(r.sample(range(-2, 6), ncase))
            targets = []
            extra = []
            for i in range(ncase):
                if r.random() < 0.5:
                    targets.append((join, self.yield_vals(join_t, ind, sc), join_t))
                else:
                    et = r.choice(INTS + FLOATS)
                    targets.append((f"^c{b}_{i}", [self.val(et, ind, sc)], [et]))
                    extra.append((i, et))
            default = (join, self.yield_vals(join_t, ind, sc), join_t)
            cases = ", ".join(f"{v}: {d}{_fwd(ops, ts)}" for v, (d, ops, ts) in zip(vals, targets))
            self.emit(f"cf.switch {flag} : {ft}, [default: {default[0]}{_fwd(default[1], join_t)}"
                      f", {cases}]", ind)
            for i, et in extra:
                a = self.fresh("x")
                self.emit(f"^c{b}_{i}({a}: {et}):", ind - 1)
                inner = sc.child()
                inner.add(a, et)
                self.straight(ind, inner, r.randint(0, 3), depth)
                self.emit(f"cf.br {join}{_fwd(self.yield_vals(join_t, ind, inner), join_t)}", ind)
        else:  # loop: ^head(i, acc...) -> ^body -> ^head, exit to join with acc
            n = self.small_index(ind, sc, 5)
            zero = self.op(ind, "arith.constant 0 : index", "index", sc)
            inits = self.yield_vals(join_t, ind, sc)
            self.emit(f"cf.br ^h{b}{_fwd([zero] + inits, ['index'] + join_t)}", ind)
            hi = self.fresh("i")
            haccs = [self.fresh("h") for _ in join_t]
            sig = ", ".join(f"{a}: {t}" for a, t in zip([hi] + haccs, ["index"] + join_t))
            self.emit(f"^h{b}({sig}):", ind - 1)
            hs = sc.child()
            hs.add(hi, "index")
            for a, t in zip(haccs, join_t):
                hs.add(a, t)
            c = self.fresh()
            self.emit(f"{c} = arith.cmpi slt, {hi}, {n} : index", ind)
            self.emit(f"cf.cond_br {c}, ^body{b}, {join}{_fwd(haccs, join_t)}", ind)
            self.emit(f"^body{b}:", ind - 1)
            inner = hs.child()
            self.straight(ind, inner, r.randint(1, 4), depth)
            one = self.op(ind, "arith.constant 1 : index", "index", inner)
            nx = self.op(ind, f"arith.addi {hi}, {one} : index", "index", inner)
            self.emit(f"cf.br ^h{b}{_fwd([nx] + self.yield_vals(join_t, ind, inner), ['index'] + join_t)}",
                      ind)
        self.emit(f"{join}({', '.join(f'{a}: {t}' for a, t in zip(jargs, join_t))}):"
                  if join_t else f"{join}:", ind - 1)
        for a, t in zip(jargs, join_t):
            sc.add(a, t)
        self.cfg(ind, sc, ret_t, ret, depth, budget - 1)

    # -- functions -------------------------------------------------------------------------------
    def call(self, ind, sc):
        name, args, res = self.r.choice(self.callees)
        ops = [self.val(t, ind, sc) for t in args]
        outs = [self.fresh() for _ in res]
        lhs = (", ".join(outs) + " = ") if outs else ""
        self.emit(f"{lhs}func.call @{name}({', '.join(ops)}) : ({', '.join(args)}) -> "
                  f"({', '.join(res)})", ind)
        for v, t in zip(outs, res):
            sc.add(v, t)

    def function(self, name, private):
        r = self.r
        args = [r.choice(INTS + FLOATS) for _ in range(r.randint(1, 4))]
        results = self.res_types(r.randint(1, 3))
        names = [f"%arg{i}" for i in range(len(args))]
        sig = ", ".join(f"{a}: {t}" for a, t in zip(names, args))
        vis = "private " if private else ""
        self.emit(f"func.func {vis}@{name}({sig}) -> ({', '.join(results)}) {{", 0)
        sc = Scope(zip(names, args))
        self.emit("%c0_i = arith.constant 0 : index", 1)
        if self.lbudget > 0 and r.random() < 0.6:
            self.linalg_block(1, sc)
        if len(results) == 1:
            t = results[0]
            self.cfg(1, sc, t, lambda v: f"return {v} : {t}", 0, r.randint(0, 3))
        else:
            self.straight(1, sc, r.randint(3, 12), 0)
            vals = self.yield_vals(results, 1, sc)
            self.emit(f"return {', '.join(vals)} : {', '.join(results)}", 1)
        self.emit("}", 0)
        return name, args, results

    def global_decl(self, i):
        r = self.r
        et = r.choice(["i32", "i64", "f32", "f64"])
        n = r.choice([4, 8, 16])
        mt = f"memref<{n}x{et}>"
        is_const = r.random() < 0.4
        if et in FLOATS:
            elems = [r.choice(float_lits(et)[:7]) for _ in range(n)]
        else:
            elems = [r.choice(_int_lits(et)) for _ in range(n)]
        init = f"dense<{elems[0]}>" if r.random() < 0.3 else f"dense<[{', '.join(elems)}]>"
        kw = "constant " if is_const else ""
        self.emit(f"memref.global \"private\" {kw}@g{i} : {mt} = {init}", 0)
        self.globals.append((f"g{i}", mt, is_const))

    def program(self, functions=4):
        r = self.r
        self.emit("func.func private @print_i64(i64)", 0)
        if "linalg" in self.features:  # the linalg blocks' checksums, printed by main
            self.emit('memref.global "private" @lacc : memref<1xi64> = dense<0>', 0)
        for i in range(r.randint(0, 2)):
            self.global_decl(i)
        self.callees = []
        public = []
        if "linalg" in self.features:  # fewer, linalg-heavy functions: programs stay fast
            functions = min(functions, 2)
        for i in range(functions):
            private = r.random() < 0.35
            f = self.function(f"f{i}", private)
            self.callees.append(f)
            if not private:
                public.append(f)
        if r.random() < 0.5:  # an unused private function: symbol-dce's business
            self.callees, saved = [], self.callees
            self.function("dead", True)
            self.callees = saved
        self.main(public or self.callees[-1:])
        return "\n".join(self.lines) + "\n"

    def main(self, funcs):
        r = self.r
        self.emit("func.func @main() -> i32 {", 0)
        sc = Scope()
        for name, args, res in funcs:
            for _ in range(r.randint(2, 3)):
                ops = [self.const(t, 1, sc) for t in args]
                outs = [self.fresh() for _ in res]
                self.emit(f"{', '.join(outs)} = func.call @{name}({', '.join(ops)}) : "
                          f"({', '.join(args)}) -> ({', '.join(res)})", 1)
                for v, t in zip(outs, res):
                    self.emit(f"func.call @print_i64({self.hash(v, t, sc)}) : (i64) -> ()", 1)
                if "linalg" in self.features:
                    g = self.op(1, "memref.get_global @lacc : memref<1xi64>", "memref<1xi64>", sc)
                    z = self.op(1, "arith.constant 0 : index", "index", sc)
                    x = self.op(1, f"memref.load {g}[{z}] : memref<1xi64>", "i64", sc)
                    self.emit(f"func.call @print_i64({x}) : (i64) -> ()", 1)
        self.emit("%ok = arith.constant 0 : i32", 1)
        self.emit("return %ok : i32", 1)
        self.emit("}", 0)

    def hash(self, v, t, sc):
        """v as an i64 that does not depend on unspecified bits (NaN payloads, the sign of a
        zero result)."""
        if t == "i64":
            return v
        if t == "index":
            return self.op(1, f"arith.index_castui {v} : index to i64", "i64", sc)
        if t in ("i1", "i8", "i16", "i32"):
            return self.op(1, f"arith.extui {v} : {t} to i64", "i64", sc)
        it = "i32" if t == "f32" else "i64"
        nan = self.op(1, f"arith.cmpf uno, {v}, {v} : {t}", "i1", sc)
        z = self.const(t, 1, sc, "0.000000e+00")
        pz = self.op(1, f"arith.addf {v}, {z} : {t}", t, sc)
        marker = self.const(t, 1, sc, "1.234500e+04")
        s = self.op(1, f"arith.select {nan}, {marker}, {pz} : {t}", t, sc)
        b = self.op(1, f"arith.bitcast {s} : {t} to {it}", it, sc)
        return b if it == "i64" else self.op(1, f"arith.extui {b} : i32 to i64", "i64", sc)


def _fwd(ops, types):
    return f"({', '.join(ops)} : {', '.join(types)})" if ops else ""


def _prod(xs):
    p = 1
    for x in xs:
        p *= x
    return p


def _unflatten(flat, shape):
    out = []
    for d in reversed(shape):
        out.append(flat % d)
        flat //= d
    return list(reversed(out))


def program(seed, features=()):
    return PassGen(seed, features).program()


if __name__ == "__main__":
    seed = int(sys.argv[1]) if len(sys.argv) > 1 else 0
    feats = sys.argv[2].split(",") if len(sys.argv) > 2 and sys.argv[2] else ()
    sys.stdout.write(program(seed, feats))
