"""The `linalg` feature of passgen.py: linalg ops on memrefs, mixed into PassGen.

A *linalg block* (`LinalgGen.linalg_block`) allocates memrefs (static shapes and some dynamic
dimensions `memref.alloc(%n)` / `memref.alloca(%n)` with %n in 1..4), initialises every
element deterministically (scf.for nests of stores, linalg.fill plus a few stores, or a
linalg.generic computing from linalg.index), applies one to three random linalg ops to them,
reads every buffer back into an i64 checksum (scf.for nests; floats hashed as in
`PassGen.hash`: NaN replaced, -0.0 made +0.0, then bitcast), folds the checksums into the
mutable global `@lacc` (printed by `main` after every call) and into the scope, and frees the
`alloc`ed buffers.

The ops: linalg.generic (1..4 loops, projected-permutation input maps, output maps that
permute exactly the parallel dims, 1..3 inputs (rank-0 among them), 1..2 outputs, bodies of
arith/math ops on the block arguments, captured scope values and linalg.index), fill, copy
(with casts), the contractions (matmul, matmul_transpose_a/b with `cast`, batch_matmul*,
batch_reduce_matmul, matvec, vecmat, batch_matvec, batch_vecmat, dot, mmt4d, quantized
matmuls), the convolutions (conv_1d/2d, *_nwc_wcf, *_ncw_fcw, *_nhwc_hwcf, *_nhwc_fhwc,
*_nchw_fchw, grouped, 3-d, depthwise, quantized) and poolings (nwc/ncw/nhwc/nchw/ndhwc
sum/max/min, unsigned) with random strides and dilations (inputs sized so every access is in
bounds, sometimes larger), elemwise_unary/elemwise_binary with `fun`/`cast`, the named
elementwise ops, linalg.map/reduce/transpose/broadcast.

No identity linalg.transpose: mlir-opt-19 erases it on memrefs (its fold returns the input
for a result the op does not have), a miscompile that pyopt does not copy.

No undefined behaviour or poison: integer division only by buffers made odd and positive
(`(x & mask) | 1`) of the result type, no float-to-integer cast outside clamped generic
bodies, no overflow flags; no math op that convert-math-to-llvm leaves alone (tanh, erf).
"""
from __future__ import annotations

LTYPES = ["i8", "i32", "i64", "f32", "f64"]
LFLOATS = ("f32", "f64")
SCALARS = ("i1", "i8", "i16", "i32", "i64", "index", "f32", "f64")
NICE_F = ["5.000000e-01", "-1.250000e+00", "3.000000e+00", "1.000000e-01", "-2.000000e+00"]

# contractions: operand layouts over size letters ('' = rank 0), iterator kinds
CONTRACTIONS = {
    "matmul": ("mk", "kn", "mn"),
    "matmul_transpose_a": ("km", "kn", "mn"),
    "matmul_transpose_b": ("mk", "nk", "mn"),
    "batch_matmul": ("bmk", "bkn", "bmn"),
    "batch_matmul_transpose_a": ("bkm", "bkn", "bmn"),
    "batch_matmul_transpose_b": ("bmk", "bnk", "bmn"),
    "batch_reduce_matmul": ("bmk", "bkn", "mn"),
    "matvec": ("mn", "n", "m"),
    "vecmat": ("m", "mn", "n"),
    "batch_matvec": ("bmk", "bk", "bm"),
    "batch_vecmat": ("bk", "bkn", "bn"),
    "dot": ("k", "k", ""),
    "mmt4d": ("MKxy", "NKzy", "MNxz"),
    "quantized_matmul": ("mk", "kn", "mn"),
    "quantized_batch_matmul": ("bmk", "bkn", "bmn"),
}
CAST_ATTR = {"matmul", "matmul_transpose_a", "matmul_transpose_b"}

# convolutions and poolings: input, kernel, output layouts. Letters n c f g m are sizes;
# digits 0..2 are spatial dims (input extent in I, kernel extent in K, output extent in O).
CONVS = {
    "conv_1d": ("0", "0", "0", False),
    "conv_2d": ("01", "01", "01", False),
    "conv_1d_nwc_wcf": ("n0c", "0cf", "n0f", True),
    "conv_1d_ncw_fcw": ("nc0", "fc0", "nf0", True),
    "conv_2d_nhwc_hwcf": ("n01c", "01cf", "n01f", True),
    "conv_2d_nhwc_fhwc": ("n01c", "f01c", "n01f", True),
    "conv_2d_nchw_fchw": ("nc01", "fc01", "nf01", True),
    "conv_2d_ngchw_fgchw": ("ngc01", "fgc01", "ngf01", True),
    "conv_2d_ngchw_gfchw": ("ngc01", "gfc01", "ngf01", True),
    "conv_3d_ndhwc_dhwcf": ("n012c", "012cf", "n012f", True),
    "conv_2d_nhwc_hwcf_q": ("n01c", "01cf", "n01f", True),
    "depthwise_conv_1d_nwc_wc": ("n0c", "0c", "n0c", True),
    "depthwise_conv_1d_ncw_cw": ("nc0", "c0", "nc0", True),
    "depthwise_conv_1d_nwc_wcm": ("n0c", "0cm", "n0cm", True),
    "depthwise_conv_2d_nhwc_hwc": ("n01c", "01c", "n01c", True),
    "depthwise_conv_2d_nchw_chw": ("nc01", "c01", "nc01", True),
    "depthwise_conv_2d_nhwc_hwcm": ("n01c", "01cm", "n01cm", True),
    "depthwise_conv_2d_nhwc_hwc_q": ("n01c", "01c", "n01c", True),
}
POOLS = {}
for _k in ("sum", "max", "min", "max_unsigned", "min_unsigned"):
    POOLS[f"pooling_nhwc_{_k}"] = ("n01c", "01", "n01c", True)
    POOLS[f"pooling_nwc_{_k}"] = ("n0c", "0", "n0c", True)
for _k in ("sum", "max"):
    POOLS[f"pooling_nchw_{_k}"] = ("nc01", "01", "nc01", True)
    POOLS[f"pooling_ncw_{_k}"] = ("nc0", "0", "nc0", True)
for _k in ("sum", "max", "min"):
    POOLS[f"pooling_ndhwc_{_k}"] = ("n012c", "012", "n012c", True)

UNARY_FUNS = ["exp", "log", "abs", "ceil", "floor", "negf", "reciprocal", "round", "sqrt",
              "rsqrt", "square"]
BINARY_FUNS = ["add", "sub", "mul", "div", "div_unsigned", "max_signed", "min_signed",
               "max_unsigned", "min_unsigned", "powf"]
NAMED_UNARY = ["exp", "log", "abs", "ceil", "floor", "negf", "reciprocal", "round", "sqrt",
               "rsqrt", "square"]
NAMED_BINARY = ["add", "sub", "mul", "max", "min", "div", "div_unsigned", "powf"]


def mtype(shape, et):
    dims = "x".join("?" if isinstance(s, str) else str(s) for s in shape)
    return f"memref<{dims}x{et}>" if shape else f"memref<{et}>"


def is_float(t):
    return t in LFLOATS


class _Block:
    def __init__(self):
        self.bufs = []  # (name, et, shape tuple, kind)
        self.dyn = []   # dynamic size values (index, 1..4)


class LinalgGen:
    """Mixed into PassGen (needs its r, op, emit, fresh, val, const, small_index, ...)."""

    LINALG_BLOCKS = 5  # per program

    # -- the block -------------------------------------------------------------------------------
    def linalg_block(self, ind, sc):
        r = self.r
        self.lbudget -= 1
        st = _Block()
        for _ in range(r.randint(1, 3)):
            self.linalg_op(ind, sc, st)
        cs = None
        for name, et, shape, kind in st.bufs:
            h = self.checksum(name, et, shape, ind, sc)
            cs = h if cs is None else self.mix64(cs, h, ind, sc)
        if cs is not None:
            sc.add(cs, "i64")
            g = self.op(ind, "memref.get_global @lacc : memref<1xi64>", "memref<1xi64>", sc)
            z = self.op(ind, "arith.constant 0 : index", "index", sc)
            o = self.op(ind, f"memref.load {g}[{z}] : memref<1xi64>", "i64", sc)
            n = self.mix64(o, cs, ind, sc)
            self.emit(f"memref.store {n}, {g}[{z}] : memref<1xi64>", ind)
        for name, et, shape, kind in st.bufs:
            if kind == "alloc":
                self.emit(f"memref.dealloc {name} : {mtype(shape, et)}", ind)
        gone = {b[0] for b in st.bufs}
        sc.values = [(v, t) for v, t in sc.values if v not in gone]

    def mix64(self, a, b, ind, sc):
        m = self.op(ind, "arith.constant 31 : i64", "i64", sc)
        p = self.op(ind, f"arith.muli {a}, {m} : i64", "i64", sc)
        return self.op(ind, f"arith.addi {p}, {b} : i64", "i64", sc)

    def checksum(self, buf, et, shape, ind, sc):
        """An i64 hash of every element of buf (nested scf.for)."""
        mt = mtype(shape, et)
        init = self.op(ind, f"arith.constant {self.r.randrange(1, 1000)} : i64", "i64", sc)
        if not shape:
            x = self.op(ind, f"memref.load {buf}[] : {mt}", et, sc)
            return self.mix64(init, self.hash_elem(x, et, ind, sc), ind, sc)
        c0 = self.op(ind, "arith.constant 0 : index", "index", sc)
        c1 = self.op(ind, "arith.constant 1 : index", "index", sc)
        ubs = []
        for i, s in enumerate(shape):
            if isinstance(s, str):
                ci = self.op(ind, f"arith.constant {i} : index", "index", sc)
                ubs.append(self.op(ind, f"memref.dim {buf}, {ci} : {mt}", "index", sc))
            else:
                ubs.append(self.op(ind, f"arith.constant {s} : index", "index", sc))
        ivs = [self.fresh("i") for _ in shape]
        accs = [self.fresh("acc") for _ in shape]
        res = [self.fresh() for _ in shape]
        prev = init
        for d in range(len(shape)):
            self.emit(f"{res[d]} = scf.for {ivs[d]} = {c0} to {ubs[d]} step {c1} "
                      f"iter_args({accs[d]} = {prev}) -> (i64) {{", ind + d)
            prev = accs[d]
        inner = ind + len(shape)
        isc = sc.child()
        x = self.op(inner, f"memref.load {buf}[{', '.join(ivs)}] : {mt}", et, isc)
        h = self.hash_elem(x, et, inner, isc)
        n = self.mix64(accs[-1], h, inner, isc)
        for d in reversed(range(len(shape))):
            self.emit(f"scf.yield {n} : i64", ind + d + 1)
            self.emit("}", ind + d)
            n = res[d]
        return sc.add(res[0], "i64")

    def hash_elem(self, v, t, ind, sc):
        if t == "i64":
            return v
        if t == "index":
            return self.op(ind, f"arith.index_castui {v} : index to i64", "i64", sc)
        if not is_float(t):
            return self.op(ind, f"arith.extui {v} : {t} to i64", "i64", sc)
        it = "i32" if t == "f32" else "i64"
        nan = self.op(ind, f"arith.cmpf uno, {v}, {v} : {t}", "i1", sc)
        z = self.op(ind, f"arith.constant 0.000000e+00 : {t}", t, sc)
        pz = self.op(ind, f"arith.addf {v}, {z} : {t}", t, sc)
        mk = self.op(ind, f"arith.constant 1.234500e+04 : {t}", t, sc)
        s = self.op(ind, f"arith.select {nan}, {mk}, {pz} : {t}", t, sc)
        b = self.op(ind, f"arith.bitcast {s} : {t} to {it}", it, sc)
        return b if it == "i64" else self.op(ind, f"arith.extui {b} : i32 to i64", "i64", sc)

    # -- sizes and buffers -----------------------------------------------------------------------
    def lsize(self, ind, sc, st, lo=1, hi=4, dyn=True):
        r = self.r
        if dyn and r.random() < 0.2:
            if st.dyn and r.random() < 0.5:
                return r.choice(st.dyn)
            x = self.small_index(ind, sc, 4)
            one = self.op(ind, "arith.constant 1 : index", "index", sc)
            d = self.op(ind, f"arith.addi {x}, {one} : index", "index", sc)
            st.dyn.append(d)
            return d
        return r.randint(lo, hi)

    def buf(self, et, shape, ind, sc, st, avoid=(), positive=False, reuse=0.5):
        """A buffer of element type et and shape (ints and dynamic size values): an earlier
        buffer of the block (its contents as the ops left them) or a new, initialised one."""
        r = self.r
        shape = tuple(shape)
        if not positive:
            cands = [b for b in st.bufs if b[1] == et and b[2] == shape and b[0] not in avoid]
            if cands and r.random() < reuse:
                return r.choice(cands)[0]
        mt = mtype(shape, et)
        kind = r.choice(["alloc", "alloc", "alloca"])
        dyn = ", ".join(s for s in shape if isinstance(s, str))
        m = self.op(ind, f"memref.{kind}({dyn}) : {mt}", mt, sc)
        st.bufs.append((m, et, shape, kind))
        self.init_buf(m, et, shape, ind, sc, positive)
        return m

    def init_buf(self, m, et, shape, ind, sc, positive):
        r = self.r
        mt = mtype(shape, et)
        k = r.random()
        if k < 0.3 and not positive:  # fill, then a few stores
            v = self.val(et, ind, sc) if r.random() < 0.7 or is_float(et) or et == "i1" \
                else self.op(ind, f"arith.constant {r.randrange(-9, 9)} : {et}", et, sc)
            if is_float(et) and r.random() < 0.6:
                v = self.op(ind, f"arith.constant {r.choice(NICE_F)} : {et}", et, sc)
            self.emit(f"linalg.fill ins({v} : {et}) outs({m} : {mt})", ind)
            if shape:
                for _ in range(r.randint(0, 2)):
                    ix = [self.op(ind, f"arith.constant {r.randrange(s) if isinstance(s, int) else 0}"
                                       f" : index", "index", sc) for s in shape]
                    x = self.val(et, ind, sc)
                    self.emit(f"memref.store {x}, {m}[{', '.join(ix)}] : {mt}", ind)
            return
        if k < 0.6 or not shape:  # generic from linalg.index
            n = len(shape)
            dims = ", ".join(f"d{i}" for i in range(n))
            amap = f"affine_map<({dims}) -> ({dims})>"
            its = ", ".join('"parallel"' for _ in range(n))
            o = self.fresh("o")
            self.emit(f"linalg.generic {{indexing_maps = [{amap}], iterator_types = [{its}]}} "
                      f"outs({m} : {mt}) {{", ind)
            self.emit(f"^bb0({o}: {et}):", ind)
            bsc = sc.child()
            ivs = [self.op(ind + 1, f"linalg.index {i} : index", "index", bsc) for i in range(n)]
            v = self.index_value(ivs, et, ind + 1, bsc, positive)
            self.emit(f"linalg.yield {v} : {et}", ind + 1)
            self.emit("}", ind)
            return
        # scf.for nest of stores
        c0 = self.op(ind, "arith.constant 0 : index", "index", sc)
        c1 = self.op(ind, "arith.constant 1 : index", "index", sc)
        ubs = []
        for i, s in enumerate(shape):
            if isinstance(s, str):
                ubs.append(s)
            else:
                ubs.append(self.op(ind, f"arith.constant {s} : index", "index", sc))
        ivs = [self.fresh("i") for _ in shape]
        for d in range(len(shape)):
            self.emit(f"scf.for {ivs[d]} = {c0} to {ubs[d]} step {c1} {{", ind + d)
        inner = ind + len(shape)
        isc = sc.child()
        v = self.index_value(ivs, et, inner, isc, positive)
        self.emit(f"memref.store {v}, {m}[{', '.join(ivs)}] : {mt}", inner)
        for d in reversed(range(len(shape))):
            self.emit("}", ind + d)

    def index_value(self, ivs, et, ind, sc, positive):
        """A value of type et computed from index values ivs (and the scope)."""
        r = self.r
        lin = self.op(ind, f"arith.constant {r.randrange(-3, 7)} : index", "index", sc)
        for iv in ivs:
            c = self.op(ind, f"arith.constant {r.choice([1, 2, 3, 5, 7, -1, -4])} : index",
                        "index", sc)
            p = self.op(ind, f"arith.muli {iv}, {c} : index", "index", sc)
            lin = self.op(ind, f"arith.addi {lin}, {p} : index", "index", sc)
        if is_float(et):
            i = self.op(ind, f"arith.index_cast {lin} : index to i64", "i64", sc)
            f = self.op(ind, f"arith.sitofp {i} : i64 to {et}", et, sc)
            s = self.op(ind, f"arith.constant {r.choice(NICE_F)} : {et}", et, sc) \
                if r.random() < 0.8 else self.val(et, ind, sc)
            return self.op(ind, f"arith.{r.choice(['mulf', 'addf', 'mulf'])} {f}, {s} : {et}",
                           et, sc)
        v = self.op(ind, f"arith.index_cast {lin} : index to {et}", et, sc)
        if r.random() < 0.4 and not positive:
            w = self.val(et, ind, sc)
            v = self.op(ind, f"arith.{r.choice(['xori', 'addi', 'muli'])} {v}, {w} : {et}", et, sc)
        if positive:
            bits = {"i8": 8, "i16": 16, "i32": 32, "i64": 64}[et]
            mk = self.op(ind, f"arith.constant {(1 << (bits - 2)) - 1} : {et}", et, sc)
            a = self.op(ind, f"arith.andi {v}, {mk} : {et}", et, sc)
            one = self.op(ind, f"arith.constant 1 : {et}", et, sc)
            v = self.op(ind, f"arith.ori {a}, {one} : {et}", et, sc)
        return v

    # -- ops -------------------------------------------------------------------------------------
    def linalg_op(self, ind, sc, st):
        r = self.r
        k = r.random()
        if k < 0.28:
            self.l_generic(ind, sc, st)
        elif k < 0.42:
            self.l_contraction(ind, sc, st)
        elif k < 0.54:
            self.l_conv(ind, sc, st, CONVS)
        elif k < 0.62:
            self.l_conv(ind, sc, st, POOLS)
        elif k < 0.70:
            self.l_elemwise(ind, sc, st)
        elif k < 0.78:
            self.l_named_elementwise(ind, sc, st)
        elif k < 0.84:
            self.l_fill_copy(ind, sc, st)
        else:
            self.l_dst(ind, sc, st)

    def type_triple(self):
        """(lhs, rhs, out) element types of a casting op: no float-to-integer cast."""
        r = self.r
        k = r.random()
        if k < 0.4:
            t = r.choice(LTYPES)
            return t, t, t
        if k < 0.7:
            out = r.choice(["i8", "i32", "i64"])
            return r.choice(["i8", "i16", "i32", "i64"]), r.choice(["i8", "i32", "i64"]), out
        if k < 0.85:
            out = r.choice(LFLOATS)
            return r.choice(LTYPES), r.choice(LTYPES), out
        return r.choice(["i8", "i32"]), r.choice(LFLOATS), r.choice(LFLOATS)

    def named(self, ind, name, attrs, ins, outs):
        a = (" {" + ", ".join(attrs) + "}") if attrs else ""
        it = ", ".join(t for _, t in ins)
        self.emit(f"linalg.{name}{a} ins({', '.join(v for v, _ in ins)} : {it}) "
                  f"outs({', '.join(v for v, _ in outs)} : {', '.join(t for _, t in outs)})",
                  ind)

    def l_contraction(self, ind, sc, st):
        r = self.r
        name = r.choice(list(CONTRACTIONS))
        la, lb, lc = CONTRACTIONS[name]
        ta, tb, tc = self.type_triple()
        if name == "batch_reduce_matmul":
            ta = tc  # its body multiplies A (uncast) with B cast to the output type
        sizes = {}
        for ch in la + lb + lc:
            if ch not in sizes:
                sizes[ch] = self.lsize(ind, sc, st, 1, 4 if ch not in "xyz" else 2)
        a = self.buf(ta, [sizes[c] for c in la], ind, sc, st)
        b = self.buf(tb, [sizes[c] for c in lb], ind, sc, st)
        c = self.buf(tc, [sizes[c] for c in lc], ind, sc, st, avoid=(a, b))
        ins = [(a, mtype([sizes[x] for x in la], ta)), (b, mtype([sizes[x] for x in lb], tb))]
        if name.startswith("quantized"):
            for _ in range(2):
                ins.append((self.val("i32", ind, sc), "i32"))
        attrs = []
        if name in CAST_ATTR and r.random() < 0.5:
            attrs.append("cast = #linalg.type_fn<cast_unsigned>")
        self.named(ind, name, attrs, ins, [(c, mtype([sizes[x] for x in lc], tc))])

    def l_conv(self, ind, sc, st, table):
        r = self.r
        name = r.choice(list(table))
        li, lk, lo, strided = table[name]
        ta, tb, tc = self.type_triple()
        nsp = sum(ch.isdigit() for ch in lo)
        sizes = {}
        for ch in li + lk + lo:
            if not ch.isdigit() and ch not in sizes:
                sizes[ch] = self.lsize(ind, sc, st, 1, 2 if ch in "ngm" else 3,
                                       dyn=ch in "nc" or r.random() < 0.5)
        outs = [r.randint(1, 3) for _ in range(nsp)]
        ks = [r.randint(1, 3) for _ in range(nsp)]
        strides = [r.choice([1, 1, 2, 3]) if strided else 1 for _ in range(nsp)]
        dils = [r.choice([1, 1, 2]) if strided else 1 for _ in range(nsp)]
        ins_sp = [(o - 1) * s + (k - 1) * d + 1 + (r.random() < 0.2) * r.randint(1, 2)
                  for o, k, s, d in zip(outs, ks, strides, dils)]

        def shape(layout, spatial):
            return [spatial[int(ch)] if ch.isdigit() else sizes[ch] for ch in layout]

        si, sk, so = shape(li, ins_sp), shape(lk, ks), shape(lo, outs)
        i = self.buf(ta, si, ind, sc, st)
        kb = self.buf(tb, sk, ind, sc, st)
        o = self.buf(tc, so, ind, sc, st, avoid=(i, kb))
        ins = [(i, mtype(si, ta)), (kb, mtype(sk, tb))]
        if name.endswith("_q"):
            for _ in range(2):
                ins.append((self.val("i32", ind, sc), "i32"))
        attrs = []
        if strided and (r.random() < 0.8 or any(x != 1 for x in strides + dils)):
            def dense(xs):
                body = str(xs[0]) if len(set(xs)) == 1 and r.random() < 0.5 else \
                    "[" + ", ".join(map(str, xs)) + "]"
                return f"dense<{body}> : tensor<{nsp}xi64>"
            if r.random() < 0.8 or any(x != 1 for x in dils):
                attrs.append(f"dilations = {dense(dils)}")
            if r.random() < 0.8 or any(x != 1 for x in strides):
                attrs.append(f"strides = {dense(strides)}")
        self.named(ind, name, attrs, ins, [(o, mtype(so, tc))])

    def shape_nd(self, ind, sc, st, rank=None):
        r = self.r
        rank = r.randint(1, 3) if rank is None else rank
        return [self.lsize(ind, sc, st) for _ in range(rank)]

    def l_elemwise(self, ind, sc, st):
        r = self.r
        shape = self.shape_nd(ind, sc, st)
        if r.random() < 0.4:
            fun = r.choice(UNARY_FUNS)
            tu = r.choice(LFLOATS)
            ti = r.choice(LTYPES)
            a = self.buf(ti, shape, ind, sc, st)
            o = self.buf(tu, shape, ind, sc, st, avoid=(a,))
            attrs = [f"fun = #linalg.unary_fn<{fun}>"] if fun != "exp" or r.random() < 0.5 else []
            if not is_float(ti) and r.random() < 0.5:
                attrs.append("cast = #linalg.type_fn<cast_unsigned>")
            self.named(ind, "elemwise_unary", attrs, [(a, mtype(shape, ti))],
                       [(o, mtype(shape, tu))])
            return
        fun = r.choice(BINARY_FUNS)
        tu = r.choice(LTYPES)
        if fun == "powf" or (fun == "div_unsigned" and is_float(tu)):
            tu = r.choice(LFLOATS) if fun == "powf" else r.choice(["i8", "i32", "i64"])
        t1 = r.choice(LTYPES) if is_float(tu) else r.choice(["i8", "i32", "i64"])
        t2 = r.choice(LTYPES) if is_float(tu) else r.choice(["i8", "i32", "i64"])
        unsigned = r.random() < 0.3
        positive = fun in ("div", "div_unsigned") and not is_float(tu)
        if positive:
            t2 = tu  # the divisor is odd and positive in the result type itself
        a = self.buf(t1, shape, ind, sc, st)
        b = self.buf(t2, shape, ind, sc, st, positive=positive)
        o = self.buf(tu, shape, ind, sc, st, avoid=(a, b))
        attrs = [f"fun = #linalg.binary_fn<{fun}>"] if fun != "add" or r.random() < 0.5 else []
        if unsigned:
            attrs.append("cast = #linalg.type_fn<cast_unsigned>")
        self.named(ind, "elemwise_binary", attrs, [(a, mtype(shape, t1)), (b, mtype(shape, t2))],
                   [(o, mtype(shape, tu))])

    def l_named_elementwise(self, ind, sc, st):
        r = self.r
        shape = self.shape_nd(ind, sc, st)
        mt = lambda t: mtype(shape, t)  # noqa: E731
        k = r.random()
        if k < 0.35:
            name = r.choice(NAMED_UNARY)
            t = r.choice(LFLOATS)
            a = self.buf(t, shape, ind, sc, st)
            o = self.buf(t, shape, ind, sc, st, avoid=(a,))
            self.named(ind, name, [], [(a, mt(t))], [(o, mt(t))])
        elif k < 0.9:
            name = r.choice(NAMED_BINARY)
            t = r.choice(LTYPES)
            if name == "powf":
                t = r.choice(LFLOATS)
            if name == "div_unsigned":
                t = r.choice(["i8", "i32", "i64"])
            positive = name in ("div", "div_unsigned") and not is_float(t)
            a = self.buf(t, shape, ind, sc, st)
            b = self.buf(t, shape, ind, sc, st, positive=positive)
            o = self.buf(t, shape, ind, sc, st, avoid=(a, b))
            self.named(ind, name, [], [(a, mt(t)), (b, mt(t))], [(o, mt(t))])
        else:
            t = r.choice(LTYPES)
            c = self.buf("i1", shape, ind, sc, st)
            a = self.buf(t, shape, ind, sc, st)
            b = self.buf(t, shape, ind, sc, st)
            o = self.buf(t, shape, ind, sc, st, avoid=(a, b))
            self.named(ind, "select", [], [(c, mt("i1")), (a, mt(t)), (b, mt(t))], [(o, mt(t))])

    def l_fill_copy(self, ind, sc, st):
        r = self.r
        shape = self.shape_nd(ind, sc, st, r.randint(0, 3))
        ti, to = r.choice([(t, t) for t in LTYPES] + [("i8", "i32"), ("i64", "i8"),
                                                       ("i32", "f32"), ("f32", "f64"),
                                                       ("f64", "f32"), ("i8", "f64")])
        if r.random() < 0.4:
            v = self.val(ti, ind, sc)
            o = self.buf(to, shape, ind, sc, st, reuse=0.7)
            self.emit(f"linalg.fill ins({v} : {ti}) outs({o} : {mtype(shape, to)})", ind)
            return
        a = self.buf(ti, shape, ind, sc, st)
        o = self.buf(to, shape, ind, sc, st, avoid=(a,))
        attrs = ["cast = #linalg.type_fn<cast_unsigned>"] if ti != to and r.random() < 0.4 \
            and not is_float(ti) else []
        self.named(ind, "copy", attrs, [(a, mtype(shape, ti))], [(o, mtype(shape, to))])

    def l_dst(self, ind, sc, st):
        """linalg.map / reduce / transpose / broadcast."""
        r = self.r
        k = r.random()
        if k < 0.3:  # map
            shape = self.shape_nd(ind, sc, st)
            tins = [r.choice(LTYPES) for _ in range(r.randint(1, 3))]
            tout = r.choice(LTYPES)
            ins = [self.buf(t, shape, ind, sc, st) for t in tins]
            o = self.buf(tout, shape, ind, sc, st, avoid=ins)
            args = [self.fresh("in") for _ in tins]
            self.emit(f"linalg.map ins({', '.join(ins)} : "
                      f"{', '.join(mtype(shape, t) for t in tins)}) "
                      f"outs({o} : {mtype(shape, tout)})", ind)
            self.emit(f"({', '.join(f'{a}: {t}' for a, t in zip(args, tins))}) {{", ind + 1)
            self.region_body(ind + 2, sc, list(zip(args, tins)), [], [tout], len(shape), False)
            self.emit("}", ind + 1)
        elif k < 0.6:  # reduce
            shape = self.shape_nd(ind, sc, st, r.randint(1, 3))
            n = len(shape)
            dims = sorted(r.sample(range(n), r.randint(1, n)))
            oshape = [s for i, s in enumerate(shape) if i not in dims]
            nio = r.choice([1, 1, 1, 2])
            tins = [r.choice(LTYPES) for _ in range(nio)]
            touts = [t if r.random() < 0.7 else r.choice(LTYPES) for t in tins]
            ins = [self.buf(t, shape, ind, sc, st) for t in tins]
            outs = []
            for t in touts:
                outs.append(self.buf(t, oshape, ind, sc, st, avoid=ins + outs))
            args = [self.fresh("in") for _ in tins] + [self.fresh("init") for _ in touts]
            self.emit(f"linalg.reduce ins({', '.join(ins)} : "
                      f"{', '.join(mtype(shape, t) for t in tins)}) outs({', '.join(outs)} : "
                      f"{', '.join(mtype(oshape, t) for t in touts)}) dimensions = "
                      f"[{', '.join(map(str, dims))}]", ind)
            self.emit(f"({', '.join(f'{a}: {t}' for a, t in zip(args, tins + touts))}) {{",
                      ind + 1)
            self.region_body(ind + 2, sc, list(zip(args, tins)), list(zip(args[nio:], touts)),
                             touts, 0, True)
            self.emit("}", ind + 1)
        elif k < 0.8:  # transpose
            # (never the identity: mlir-opt-19's TransposeOp::fold answers the input for it,
            # on memrefs too, and the greedy driver then erases the op -- the copy is lost)
            shape = self.shape_nd(ind, sc, st, r.randint(2, 3))
            perm = list(range(len(shape)))
            while perm == sorted(perm):
                r.shuffle(perm)
            oshape = [shape[p] for p in perm]
            t = r.choice(LTYPES)
            a = self.buf(t, shape, ind, sc, st)
            o = self.buf(t, oshape, ind, sc, st, avoid=(a,))
            self.emit(f"linalg.transpose ins({a} : {mtype(shape, t)}) outs({o} : "
                      f"{mtype(oshape, t)}) permutation = [{', '.join(map(str, perm))}]", ind)
        else:  # broadcast
            orank = r.randint(1, 3)
            oshape = self.shape_nd(ind, sc, st, orank)
            dims = sorted(r.sample(range(orank), r.randint(1, orank)))
            shape = [s for i, s in enumerate(oshape) if i not in dims]
            t = r.choice(LTYPES)
            a = self.buf(t, shape, ind, sc, st)
            o = self.buf(t, oshape, ind, sc, st, avoid=(a,))
            self.emit(f"linalg.broadcast ins({a} : {mtype(shape, t)}) outs({o} : "
                      f"{mtype(oshape, t)}) dimensions = [{', '.join(map(str, dims))}]", ind)

    def l_generic(self, ind, sc, st):
        r = self.r
        nd = r.randint(1, 4) if r.random() < 0.2 else r.randint(1, 3)
        iters = ["parallel" if r.random() < 0.65 else "reduction" for _ in range(nd)]
        par = [d for d in range(nd) if iters[d] == "parallel"]
        red = [d for d in range(nd) if iters[d] == "reduction"]
        sizes = [self.lsize(ind, sc, st, 1, 3 if nd > 2 else 4) for _ in range(nd)]
        in_maps = []
        for _ in range(r.randint(1, 3)):
            dims = r.sample(range(nd), r.randint(0, nd))
            in_maps.append(dims)
        missing = [d for d in red if not any(d in m for m in in_maps)]
        if missing:
            m = in_maps[0]
            for d in missing:
                m.insert(r.randrange(len(m) + 1), d)
        out_maps = []
        for _ in range(r.choice([1, 1, 1, 2])):
            p = list(par)
            r.shuffle(p)
            out_maps.append(p)
        tins = [r.choice(LTYPES + ["i16"]) for _ in in_maps]
        touts = [r.choice(LTYPES) for _ in out_maps]
        ins = []
        for dims, t in zip(in_maps, tins):
            ins.append(self.buf(t, [sizes[d] for d in dims], ind, sc, st))
        outs = []
        for dims, t in zip(out_maps, touts):
            outs.append(self.buf(t, [sizes[d] for d in dims], ind, sc, st, avoid=ins + outs))
        ds = ", ".join(f"d{i}" for i in range(nd))
        maps = ", ".join(f"affine_map<({ds}) -> ({', '.join(f'd{d}' for d in m)})>"
                         for m in in_maps + out_maps)
        its = ", ".join(f'"{i}"' for i in iters)
        in_t = ", ".join(mtype([sizes[d] for d in m], t) for m, t in zip(in_maps, tins))
        out_t = ", ".join(mtype([sizes[d] for d in m], t) for m, t in zip(out_maps, touts))
        self.emit(f"linalg.generic {{indexing_maps = [{maps}], iterator_types = [{its}]}} "
                  f"ins({', '.join(ins)} : {in_t}) outs({', '.join(outs)} : {out_t}) {{", ind)
        a_in = [(self.fresh("in"), t) for t in tins]
        a_out = [(self.fresh("out"), t) for t in touts]
        self.emit(f"^bb0({', '.join(f'{a}: {t}' for a, t in a_in + a_out)}):", ind)
        self.region_body(ind + 1, sc, a_in, a_out, touts, nd, bool(red))
        self.emit("}", ind)

    # -- region bodies ---------------------------------------------------------------------------
    def region_body(self, ind, sc, ins, outs, touts, nd, reduction):
        """Ops on the block arguments (and linalg.index below nd loops, and captured scope
        values) ending in linalg.yield of values of types touts."""
        r = self.r
        bsc = sc.child()
        args = ins + outs
        for a, t in args:
            bsc.add(a, t)
        srcs = list(args)
        if nd and r.random() < 0.5:
            for d in r.sample(range(nd), r.randint(1, nd)):
                srcs.append((self.op(ind, f"linalg.index {d} : index", "index", bsc), "index"))
        for _ in range(r.randint(0, 2)):
            self.scalar_op(ind, bsc)
        ys = []
        for i, t in enumerate(touts):
            v = self.conv(*r.choice(srcs), t, ind, bsc)
            for _ in range(r.randint(0, 2)):
                recent = [(v, vt) for v, vt in bsc.values[-3:] if vt in SCALARS]
                w = self.conv(*r.choice(srcs + recent), t, ind, bsc) \
                    if r.random() < 0.8 else self.val(t, ind, bsc)
                v = self.combine(v, w, t, ind, bsc)
            if i < len(outs) and (reduction or r.random() < 0.3):
                v = self.combine(outs[i][0], v, t, ind, bsc)  # accumulate into the output
            ys.append(v)
        self.emit(f"linalg.yield {', '.join(ys)} : {', '.join(touts)}", ind)

    def combine(self, a, b, t, ind, sc):
        r = self.r
        if is_float(t):
            op = r.choice(["addf", "subf", "mulf", "maximumf", "minimumf", "addf", "divf"])
            return self.op(ind, f"arith.{op} {a}, {b} : {t}", t, sc)
        if t == "i1":
            return self.op(ind, f"arith.{r.choice(['andi', 'ori', 'xori'])} {a}, {b} : i1", t, sc)
        k = r.random()
        if k < 0.75:
            op = r.choice(["addi", "subi", "muli", "andi", "ori", "xori", "maxsi", "minsi",
                           "maxui", "minui", "addi"])
            return self.op(ind, f"arith.{op} {a}, {b} : {t}", t, sc)
        if k < 0.9:
            d = self.safe_divisor_of(b, t, ind, sc)
            op = r.choice(["divsi", "divui", "remsi", "remui", "ceildivsi", "floordivsi"])
            return self.op(ind, f"arith.{op} {a}, {d} : {t}", t, sc)
        bits = {"i8": 8, "i16": 16, "i32": 32, "i64": 64, "index": 64}[t]
        m = self.op(ind, f"arith.constant {bits - 1} : {t}", t, sc)
        s = self.op(ind, f"arith.andi {b}, {m} : {t}", t, sc)
        return self.op(ind, f"arith.{r.choice(['shli', 'shrui', 'shrsi'])} {a}, {s} : {t}", t,
                       sc)

    def safe_divisor_of(self, d, t, ind, sc):
        bits = {"i8": 8, "i16": 16, "i32": 32, "i64": 64, "index": 64}[t]
        m = self.op(ind, f"arith.constant {(1 << (bits - 2)) - 1} : {t}", t, sc)
        a = self.op(ind, f"arith.andi {d}, {m} : {t}", t, sc)
        one = self.op(ind, f"arith.constant 1 : {t}", t, sc)
        return self.op(ind, f"arith.ori {a}, {one} : {t}", t, sc)

    def conv(self, v, frm, to, ind, sc):
        """v (of type frm) as type `to`, without poison (floats clamped before fptosi)."""
        r = self.r
        if frm == to:
            return v
        W = {"i1": 1, "i8": 8, "i16": 16, "i32": 32, "i64": 64}
        if frm == "index":
            if is_float(to):
                i = self.op(ind, f"arith.index_cast {v} : index to i64", "i64", sc)
                return self.conv(i, "i64", to, ind, sc)
            kind = r.choice(["index_cast", "index_castui"])
            return self.op(ind, f"arith.{kind} {v} : index to {to}", to, sc)
        if to == "index":
            if is_float(frm):
                v, frm = self.conv(v, frm, "i32", ind, sc), "i32"
            return self.op(ind, f"arith.index_cast {v} : {frm} to index", "index", sc)
        if not is_float(frm) and not is_float(to):
            if W[frm] < W[to]:
                kind = r.choice(["extsi", "extui"]) if frm != "i1" else "extui"
                return self.op(ind, f"arith.{kind} {v} : {frm} to {to}", to, sc)
            return self.op(ind, f"arith.trunci {v} : {frm} to {to}", to, sc)
        if not is_float(frm):
            kind = r.choice(["sitofp", "uitofp"])
            return self.op(ind, f"arith.{kind} {v} : {frm} to {to}", to, sc)
        if is_float(to):
            kind = "extf" if to == "f64" else "truncf"
            return self.op(ind, f"arith.{kind} {v} : {frm} to {to}", to, sc)
        if to == "i1":
            return self.op(ind, f"arith.cmpf {r.choice(['olt', 'oge', 'une'])}, {v}, {v} : {frm}",
                           "i1", sc)
        signed = r.random() < 0.6
        hi = {"i8": "1.000000e+02", "i16": "3.000000e+04"}.get(to, "1.000000e+09")
        lo = ("-" + hi) if signed else "0.000000e+00"
        c = self.clamp_float(v, frm, lo, hi, ind, sc)
        return self.op(ind, f"arith.{'fptosi' if signed else 'fptoui'} {c} : {frm} to {to}", to,
                       sc)
