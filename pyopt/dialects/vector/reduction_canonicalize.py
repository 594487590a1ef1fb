"""Canonicalization patterns of vector.reduction, vector.multi_reduction (unit reductions
become extracts / shape_casts combined with the accumulator, under the vector.mask if any)
and the add(contract(.., zero), x) pattern vector.contract registers on arith adds
(VectorOps.cpp)."""
from __future__ import annotations

from pyopt.ir.attributes import IntegerAttr, FloatAttr, DenseElementsAttr, DenseArrayAttr
from pyopt.ir.types import VectorType, IntegerType, IndexType, I1, I64
from pyopt.rewrite.pattern import RewritePattern
from pyopt.rewrite.folding import create_or_fold
from pyopt.dialects.vector.attrs import ints
from pyopt.dialects.vector.folds import defining

PATTERNS = {}


def pattern(name, root=None):
    def deco(fn):
        PATTERNS.setdefault("vector." + name, []).append(
            RewritePattern(root or "vector." + name, 1, fn))
        return fn
    return deco


def _masking_op(op):
    """The vector.mask wrapping op (MaskableOpInterface::getMaskingOp), else None."""
    p = op.parent_op
    return p if p is not None and p.name == "vector.mask" else None


# ---------------------------------------------------------------------------- reductions
_INT_COMBINERS = {"add": "arith.addi", "mul": "arith.muli", "and": "arith.andi",
                  "or": "arith.ori", "xor": "arith.xori", "maxsi": "arith.maxsi",
                  "minsi": "arith.minsi", "maxui": "arith.maxui", "minui": "arith.minui"}
_FLOAT_COMBINERS = {"add": "arith.addf", "mul": "arith.mulf", "maxnumf": "arith.maxnumf",
                    "minnumf": "arith.minnumf", "maximumf": "arith.maximumf",
                    "minimumf": "arith.minimumf"}


def _elem(t):
    return t.element_type if type(t) is VectorType else t


def _combiner(kind, type_):
    """The arith op combining two values of `type_` for `kind` (None if there is none)."""
    is_int = type(_elem(type_)) in (IntegerType, IndexType)
    return (_INT_COMBINERS if is_int else _FLOAT_COMBINERS).get(kind.name)


def make_arith_reduction(rw, loc, kind, v1, acc, fastmath=None, mask=None):
    """vector::makeArithReduction: combines v1 and acc with the kind's arith op (folded
    when possible), then selects acc where `mask` is off."""
    is_int = type(_elem(v1.type)) in (IntegerType, IndexType)
    name = _combiner(kind, v1.type)
    props = {"fastmath": fastmath} if fastmath is not None and not is_int else None
    res = create_or_fold(rw, name, [v1, acc], [v1.type], loc, properties=props)[0]
    if mask is None:
        return res
    return rw.create("arith.select", [mask, res, acc], [res.type], loc=loc).results[0]


@pattern("reduction")
def ElideSingleElementReduction(op, rw):
    vt = op.vector.type
    if (vt.shape and vt.shape[0] != 1) or _combiner(op.get_attr("kind"), vt) is None:
        return False
    root, mask = op, None
    masking = _masking_op(op)
    if masking is not None:
        rw.set_insertion_point(masking)
        root, mask = masking, masking.mask
    loc = op.loc
    et = vt.element_type
    if not vt.shape:
        if mask is not None:
            mask = rw.create("vector.extractelement", [mask], [I1], loc=loc).results[0]
        res = rw.create("vector.extractelement", [op.vector], [et], loc=loc).results[0]
    else:
        if mask is not None:
            mask = _extract(rw, mask, [0], I1, loc)
        res = _extract(rw, op.vector, [0], et, loc)
    if op.acc is not None:
        res = make_arith_reduction(rw, loc, op.get_attr("kind"), res, op.acc,
                                   op.get_attr("fastmath"), mask)
    rw.replace_op(root, [res])
    return True


def _extract(rw, v, pos, type_, loc):
    return rw.create("vector.extract", [v], [type_], loc=loc,
                     properties={"static_position": DenseArrayAttr(I64, pos)}).results[0]


@pattern("multi_reduction")
def ElideUnitDimsInMultiDimReduction(op, rw):
    src = op.source
    shape = src.type.shape
    dims = set(ints(op.get_attr("reduction_dims")))
    if any(i in dims and s != 1 for i, s in enumerate(shape)) or \
            _combiner(op.get_attr("kind"), src.type) is None:
        return False
    root, mask = op, None
    masking = _masking_op(op)
    if masking is not None:
        rw.set_insertion_point(masking)
        root, mask = masking, masking.mask
    loc = op.loc
    dest = op.results[0].type
    if type(dest) is VectorType:
        if mask is not None:
            mt = VectorType(list(dest.shape), I1, dest.scalable_dims)
            mask = rw.create("vector.shape_cast", [mask], [mt], loc=loc).results[0]
        cast = rw.create("vector.shape_cast", [src], [dest], loc=loc).results[0]
    else:
        zeros = [0] * len(shape)
        if mask is not None:
            mask = _extract(rw, mask, zeros, I1, loc)
        cast = _extract(rw, src, zeros, dest, loc)
    res = make_arith_reduction(rw, loc, op.get_attr("kind"), op.acc, cast, None, mask)
    rw.replace_op(root, [res])
    return True


# ---------------------------------------------------------------------------- contract
def _contract_add(op, rw):
    """add(contract(a, b, zero), x) -> contract(a, b, x) (CanonicalizeContractAdd)."""
    def zero_of(t):
        if type(t) is VectorType:
            return DenseElementsAttr(t, [0])
        return FloatAttr(t, 0) if type(t).__name__ == "FloatType" else IntegerAttr(t, 0)

    for a, b in ((op.lhs, op.rhs), (op.rhs, op.lhs)):
        c = defining(a, "vector.contract")
        if c is None:
            continue
        z = defining(c.acc, "arith.constant")
        if z is None or z.get_attr("value") is not zero_of(c.acc.type):
            continue
        new = rw.clone(c, {c.acc: b})
        rw.replace_op(op, [new.results[0]])
        return True
    return False


pattern("contract", "arith.addi")(_contract_add)
pattern("contract", "arith.addf")(_contract_add)
