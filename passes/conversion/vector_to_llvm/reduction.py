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
