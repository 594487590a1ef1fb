"""Random linalg-on-tensors programs for the tensor mode of tensortest.py.

A program has a few kernel functions `@kJ(%arg0: tensor<AxBxT>) -> tensor<CxDxT>` and a
`@main` that calls each kernel on a constant, hashes the result (an scf.for nest of
tensor.extract folded into an i64: h = h * 31 + bits(x)) and prints the hash with
`@print_i64`. A kernel applies random steps to a pool of 2-d tensors of one element type
(i32, i64 or f32 per program):

  elementwise arith on tensors (convert-elementwise-to-linalg), linalg.generic with
  linalg.index, linalg.matmul into a filled tensor.empty, linalg.transpose, linalg.reduce,
  tensor.extract_slice / insert_slice (static and loop-dependent offsets), tensor.pad
  (convert-tensor-to-linalg), collapse_shape + expand_shape to a new factoring, scf.for with
  a tensor iter_arg updated row by row, and calls of earlier kernels (tensors across
  function boundaries).

Everything is defined behaviour: integers wrap (no overflow flags, no division), floats are
small integers kept exact (no NaN); every shape is static.

A kernel never returns a slice or reshape of a buffer it does not get as its argument: its
buffer has a static strided layout the deallocation pipeline must clone, and a clone to a
layout no identity allocation casts to (e.g. `strided<[4, 1]>` of 3x1) fails in
convert-bufferization-to-memref, with mlir-opt-19 as with pyopt. Such a result is copied into
a fresh tensor by a linalg.generic first.
"""
from __future__ import annotations

import random

DIMS = (1, 2, 3, 4, 5)


class TensorGen:
    def __init__(self, seed, kernels=3, steps=6, call_window=0, call_args=True):
        self.r = random.Random(seed)
        # call_args=False: no calls (mlir-opt-19 segfaults one-shot-bufferizing some calls
        # whose result needs a copy: it asks the not yet bufferized callee for a memref type)
        self.call_args = call_args
        self.kernels, self.steps = kernels, steps
        self.call_window = call_window  # callees among the last N kernels (0: all)
        self.et = self.r.choice(["i32", "i64", "f32"])
        self.lines, self.n = [], 0
        self.sigs = []  # (name, arg shape, result shape)
        self.views = {}  # value -> the value whose buffer it views (extract_slice, reshapes)

    # -- helpers -------------------------------------------------------------------------------
    def v(self):
        self.n += 1
        return f"%v{self.n}"

    def emit(self, s):
        self.lines.append("    " + s)

    def ty(self, shape):
        return "tensor<" + "x".join(str(d) for d in shape) + f"x{self.et}>"

    @property
    def is_f(self):
        return self.et == "f32"

    def lit(self, x):
        return f"{float(x):.6e}" if self.is_f else str(x)

    def op(self, kind):  # arith op name for add/sub/mul on this element type
        return {"add": "addf", "sub": "subf", "mul": "mulf"}[kind] if self.is_f else \
            {"add": "addi", "sub": "subi", "mul": "muli"}[kind]

    def dense(self, shape):
        n = shape[0] * shape[1]
        vals = [self.r.randint(-4, 5) for _ in range(n)]
        rows = [", ".join(self.lit(vals[i * shape[1] + j]) for j in range(shape[1]))
                for i in range(shape[0])]
        return "dense<[" + ", ".join(f"[{row}]" for row in rows) + "]>"

    def const(self, shape):
        v = self.v()
        self.emit(f"{v} = arith.constant {self.dense(shape)} : {self.ty(shape)}")
        return v, shape

    def empty(self, shape):
        v = self.v()
        self.emit(f"{v} = tensor.empty() : {self.ty(shape)}")
        return v

    def scalar(self, x):
        v = self.v()
        self.emit(f"{v} = arith.constant {self.lit(x)} : {self.et}")
        return v

    def pick(self, pool, shape=None):
        cands = [p for p in pool if shape is None or p[1] == shape]
        return self.r.choice(cands) if cands else None

    # -- steps ---------------------------------------------------------------------------------
    def s_elementwise(self, pool):
        a = self.pick(pool)
        b = self.pick(pool, a[1]) or self.const(a[1])
        v = self.v()
        self.emit(f"{v} = arith.{self.op(self.r.choice(['add', 'sub', 'mul']))} {a[0]}, {b[0]} : "
                  f"{self.ty(a[1])}")
        return v, a[1]

    def view(self, v, source):
        self.views[v] = self.views.get(source, source)

    def s_generic(self, pool, a=None):
        a = a or self.pick(pool)
        t = self.ty(a[1])
        e, v = self.empty(a[1]), self.v()
        c = self.r.randint(-3, 3)
        self.emit(f"{v} = linalg.generic {{indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, "
                  f"affine_map<(d0, d1) -> (d0, d1)>], iterator_types = [\"parallel\", "
                  f"\"parallel\"]}} ins({a[0]} : {t}) outs({e} : {t}) {{")
        self.emit(f"^bb0(%in: {self.et}, %out: {self.et}):")
        self.emit(f"  %i = linalg.index {self.r.choice([0, 1])} : index")
        self.emit(f"  %ii = arith.index_cast %i : index to i32")
        if self.is_f:
            self.emit("  %x = arith.sitofp %ii : i32 to f32")
        elif self.et == "i64":
            self.emit("  %x = arith.extsi %ii : i32 to i64")
        else:
            self.emit("  %x = arith.addi %ii, %ii : i32")
        self.emit(f"  %c = arith.constant {self.lit(c)} : {self.et}")
        self.emit(f"  %m = arith.{self.op('mul')} %in, %c : {self.et}")
        self.emit(f"  %s = arith.{self.op('add')} %m, %x : {self.et}")
        self.emit(f"  linalg.yield %s : {self.et}")
        self.emit("}" + f" -> {t}")
        return v, a[1]

    def s_matmul(self, pool):
        a = self.pick(pool)
        m, k = a[1]
        n = self.r.choice(DIMS)
        b = self.pick(pool, (k, n)) or self.const((k, n))
        e = self.empty((m, n))
        z, f, v = self.scalar(0), self.v(), self.v()
        self.emit(f"{f} = linalg.fill ins({z} : {self.et}) outs({e} : {self.ty((m, n))}) -> "
                  f"{self.ty((m, n))}")
        self.emit(f"{v} = linalg.matmul ins({a[0]}, {b[0]} : {self.ty(a[1])}, {self.ty(b[1])}) "
                  f"outs({f} : {self.ty((m, n))}) -> {self.ty((m, n))}")
        return v, (m, n)

    def s_transpose(self, pool):
        a = self.pick(pool)
        shape = (a[1][1], a[1][0])
        e, v = self.empty(shape), self.v()
        self.emit(f"{v} = linalg.transpose ins({a[0]} : {self.ty(a[1])}) outs({e} : "
                  f"{self.ty(shape)}) permutation = [1, 0]")
        return v, shape

    def s_reduce(self, pool):  # reduce dim 1, then broadcast back with a generic-free expand
        a = self.pick(pool)
        m, n = a[1]
        e = self.empty((m, 1))
        z, f = self.scalar(self.r.randint(0, 2)), self.v()
        col = f"tensor<{m}x{self.et}>"
        e1 = self.v()
        self.emit(f"{e1} = tensor.empty() : {col}")
        self.emit(f"{f} = linalg.fill ins({z} : {self.et}) outs({e1} : {col}) -> {col}")
        red = self.v()
        self.emit(f"{red} = linalg.reduce ins({a[0]} : {self.ty(a[1])}) outs({f} : {col}) "
                  f"dimensions = [1]")
        self.emit(f"  (%in: {self.et}, %init: {self.et}) {{")
        self.emit(f"    %s = arith.{self.op('add')} %in, %init : {self.et}")
        self.emit(f"    linalg.yield %s : {self.et}")
        self.emit("  }")
        v = self.v()
        self.emit(f"{v} = tensor.expand_shape {red} [[0, 1]] output_shape [{m}, 1] : {col} "
                  f"into {self.ty((m, 1))}")
        del e
        return v, (m, 1)

    def s_extract_slice(self, pool):
        a = self.pick(pool)
        m, n = a[1]
        sm, sn = self.r.randint(1, m), self.r.randint(1, n)
        om, on = self.r.randint(0, m - sm), self.r.randint(0, n - sn)
        v = self.v()
        self.emit(f"{v} = tensor.extract_slice {a[0]}[{om}, {on}] [{sm}, {sn}] [1, 1] : "
                  f"{self.ty(a[1])} to {self.ty((sm, sn))}")
        self.view(v, a[0])
        return v, (sm, sn)

    def s_insert_slice(self, pool):
        a = self.pick(pool)
        m, n = a[1]
        cands = [p for p in pool if p[1][0] <= m and p[1][1] <= n and p is not a]
        s = self.r.choice(cands) if cands else self.const((self.r.randint(1, m),
                                                           self.r.randint(1, n)))
        sm, sn = s[1]
        om, on = self.r.randint(0, m - sm), self.r.randint(0, n - sn)
        v = self.v()
        self.emit(f"{v} = tensor.insert_slice {s[0]} into {a[0]}[{om}, {on}] [{sm}, {sn}] "
                  f"[1, 1] : {self.ty(s[1])} into {self.ty(a[1])}")
        return v, a[1]

    def s_pad(self, pool):
        a = self.pick(pool)
        lo = [self.r.randint(0, 2), self.r.randint(0, 1)]
        hi = [self.r.randint(0, 1), self.r.randint(0, 2)]
        shape = (a[1][0] + lo[0] + hi[0], a[1][1] + lo[1] + hi[1])
        c, v = self.scalar(self.r.randint(-2, 7)), self.v()
        self.emit(f"{v} = tensor.pad {a[0]} low[{lo[0]}, {lo[1]}] high[{hi[0]}, {hi[1]}] {{")
        self.emit("^bb0(%i0: index, %i1: index):")
        self.emit(f"  tensor.yield {c} : {self.et}")
        self.emit(f"}} : {self.ty(a[1])} to {self.ty(shape)}")
        return v, shape

    def s_reshape(self, pool):
        a = self.pick(pool)
        m, n = a[1]
        total = m * n
        flat, v = self.v(), self.v()
        self.emit(f"{flat} = tensor.collapse_shape {a[0]} [[0, 1]] : {self.ty(a[1])} into "
                  f"tensor<{total}x{self.et}>")
        facs = [(d, total // d) for d in range(1, total + 1) if total % d == 0]
        shape = self.r.choice(facs)
        self.emit(f"{v} = tensor.expand_shape {flat} [[0, 1]] output_shape [{shape[0]}, "
                  f"{shape[1]}] : tensor<{total}x{self.et}> into {self.ty(shape)}")
        self.view(v, a[0])
        return v, shape

    def s_for(self, pool):  # row i of the accumulator combined with row i of another tensor
        a = self.pick(pool)
        m, n = a[1]
        b = self.pick(pool, a[1]) or self.const(a[1])
        row = self.ty((1, n))
        v = self.v()
        self.emit(f"%lb{self.n} = arith.constant 0 : index")
        self.emit(f"%ub{self.n} = arith.constant {m} : index")
        self.emit(f"%st{self.n} = arith.constant 1 : index")
        self.emit(f"{v} = scf.for %i = %lb{self.n} to %ub{self.n} step %st{self.n} "
                  f"iter_args(%acc = {a[0]}) -> ({self.ty(a[1])}) {{")
        self.emit(f"  %ra = tensor.extract_slice %acc[%i, 0] [1, {n}] [1, 1] : {self.ty(a[1])} "
                  f"to {row}")
        self.emit(f"  %rb = tensor.extract_slice {b[0]}[%i, 0] [1, {n}] [1, 1] : "
                  f"{self.ty(a[1])} to {row}")
        self.emit(f"  %rs = arith.{self.op(self.r.choice(['add', 'mul']))} %ra, %rb : {row}")
        self.emit(f"  %nx = tensor.insert_slice %rs into %acc[%i, 0] [1, {n}] [1, 1] : {row} "
                  f"into {self.ty(a[1])}")
        self.emit(f"  scf.yield %nx : {self.ty(a[1])}")
        self.emit("}")
        return v, a[1]

    def s_call(self, pool):
        if not self.call_args:
            return self.s_elementwise(pool)
        sigs = self.sigs[-self.call_window:] if self.call_window else self.sigs
        cands = [(s, p) for s in sigs for p in pool
                 if p[1] == s[1] and (self.call_args or p[0] != "%arg0")]
        if not cands:
            s = self.r.choice(sigs) if sigs else None
            if s is None:
                return self.s_elementwise(pool)
            cands = [(s, self.const(s[1]))]
        s, p = self.r.choice(cands)
        v = self.v()
        self.emit(f"{v} = func.call @{s[0]}({p[0]}) : ({self.ty(s[1])}) -> {self.ty(s[2])}")
        return v, s[2]

    STEPS = ("s_elementwise", "s_generic", "s_matmul", "s_transpose", "s_reduce",
             "s_extract_slice", "s_insert_slice", "s_pad", "s_reshape", "s_for", "s_call")

    # -- program -------------------------------------------------------------------------------
    def kernel(self, j):
        shape = (self.r.choice(DIMS), self.r.choice(DIMS))
        start = len(self.lines)
        pool = [("%arg0", shape)]
        for _ in range(self.r.randint(1, self.steps)):
            pool.append(getattr(self, self.r.choice(self.STEPS))(pool))
        res = pool[-1] if self.r.random() < 0.8 else self.r.choice(pool)
        if self.views.get(res[0], "%arg0") != "%arg0":
            res = self.s_generic(pool, res)
        self.emit(f"return {res[0]} : {self.ty(res[1])}")
        body = self.lines[start:]
        del self.lines[start:]
        self.sigs.append((f"k{j}", shape, res[1]))
        return ([f"  func.func @k{j}(%arg0: {self.ty(shape)}) -> {self.ty(res[1])} {{"] + body +
                ["  }"])

    def hash_of(self, val, shape):
        m, n = shape
        h = self.v()
        self.emit(f"{h}c0 = arith.constant 0 : index")
        self.emit(f"{h}c1 = arith.constant 1 : index")
        self.emit(f"{h}m = arith.constant {m} : index")
        self.emit(f"{h}n = arith.constant {n} : index")
        self.emit(f"{h}z = arith.constant {len(shape) * 7 + m} : i64")
        self.emit(f"{h}k = arith.constant 31 : i64")
        self.emit(f"{h} = scf.for %i = {h}c0 to {h}m step {h}c1 iter_args(%a = {h}z) -> (i64) {{")
        self.emit(f"  %in = scf.for %j = {h}c0 to {h}n step {h}c1 iter_args(%b = %a) -> (i64) {{")
        self.emit(f"    %x = tensor.extract {val}[%i, %j] : {self.ty(shape)}")
        if self.is_f:
            self.emit("    %xb = arith.bitcast %x : f32 to i32")
            self.emit("    %xi = arith.extsi %xb : i32 to i64")
        elif self.et == "i32":
            self.emit("    %xi = arith.extsi %x : i32 to i64")
        else:
            self.emit("    %xi = arith.addi %x, %x : i64")
        self.emit(f"    %bm = arith.muli %b, {h}k : i64")
        self.emit("    %bn = arith.addi %bm, %xi : i64")
        self.emit("    scf.yield %bn : i64")
        self.emit("  }")
        self.emit("  scf.yield %in : i64")
        self.emit("}")
        self.emit(f"func.call @print_i64({h}) : (i64) -> ()")

    def program(self, min_ops=0):
        """The module text: randint(1, kernels) kernels, or as many as make min_ops ops."""
        out = ["module {", "  func.func private @print_i64(i64)"]
        if min_ops:
            j = ops = 0
            while ops < min_ops:
                k = self.kernel(j)
                ops += sum(1 for line in k if not line.lstrip().startswith(("^", "}")))
                ops += 18  # its call, argument and hash nest in @main
                out += k
                j += 1
        else:
            for j in range(self.r.randint(1, self.kernels)):
                out += self.kernel(j)
        self.lines = []
        for name, arg, res in self.sigs:
            c = self.const(arg)
            v = self.v()
            self.emit(f"{v} = func.call @{name}({c[0]}) : ({self.ty(arg)}) -> {self.ty(res)}")
            self.hash_of(v, res)
        out += ["  func.func @main() {"] + self.lines + ["    return", "  }", "}"]
        return "\n".join(out) + "\n"


def generate(seed, **kw):
    return TensorGen(seed, **kw).program()


if __name__ == "__main__":
    import sys
    print(generate(int(sys.argv[1]) if len(sys.argv) > 1 else 0), end="")
