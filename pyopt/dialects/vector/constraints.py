"""Type and attribute constraints of the vector ops (VectorOps.td): VectorOf<[...]>,
VectorOfRankAndType and the other vector type constraints, the transfer ops' in_bounds bool
array and vector.print's source."""
from __future__ import annotations

from pyopt.ir.attributes import ArrayAttr, BoolAttr, IntegerAttr
from pyopt.ir.types import VectorType, IntegerType, IndexType, FloatType, MemRefType, I1, INDEX
from pyopt.ir.constraints import TypeConstraint, ArrayAttrC, BoolAttrConstraint


def _is_vec(t):
    return type(t) is VectorType


def vector_of(elem_pred, elem_summary, any_rank=False):
    """VectorOf<[...]> / VectorOfAnyRankOf<[...]>: "vector of X values"."""
    if any_rank:
        pred = lambda t: type(t) is VectorType and elem_pred(t.element_type)  # noqa: E731
    else:
        pred = lambda t: type(t) is VectorType and bool(t.shape) and \
            elem_pred(t.element_type)  # noqa: E731
    return TypeConstraint(pred, f"vector of {elem_summary} values", type_class=VectorType)


def vector_rank1(elem_pred=None, elem_summary=None, scalable=False):
    """VectorOfRank<[1]> (summary " of ranks 1"), optionally VectorOfRankAndType."""
    def pred(t):
        return type(t) is VectorType and len(t.shape) == 1 and \
            (not scalable or t.is_scalable) and (elem_pred is None or elem_pred(t.element_type))
    summary = " of ranks 1" if elem_pred is None else f"vector of {elem_summary} values of ranks 1"
    return TypeConstraint(pred, summary, type_class=VectorType)


def _any(t):
    return True


def _int(t):
    return type(t) is IntegerType


def _signless(t):
    return type(t) is IntegerType and t.signedness == 0


def _float(t):
    return type(t) is FloatType


def _matrix_elem(t):
    return (type(t) is IntegerType and t.signedness != 2) or type(t) is IndexType or \
        type(t) is FloatType


VecAnyRank = vector_of(_any, "any type", any_rank=True)
Vec = vector_of(_any, "any type")
FixedVec = TypeConstraint(lambda t: type(t) is VectorType and not t.is_scalable,
                          "fixed-length vector of any type values", type_class=VectorType)
VecFloatAnyRank = vector_of(_float, "floating-point", any_rank=True)
VecI1AnyRank = vector_of(lambda t: t is I1, "1-bit signless integer", any_rank=True)
VecI1 = vector_of(lambda t: t is I1, "1-bit signless integer")
VecIntOrIndex = vector_of(lambda t: _int(t) or t is INDEX, "integer or index")
VecRank1 = vector_rank1()
ScalableVecRank1 = vector_rank1(scalable=True)
VecRank1I1 = vector_rank1(lambda t: t is I1, "1-bit signless integer")
VecRank1IntOrIndex = vector_rank1(lambda t: _int(t) or t is INDEX, "integer or index")
VecRank1Index = vector_rank1(lambda t: t is INDEX, "index")
MatrixVec = vector_rank1(_matrix_elem, "signless integer or signed integer or index or "
                                       "floating-point")
ScalarOrIndex = TypeConstraint(lambda t: _signless(t) or t is INDEX or _float(t),
                               "integer/index/float type")
StaticShapeMemRef = TypeConstraint(lambda t: type(t) is MemRefType and t.has_static_shape(),
                                   "statically shaped memref of any type values",
                                   type_class=MemRefType)

FALSE = BoolAttr(False)
NonTemporal = BoolAttrConstraint.with_default(FALSE).opt()

BoolArrayAttr = ArrayAttrC(None, "1-bit boolean array attribute")
BoolArrayAttr.check = lambda a: type(a) is ArrayAttr and all(
    type(x) is IntegerAttr and x.type is I1 for x in a)

PrintSource = TypeConstraint(
    lambda t: type(t) in (VectorType, IntegerType, IndexType, FloatType), "")
