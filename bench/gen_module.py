"""Deterministic generator of synthetic MLIR modules for the parse/verify/print benchmark.

    python bench/gen_module.py --ops 100000 -o /tmp/m.mlir
    python bench/gen_module.py --ops 2000 --dialects func,arith,scf --seed 7

The module holds functions of roughly `--ops-per-func` ops each that mix func (calls between
the generated functions, call_indirect, return), builtin casts, arith (constants, integer and
float arithmetic, cmpi/cmpf, select, index_cast), memref (alloc/load/store/dealloc, the odd
subview), scf (for with iter_args, if/else with yields, nested) and cf (cond_br/br diamonds
between blocks with block arguments). Values are drawn with a bias toward recent definitions,
so most values are used several times, as in real IR.

Every kind of op is emitted only when its dialect is selected (`--dialects`, default `auto` =
every dialect pyopt has registered) and, unless `--no-filter`, only when pyopt registers all
the ops it needs: the generator works with whatever subset of the dialects exists today.
Everything it writes is accepted by mlir-opt 19.
"""
from __future__ import annotations

import argparse
import random
import sys

ALL_DIALECTS = ("func", "builtin", "arith", "memref", "scf", "cf")

INT_TYPES = ("i32", "i64", "index")
FLOAT_TYPES = ("f32", "f64")
# memref types the generator allocates: type -> (shape, element type); "?" = dynamic dim.
MEMREF_TYPES = {
    "memref<16xf32>": ((16,), "f32"),
    "memref<8x8xi32>": ((8, 8), "i32"),
    "memref<?xf32>": (("?",), "f32"),
    "memref<4x?xf64>": ((4, "?"), "f64"),
}
SUBVIEW = ("memref<16xf32>", "memref.subview {m}[4] [8] [1] : memref<16xf32> to {t}",
           "memref<8xf32, strided<[1], offset: 4>>", ((8,), "f32"))

# kind -> (dialect, ops it needs, weight)
KINDS = {
    "cast": ("builtin", ["builtin.unrealized_conversion_cast"], 2),
    "call": ("func", ["func.call"], 4),
    "call_indirect": ("func", ["func.constant", "func.call_indirect"], 1),
    "const": ("arith", ["arith.constant"], 10),
    "int_binop": ("arith", ["arith.addi", "arith.muli", "arith.subi", "arith.andi"], 14),
    "float_binop": ("arith", ["arith.addf", "arith.mulf", "arith.subf", "arith.divf"], 10),
    "cmpi": ("arith", ["arith.cmpi"], 4),
    "cmpf": ("arith", ["arith.cmpf"], 2),
    "select": ("arith", ["arith.select"], 4),
    "index_cast": ("arith", ["arith.index_cast"], 2),
    "alloc": ("memref", ["memref.alloc", "memref.dealloc"], 2),
    "load": ("memref", ["memref.load"], 6),
    "store": ("memref", ["memref.store"], 4),
    "subview": ("memref", ["memref.subview"], 0.3),
    "for": ("scf", ["scf.for", "scf.yield"], 2.5),
    "if": ("scf", ["scf.if", "scf.yield"], 2),
    "diamond": ("cf", ["cf.cond_br", "cf.br"], 1.5),
    "br": ("cf", ["cf.br"], 0.5),
}
BASE_OPS = ["builtin.module", "func.func", "func.return"]

CMPI_PREDS = ("eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge")
CMPF_PREDS = ("oeq", "one", "olt", "ole", "ogt", "oge", "ueq", "une", "ult", "uge", "ord", "uno")
FLOAT_CONSTS = ("1.000000e+00", "2.500000e-01", "-1.500000e+00", "3.14", "0.5", "1.0e10", "42.0")
MAX_DEPTH = 3  # scf nesting


def pyopt_ops():
    """Op names pyopt registers, or None when pyopt cannot be imported."""
    try:
        from pyopt.dialects import make_context
    except ImportError:
        return None
    ctx = make_context()
    ctx.load_all()  # dialects load lazily: `ops` holds only the loaded ones
    return set(ctx.ops)


def select_kinds(dialects, registered):
    """The enabled kinds: dialect selected and (when `registered` is given) all ops known."""
    out = {}
    for kind, (dialect, ops, weight) in KINDS.items():
        if dialect not in dialects:
            continue
        if registered is not None and not all(o in registered for o in ops):
            continue
        out[kind] = weight
    return out


class Scope:
    """Values visible in a block (chained to the enclosing scopes) and its allocations."""
    __slots__ = ("parent", "vals", "allocs")

    def __init__(self, parent=None):
        self.parent = parent
        self.vals = {}
        self.allocs = []

    def add(self, t, name):
        self.vals.setdefault(t, []).append(name)

    def candidates(self, t):
        out = []
        s = self
        while s is not None:
            v = s.vals.get(t)
            if v:
                out = v + out if out else list(v)
            s = s.parent
        return out


class Generator:
    def __init__(self, seed=0, kinds=None, ops_per_func=40):
        self.rng = random.Random(seed)
        self.kinds = dict(kinds if kinds is not None else
                          {k: w for k, (_, _, w) in KINDS.items()})
        if "const" not in self.kinds:
            # Without arith the casts and calls must carry the module.
            for k in ("cast", "call"):
                if k in self.kinds:
                    self.kinds[k] *= 4
        self.ops_per_func = ops_per_func
        self.lines = []
        self.count = 0
        self.funcs = []  # (name, arg types, result types)
        self.has = lambda k: k in self.kinds
        self.scalar_types = list(INT_TYPES)
        if self.has("float_binop") or self.has("load") or self.has("cast"):
            self.scalar_types += FLOAT_TYPES

    # -- output -------------------------------------------------------------------------------
    def emit(self, text, ops=1):
        self.lines.append("  " * self.indent + text)
        self.count += ops

    def fresh(self):
        n = self.next_value
        self.next_value += 1
        return "%" + str(n)

    # -- values ----------------------------------------------------------------------------------
    def pick(self, scope, t):
        """A visible value of type t (recent ones favoured), or None."""
        c = scope.candidates(t)
        if not c:
            return None
        rng = self.rng
        if len(c) > 6 and rng.random() < 0.75:
            return c[-1 - int(rng.random() ** 2 * 6)]
        return rng.choice(c)

    def need(self, scope, t):
        """A value of type t; makes a constant when none is visible and arith is there."""
        v = self.pick(scope, t)
        if v is None and self.has("const") and (t in INT_TYPES or t in FLOAT_TYPES or t == "i1"):
            v = self.constant(scope, t)
        return v

    def constant(self, scope, t, value=None):
        rng = self.rng
        name = self.fresh()
        if t == "i1":
            self.emit(f"{name} = arith.constant {rng.choice(('true', 'false'))}")
        elif t in FLOAT_TYPES:
            self.emit(f"{name} = arith.constant {rng.choice(FLOAT_CONSTS)} : {t}")
        else:
            # Index constants stay small and positive: they bound loops and index memrefs.
            v = value if value is not None else (
                rng.randrange(0, 8) if t == "index" else rng.choice((0, 1, 2, 7, 42, -1, 1024)))
            self.emit(f"{name} = arith.constant {v} : {t}")
        scope.add(t, name)
        return name

    # -- op kinds ------------------------------------------------------------------------------
    def gen_cast(self, scope):
        rng = self.rng
        src_t = rng.choice(self.scalar_types)
        v = self.pick(scope, src_t)
        if v is None:
            return False
        dst_t = rng.choice([t for t in self.scalar_types if t != src_t])
        name = self.fresh()
        self.emit(f"{name} = builtin.unrealized_conversion_cast {v} : {src_t} to {dst_t}")
        scope.add(dst_t, name)
        return True

    def _callee(self, scope):
        if not self.funcs:
            return None
        for _ in range(4):
            fn = self.funcs[self.rng.randrange(max(0, len(self.funcs) - 30), len(self.funcs))]
            args = [self.pick(scope, t) for t in fn[1]]
            if all(a is not None for a in args):
                return fn, args
        return None

    def _bind_results(self, scope, results):
        if not results:
            return ""
        name = self.fresh()
        if len(results) == 1:
            scope.add(results[0], name)
            return name + " = "
        for i, t in enumerate(results):
            scope.add(t, f"{name}#{i}")
        return f"{name}:{len(results)} = "

    def gen_call(self, scope):
        c = self._callee(scope)
        if c is None:
            return False
        (fname, ins, outs), args = c
        lhs = self._bind_results(scope, outs)
        self.emit(f"{lhs}func.call @{fname}({', '.join(args)}) : {_ftype(ins, outs)}")
        return True

    def gen_call_indirect(self, scope):
        c = self._callee(scope)
        if c is None:
            return False
        (fname, ins, outs), args = c
        ft = _ftype(ins, outs)
        f = self.fresh()
        self.emit(f"{f} = func.constant @{fname} : {ft}")
        lhs = self._bind_results(scope, outs)
        self.emit(f"{lhs}func.call_indirect {f}({', '.join(args)}) : {ft}")
        return True

    def gen_const(self, scope):
        self.constant(scope, self.rng.choice(self.scalar_types + ["i1"]))
        return True

    def gen_int_binop(self, scope):
        rng = self.rng
        t = rng.choice(INT_TYPES)
        a, b = self.need(scope, t), self.need(scope, t)
        if a is None or b is None:
            return False
        op = rng.choice(("addi", "addi", "muli", "muli", "subi", "andi"))
        name = self.fresh()
        self.emit(f"{name} = arith.{op} {a}, {b} : {t}")
        scope.add(t, name)
        return True

    def gen_float_binop(self, scope):
        rng = self.rng
        t = rng.choice(FLOAT_TYPES)
        a, b = self.need(scope, t), self.need(scope, t)
        if a is None or b is None:
            return False
        op = rng.choice(("addf", "addf", "mulf", "mulf", "subf", "divf"))
        name = self.fresh()
        self.emit(f"{name} = arith.{op} {a}, {b} : {t}")
        scope.add(t, name)
        return True

    def gen_cmpi(self, scope):
        t = self.rng.choice(INT_TYPES)
        a, b = self.need(scope, t), self.need(scope, t)
        if a is None or b is None:
            return False
        name = self.fresh()
        self.emit(f"{name} = arith.cmpi {self.rng.choice(CMPI_PREDS)}, {a}, {b} : {t}")
        scope.add("i1", name)
        return True

    def gen_cmpf(self, scope):
        t = self.rng.choice(FLOAT_TYPES)
        a, b = self.need(scope, t), self.need(scope, t)
        if a is None or b is None:
            return False
        name = self.fresh()
        self.emit(f"{name} = arith.cmpf {self.rng.choice(CMPF_PREDS)}, {a}, {b} : {t}")
        scope.add("i1", name)
        return True

    def gen_select(self, scope):
        c = self.pick(scope, "i1")
        t = self.rng.choice(self.scalar_types)
        a, b = self.need(scope, t), self.need(scope, t)
        if c is None or a is None or b is None:
            return False
        name = self.fresh()
        self.emit(f"{name} = arith.select {c}, {a}, {b} : {t}")
        scope.add(t, name)
        return True

    def gen_index_cast(self, scope):
        src, dst = self.rng.choice((("i32", "index"), ("index", "i32"), ("index", "i64"),
                                    ("i64", "index")))
        v = self.need(scope, src)
        if v is None:
            return False
        name = self.fresh()
        self.emit(f"{name} = arith.index_cast {v} : {src} to {dst}")
        scope.add(dst, name)
        return True

    def gen_alloc(self, scope):
        t = self.rng.choice(list(MEMREF_TYPES))
        shape, _ = MEMREF_TYPES[t]
        sizes = []
        for d in shape:
            if d == "?":
                v = self.need(scope, "index")
                if v is None:
                    return False
                sizes.append(v)
        name = self.fresh()
        self.emit(f"{name} = memref.alloc({', '.join(sizes)}) : {t}")
        scope.add(t, name)
        scope.allocs.append((name, t))
        return True

    def _memref(self, scope):
        """(value, type, elem) of a visible memref, or None."""
        rng = self.rng
        types = list(MEMREF_TYPES) + [SUBVIEW[2]]
        rng.shuffle(types)
        for t in types:
            m = self.pick(scope, t)
            if m is not None:
                info = MEMREF_TYPES.get(t) or SUBVIEW[3]
                return m, t, info[1]
        return None

    def _indices(self, scope, t):
        shape = (MEMREF_TYPES.get(t) or SUBVIEW[3])[0]
        idx = [self.need(scope, "index") for _ in shape]
        return None if any(i is None for i in idx) else idx

    def gen_load(self, scope):
        m = self._memref(scope)
        if m is None:
            return False
        m, t, elem = m
        idx = self._indices(scope, t)
        if idx is None:
            return False
        name = self.fresh()
        self.emit(f"{name} = memref.load {m}[{', '.join(idx)}] : {t}")
        scope.add(elem, name)
        return True

    def gen_store(self, scope):
        m = self._memref(scope)
        if m is None:
            return False
        m, t, elem = m
        idx = self._indices(scope, t)
        v = self.pick(scope, elem)
        if idx is None or v is None:
            return False
        self.emit(f"memref.store {v}, {m}[{', '.join(idx)}] : {t}")
        return True

    def gen_subview(self, scope):
        m = self.pick(scope, SUBVIEW[0])
        if m is None:
            return False
        name = self.fresh()
        self.emit(f"{name} = " + SUBVIEW[1].format(m=m, t=SUBVIEW[2]))
        scope.add(SUBVIEW[2], name)
        return True

    def _loop_bounds(self, scope):
        lb, ub = self.need(scope, "index"), self.need(scope, "index")
        if self.has("const"):
            step = self.constant(scope, "index", self.rng.randrange(1, 5))
        else:
            step = self.pick(scope, "index")
        return None if None in (lb, ub, step) else (lb, ub, step)

    def gen_for(self, scope, budget, depth):
        if depth >= MAX_DEPTH or budget < 4:
            return False
        bounds = self._loop_bounds(scope)
        if bounds is None:
            return False
        rng = self.rng
        iters = []
        for _ in range(rng.choice((0, 1, 1, 2, 3))):
            t = self.visible_type(scope)
            iters.append((t, self.pick(scope, t)))
        body = Scope(scope)
        n = self.fresh()[1:]
        iv = "%i" + n
        body.add("index", iv)
        inits = []
        for i, (t, v) in enumerate(iters):
            a = f"%a{n}_{i}"
            body.add(t, a)
            inits.append(f"{a} = {v}")
        types = [t for t, _ in iters]
        head = f"scf.for {iv} = {bounds[0]} to {bounds[1]} step {bounds[2]}"
        if iters:
            head += f" iter_args({', '.join(inits)}) -> ({', '.join(types)})"
        at = len(self.lines)
        self.emit(head + " {")
        self.indent += 1
        self.body(body, rng.randrange(2, max(3, min(budget, 14))), depth + 1)
        self.close_scope(body)
        if iters:
            ys = [self.pick(body, t) for t in types]
            self.emit(f"scf.yield {', '.join(ys)} : {', '.join(types)}")
        else:
            self.count += 1  # the implicit scf.yield
        self.indent -= 1
        self.emit("}", ops=0)
        # Results are bound after the body so that the body cannot use them.
        self._prefix_results(at, "scf.for", scope, types)
        return True

    def gen_if(self, scope, budget, depth):
        if depth >= MAX_DEPTH or budget < 4:
            return False
        c = self.pick(scope, "i1")
        if c is None:
            return False
        rng = self.rng
        types = [self.visible_type(scope) for _ in range(rng.choice((0, 1, 1, 2)))]
        with_else = bool(types) or rng.random() < 0.3
        at = len(self.lines)
        self.emit(f"scf.if {c}" + (f" -> ({', '.join(types)})" if types else "") + " {")
        for branch in ((0, 1) if with_else else (0,)):
            if branch:
                self.emit("} else {", ops=0)
            body = Scope(scope)
            self.indent += 1
            self.body(body, rng.randrange(1, max(2, min(budget // 2, 8))), depth + 1)
            self.close_scope(body)
            if types:
                ys = [self.pick(body, t) for t in types]
                self.emit(f"scf.yield {', '.join(ys)} : {', '.join(types)}")
            else:
                self.count += 1  # the implicit scf.yield
            self.indent -= 1
        self.emit("}", ops=0)
        self._prefix_results(at, "scf.if", scope, types)
        return True

    def _prefix_results(self, line, opname, scope, types):
        if types:
            lhs = self._bind_results(scope, types)
            self.lines[line] = self.lines[line].replace(opname, lhs + opname, 1)

    def visible_type(self, scope):
        """A scalar type that has a visible value (function arguments guarantee one)."""
        types = [t for t in self.scalar_types if scope.candidates(t)]
        return self.rng.choice(types)

    # -- cf: only in a function's top-level region ---------------------------------------------
    def _block_args(self, scope, n):
        out = []
        for _ in range(n):
            t = self.rng.choice(self.scalar_types)
            v = self.pick(scope, t)
            if v is not None:
                out.append((t, v))
        return out

    def _succ(self, label, args):
        if not args:
            return label
        return f"{label}({', '.join(v for _, v in args)} : {', '.join(t for t, _ in args)})"

    def _label(self, label, scope, types):
        names = []
        for t in types:
            n = self.fresh()
            scope.add(t, n)
            names.append(f"{n}: {t}")
        self.indent -= 1
        self.emit(label + (f"({', '.join(names)})" if names else "") + ":", ops=0)
        self.indent += 1

    def gen_diamond(self, scope, budget):
        if budget < 6:
            return False
        c = self.pick(scope, "i1")
        if c is None:
            return False
        rng = self.rng
        then_l, else_l, join_l = self.new_label(), self.new_label(), self.new_label()
        then_args = self._block_args(scope, rng.choice((0, 1, 2)))
        else_args = self._block_args(scope, rng.choice((0, 1)))
        self.emit(f"cf.cond_br {c}, {self._succ(then_l, then_args)}, "
                  f"{self._succ(else_l, else_args)}")
        join_types = [self.visible_type(scope) for _ in range(rng.choice((0, 1, 2)))]
        for label, args in ((then_l, then_args), (else_l, else_args)):
            side = Scope(scope)
            self._label(label, side, [t for t, _ in args])
            self.body(side, rng.randrange(1, max(2, budget // 3)), 0)
            self.close_scope(side)
            outs = [(t, self.pick(side, t)) for t in join_types]
            self.emit(f"cf.br {self._succ(join_l, outs)}")
        self._label(join_l, scope, join_types)
        return True

    def gen_br(self, scope, budget):
        label = self.new_label()
        args = self._block_args(scope, self.rng.choice((0, 1, 2)))
        self.emit(f"cf.br {self._succ(label, args)}")
        self._label(label, scope, [t for t, _ in args])
        return True

    def new_label(self):
        self.next_block += 1
        return f"^bb{self.next_block}"

    # -- structure ------------------------------------------------------------------------------
    def body(self, scope, budget, depth, top=False):
        """Emits about `budget` ops into the current block."""
        rng = self.rng
        kinds = [k for k in self.kinds if top or k not in ("diamond", "br")]
        weights = [self.kinds[k] for k in kinds]
        if not kinds:
            return
        end = self.count + budget
        failures = 0
        while self.count < end and failures < 20:
            kind = rng.choices(kinds, weights)[0]
            left = end - self.count
            if kind in ("for", "if"):
                ok = getattr(self, "gen_" + kind)(scope, left, depth)
            elif kind in ("diamond", "br"):
                ok = getattr(self, "gen_" + kind)(scope, left)
            else:
                ok = getattr(self, "gen_" + kind)(scope)
            failures = 0 if ok else failures + 1

    def close_scope(self, scope):
        for name, t in scope.allocs:
            self.emit(f"memref.dealloc {name} : {t}")

    def function(self, index, budget):
        rng = self.rng
        ins = [rng.choice(self.scalar_types) for _ in range(rng.randrange(1, 4))]
        if self.has("if") or self.has("diamond") or self.has("select"):
            ins.append("i1")
        if self.has("load") or self.has("for"):
            ins.append("index")
        if self.has("load") and rng.random() < 0.5:
            ins.append(rng.choice(list(MEMREF_TYPES)))
        outs = [rng.choice(ins) for _ in range(rng.choice((0, 1, 1, 2)))]
        name = f"f{index}"
        scope = Scope()
        args = []
        for i, t in enumerate(ins):
            scope.add(t, f"%arg{i}")
            args.append(f"%arg{i}: {t}")
        self.next_value = 0
        self.next_block = 0
        res = "" if not outs else " -> " + (outs[0] if len(outs) == 1 else
                                            f"({', '.join(outs)})")
        self.emit(f"func.func @{name}({', '.join(args)}){res} {{")
        self.indent += 1
        self.body(scope, max(1, budget - 2), 0, top=True)
        self.close_scope(scope)
        rets = [self.pick(scope, t) for t in outs]
        self.emit("return" + (f" {', '.join(rets)} : {', '.join(outs)}" if outs else ""))
        self.indent -= 1
        self.emit("}", ops=0)
        self.funcs.append((name, ins, outs))

    def module(self, total_ops):
        self.indent = 0
        self.emit("module {", ops=1)
        self.indent = 1
        i = 0
        while self.count < total_ops:
            left = total_ops - self.count
            n = self.rng.randrange(self.ops_per_func // 2, self.ops_per_func * 3 // 2 + 1)
            self.function(i, max(3, min(n, left)))
            i += 1
        self.indent = 0
        self.emit("}", ops=0)
        return "\n".join(self.lines) + "\n"


def _ftype(ins, outs):
    r = outs[0] if len(outs) == 1 else f"({', '.join(outs)})"
    return f"({', '.join(ins)}) -> {r}"


def _split(spec):
    return tuple(x.strip() for x in spec.split(",") if x.strip())


def resolve_dialects(spec):
    """`auto` (what pyopt registers), `all`, or a comma list -> tuple of dialect names."""
    if spec == "all":
        return ALL_DIALECTS
    if spec == "auto":
        reg = pyopt_ops()
        if reg is None:
            return ALL_DIALECTS
        have = {n.split(".", 1)[0] for n in reg}
        return tuple(d for d in ALL_DIALECTS if d in have)
    ds = tuple(d.strip() for d in spec.split(",") if d.strip())
    bad = [d for d in ds if d not in ALL_DIALECTS]
    if bad:
        raise ValueError(f"unknown dialect(s) {', '.join(bad)}; choose from "
                         f"{', '.join(ALL_DIALECTS)}")
    return ds


def generate(ops=1000, seed=0, dialects="auto", ops_per_func=40, filter_unsupported=True,
             exclude=()):
    """Returns (text, op count, enabled kinds). `exclude`: kinds (keys of KINDS) to leave out."""
    bad = [k for k in exclude if k not in KINDS]
    if bad:
        raise ValueError(f"unknown kind(s) {', '.join(bad)}; choose from {', '.join(KINDS)}")
    ds = resolve_dialects(dialects) if isinstance(dialects, str) else tuple(dialects)
    ds = tuple(ds) + ("func", "builtin")  # the module skeleton always needs these
    kinds = select_kinds(ds, pyopt_ops() if filter_unsupported else None)
    for k in exclude:
        kinds.pop(k, None)
    g = Generator(seed, kinds, ops_per_func)
    text = g.module(ops)
    return text, g.count, sorted(kinds)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--ops", type=int, default=10000, help="approximate total op count")
    ap.add_argument("--ops-per-func", type=int, default=40, help="average ops per function")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--dialects", default="auto",
                    help="auto (those pyopt registers), all, or a list like func,arith,scf")
    ap.add_argument("--no-filter", action="store_true",
                    help="emit every op of the chosen dialects, even ones pyopt lacks")
    ap.add_argument("--exclude", default="",
                    help="kinds of ops to leave out, e.g. call_indirect (xdsl-opt 0.74 lacks "
                         "func.constant); kinds: " + ", ".join(KINDS))
    ap.add_argument("-o", "--output", default="-")
    ap.add_argument("-v", "--verbose", action="store_true", help="report the mix on stderr")
    a = ap.parse_args(argv)
    try:
        text, count, kinds = generate(a.ops, a.seed, a.dialects, a.ops_per_func,
                                      not a.no_filter, _split(a.exclude))
    except ValueError as e:
        ap.error(str(e))
    if a.output == "-":
        sys.stdout.write(text)
    else:
        with open(a.output, "w") as f:
            f.write(text)
    if a.verbose or a.output != "-":
        print(f"{count} ops; kinds: {', '.join(kinds)}", file=sys.stderr)


if __name__ == "__main__":
    main()
