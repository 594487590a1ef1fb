"""vector.reduction -> llvm.intr.vector.reduce.*; an accumulator is combined afterwards
(integers, fp min/max) or passed as the start value (fp add/mul)."""
from __future__ import annotations

from pyopt.ir.attributes import FloatAttr, IntegerAttr
from pyopt.ir.types import I64, FloatType, IntegerType, IndexType
from pyopt.dialects.llvm.attrs import FastmathFlagsAttr
from passes.conversion.llvm_common import builders as B
from passes.conversion.llvm_common.pattern import ConvertOpToLLVMPattern, llvm_fastmath

R = "llvm.intr.vector.reduce."
# kind -> (intrinsic, scalar combiner op, icmp predicate for select-based combiners)
INT_KINDS = {
    "add": ("add", "llvm.add", None), "mul": ("mul", "llvm.mul", None),
    "and": ("and", "llvm.and", None), "or": ("or", "llvm.or", None),
    "xor": ("xor", "llvm.xor", None),
    "minui": ("umin", None, "ule"), "minsi": ("smin", None, "sle"),
    "maxui": ("umax", None, "uge"), "maxsi": ("smax", None, "sge"),
}
FP_MINMAX = {"minimumf": ("fminimum", "llvm.intr.minimum"),
             "maximumf": ("fmaximum", "llvm.intr.maximum"),
             "minnumf": ("fmin", "llvm.intr.minnum"), "maxnumf": ("fmax", "llvm.intr.maxnum")}
FP_START = {"add": ("fadd", 0.0), "mul": ("fmul", 1.0)}
REASSOC = 64  # #llvm.fastmath<reassoc>
_ICMP = {"eq": 0, "ne": 1, "slt": 2, "sle": 3, "sgt": 4, "sge": 5, "ult": 6, "ule": 7,
         "ugt": 8, "uge": 9}


class ReductionLowering(ConvertOpToLLVMPattern):
    root = "vector.reduction"

    def __init__(self, tc, reassociate=False):
        super().__init__(tc)
        self.reassociate = reassociate

    def match_and_rewrite(self, op, adaptor, rw):
        kind = op.properties["kind"].name
        elt = op.results[0].type
        llvm_t = self.tc.convert_type(elt)
        loc = op.loc
        vec = adaptor[0]
        acc = adaptor[1] if len(adaptor) > 1 else None
        if type(elt) in (IntegerType, IndexType):
            entry = INT_KINDS.get(kind)
            if entry is None:
                return False
            intr, comb, pred = entry
            r = B.create(rw, R + intr, [vec], [llvm_t], loc=loc).results[0]
            if acc is not None:
                if comb is not None:
                    r = B.binary(rw, comb, acc, r, loc)
                else:
                    from pyopt.ir.types import I1
                    c = B.create(rw, "llvm.icmp", [acc, r], [I1], loc=loc, properties={
                        "predicate": IntegerAttr(I64, _ICMP[pred])}).results[0]
                    r = B.create(rw, "llvm.select", [c, acc, r], [llvm_t],
                                 loc=loc).results[0]
            rw.replace_op(op, [r])
            return True
        if not isinstance(elt, FloatType):
            return False
        fmf = llvm_fastmath(op.properties.get("fastmath"))
        if self.reassociate:
            fmf = FastmathFlagsAttr(fmf.value | REASSOC)
        if kind in FP_START:
            intr, neutral = FP_START[kind]
            if acc is None:
                acc = B.constant(rw, llvm_t, FloatAttr.from_float(llvm_t, neutral), loc)
            r = B.create(rw, R + intr, [acc, vec], [llvm_t], loc=loc,
                         properties={"fastmathFlags": fmf}).results[0]
        elif kind in FP_MINMAX:
            intr, comb = FP_MINMAX[kind]
            attrs = {"fastmathFlags": fmf} if fmf.value else {}
            r = B.create(rw, R + intr, [vec], [llvm_t], loc=loc, attributes=attrs).results[0]
            if acc is not None:
                r = B.create(rw, comb, [r, acc], [llvm_t], loc=loc).results[0]
        else:
            return False
        rw.replace_op(op, [r])
        return True


# -- vector.mask { vector.reduction }: LLVM's vector-predicated reductions ------------------------
# kind -> (vp intrinsic for integers, its neutral start, for floats, its neutral start)
_VP = {"add": ("add", "zero", "fadd", "zero"), "mul": ("mul", "one", "fmul", "fone"),
       "minui": ("umin", "umax", None, None), "minsi": ("smin", "smax", None, None),
       "maxui": ("umax", "umin", None, None), "maxsi": ("smax", "smin", None, None),
       "and": ("and", "ones", None, None), "or": ("or", "zero", None, None),
       "xor": ("xor", "zero", None, None),
       "minnumf": (None, None, "fmin", "fnan-"), "maxnumf": (None, None, "fmax", "fnan+")}
# fmaximum/fminimum have no vp form: masked-off lanes get a neutral value first
_MASK_NEUTRAL = {"maximumf": ("fmaximum", "llvm.intr.maximum", "smallest-"),
                 "minimumf": ("fminimum", "llvm.intr.minimum", "largest+")}


def _neutral_attr(t, which):
    if isinstance(t, FloatType):
        from pyopt.syntax.float_format import KINDS, _nan_bits, _pack
        s = KINDS[t.kind]
        bits = {"zero": 0, "fone": None, "fnan+": _nan_bits(False, s),
                "fnan-": _nan_bits(True, s), "smallest-": _pack(True, 1, s.qmin, s),
                "largest+": _pack(False, s.max_sig, s.qmax, s)}[which]
        return FloatAttr.from_float(t, 1.0) if bits is None else FloatAttr(t, bits)
    w = t.width
    v = {"zero": 0, "one": 1, "ones": -1, "smin": -(1 << (w - 1)), "smax": (1 << (w - 1)) - 1,
         "umin": 0, "umax": -1}[which]
    return IntegerAttr(t, v)


class MaskedReductionLowering(ConvertOpToLLVMPattern):
    root = "vector.mask"

    def match_and_rewrite(self, op, adaptor, rw):
        body = op.regions[0].blocks[0] if op.regions and op.regions[0].blocks else None
        red = body.first if body is not None else None
        if red is None or red.name != "vector.reduction":
            return False
        kind = red.properties["kind"].name
        llvm_t = self.tc.convert_type(red.results[0].type)
        if llvm_t is None:
            return False
        loc = red.loc
        vec = rw.remap_operand(red, red.vector, self.tc)
        acc = rw.remap_operand(red, red.acc, self.tc) if red.acc is not None else None
        mask = adaptor[0]
        if kind in _MASK_NEUTRAL:
            intr, comb, which = _MASK_NEUTRAL[kind]
            from pyopt.ir.attributes import DenseElementsAttr
            neutral = B.constant(rw, vec.type, DenseElementsAttr(
                vec.type, [_neutral_attr(llvm_t, which).bits]), loc)
            sel = B.create(rw, "llvm.select", [mask, vec, neutral], [vec.type],
                           loc=loc).results[0]
            fmf = llvm_fastmath(red.properties.get("fastmath"))
            attrs = {"fastmathFlags": fmf} if fmf.value else {}
            r = B.create(rw, R + intr, [sel], [llvm_t], loc=loc, attributes=attrs).results[0]
            if acc is not None:
                r = B.create(rw, comb, [r, acc], [llvm_t], loc=loc).results[0]
            rw.replace_op(op, [r])
            return True
        entry = _VP.get(kind)
        if entry is None:
            return False
        is_float = isinstance(llvm_t, FloatType)
        intr, which = entry[2:] if is_float else entry[:2]
        if intr is None:
            return False
        if acc is None:
            acc = B.constant(rw, llvm_t, _neutral_attr(llvm_t, which), loc)
        evl = _vector_length(rw, loc, vec.type)
        r = B.create(rw, "llvm.intr.vp.reduce." + intr, [acc, vec, mask, evl], [llvm_t],
                     loc=loc).results[0]
        rw.replace_op(op, [r])
        return True


def _vector_length(rw, loc, vt):
    """The explicit vector length of the vp intrinsics: the lane count (times vscale)."""
    from pyopt.ir.types import I32, INDEX
    n = B.constant(rw, I32, IntegerAttr(I32, vt.shape[0]), loc)
    if not vt.scalable_dims[0]:
        return n
    vs = rw.create("vector.vscale", [], [INDEX], loc=loc).results[0]
    vs = rw.create("arith.index_cast", [vs], [I32], loc=loc).results[0]
    return rw.create("arith.muli", [n, vs], [I32], loc=loc).results[0]
