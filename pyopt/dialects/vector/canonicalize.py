"""Folders and canonicalization patterns of the commonest vector ops (VectorOps.cpp), and the
dialect's constant materializer (arith.constant). Attached by `attach(VECTOR)`."""
from __future__ import annotations

from ...ir.attributes import IntegerAttr, FloatAttr, DenseElementsAttr, DenseArrayAttr
from ...ir.types import VectorType, I64
from ...rewrite.pattern import RewritePattern
from ...rewrite.folding import constant_value

FOLDS = {}
_PATTERNS = {}


def _fold(name):
    def deco(fn):
        FOLDS["vector." + name] = fn
        return fn
    return deco


def _pat(name, benefit=1):
    def deco(fn):
        _PATTERNS.setdefault("vector." + name, []).append(
            RewritePattern("vector." + name, benefit, fn))
        return fn
    return deco


def _def(v, name=None):
    d = v.defining_op() if hasattr(v, "defining_op") else None
    if d is None or (name is not None and d.name != name):
        return None
    return d


def _scalar_value(a):
    """The raw element value of an IntegerAttr/FloatAttr (as DenseElementsAttr stores it)."""
    return a.value if type(a) is IntegerAttr else a.bits


def _splat(type_, a):
    """A splat DenseElementsAttr of `type_` from a scalar or splat attribute, else None."""
    if type(a) in (IntegerAttr, FloatAttr):
        return DenseElementsAttr(type_, [_scalar_value(a)])
    if type(a) is DenseElementsAttr and a.is_splat:
        return DenseElementsAttr(type_, [a.values[0]])
    return None


def _scalar_attr(elem_type, raw):
    if type(elem_type).__name__ == "FloatType":
        return FloatAttr(elem_type, raw)
    return IntegerAttr(elem_type, raw)


# ---------------------------------------------------------------------------- folds
@_fold("splat")
def _fold_splat(op, consts):
    c = consts[0]
    if type(c) in (IntegerAttr, FloatAttr):
        return _splat(op.results[0].type, c)
    return None


@_fold("broadcast")
def _fold_broadcast(op, consts):
    src, res = op.operand(0), op.results[0].type
    if src.type is res:
        return src
    if consts[0] is not None:
        return _splat(res, consts[0])
    return None


@_fold("transpose")
def _fold_transpose(op, consts):
    c = consts[0]
    if type(c) is DenseElementsAttr and c.is_splat:
        return DenseElementsAttr(op.results[0].type, [c.values[0]])
    perm = op.get_attr("permutation").values
    if all(p == i for i, p in enumerate(perm)):
        return op.operand(0)
    return None


@_fold("shape_cast")
def _fold_shape_cast(op, consts):
    from .verifiers import _valid_shape_cast
    src, res = op.operand(0), op.results[0].type
    if src.type is res:
        return src
    other = _def(src, "vector.shape_cast")
    if other is not None:
        orig = other.operand(0)
        if orig.type is res:
            return orig
        st = orig.type
        if len(st.shape) < len(res.shape):
            ok = _valid_shape_cast(st.shape, res.shape)
        elif len(st.shape) > len(res.shape):
            ok = _valid_shape_cast(res.shape, st.shape)
        else:
            ok = False
        if not ok:
            return None
        op.set_operand(0, orig)
        return op.results[0]
    b = _def(src, "vector.broadcast")
    if b is not None and b.operand(0).type is res:
        return b.operand(0)
    return None


@_fold("bitcast")
def _fold_bitcast(op, consts):
    src, res = op.operand(0), op.results[0].type
    if src.type is res:
        return src
    other = _def(src, "vector.bitcast")
    if other is not None:
        if other.operand(0).type is res:
            return other.operand(0)
        op.set_operand(0, other.operand(0))
        return op.results[0]
    return None


@_fold("multi_reduction")
def _fold_multi_reduction(op, consts):
    src = op.operand(0).type
    dims = {x.value for x in op.get_attr("reduction_dims")}
    if len(src.shape) == 1 and 0 not in dims:
        return op.operand(0)
    return None


@_fold("step")
def _fold_step(op, consts):
    t = op.results[0].type
    if t.is_scalable:
        return None
    return DenseElementsAttr(t, list(range(t.num_elements)))


@_fold("extractelement")
def _fold_extractelement(op, consts):
    if len(op.operand_slots) < 2:
        return None
    d = _def(op.operand(0))
    if d is not None and d.name in ("vector.splat", "vector.broadcast") and \
            d.operand(0).type is op.results[0].type:
        return d.operand(0)
    vec, pos = consts[0], consts[1]
    if type(vec) is DenseElementsAttr and type(pos) is IntegerAttr:
        vals = vec.all_values()
        if 0 <= pos.value < len(vals):
            return _scalar_attr(vec.element_type, vals[pos.value])
    return None


@_fold("extract")
def _fold_extract(op, consts):
    pos = op.get_attr("static_position").values
    src = op.operand(0)
    if not pos and src.type is op.results[0].type:
        return src
    if any(p < 0 for p in pos):  # dynamic positions: not handled here
        return None
    r = _fold_extract_from_broadcast(op, pos)
    if r is not None:
        return r
    return None


def _rank(t):
    return len(t.shape) if type(t) is VectorType else 0


def _fold_extract_from_broadcast(op, pos):
    d = _def(op.operand(0))
    if d is None or d.name not in ("vector.broadcast", "vector.splat"):
        return None
    source = d.operand(0)
    rt = op.results[0].type
    if rt is source.type:
        return source
    src_rank = _rank(source.type)
    if src_rank == 0 and source.type is rt:
        return source
    res_rank = _rank(rt)
    if res_rank >= src_rank:
        return None
    if type(rt) is VectorType and type(source.type) is VectorType and \
            tuple(rt.shape) != tuple(source.type.shape[len(source.type.shape) - res_rank:]):
        return None
    if d.name != "vector.broadcast":
        return None
    dst = d.results[0].type
    diff = len(dst.shape) - src_rank
    unit = {diff + i for i, s in enumerate(source.type.shape)
            if s == 1 and dst.shape[diff + i] != 1}
    new_pos = list(pos)
    for i in range(diff, len(new_pos)):
        if i in unit:
            new_pos[i] = 0
    keep = src_rank - res_rank
    new_pos = new_pos[len(new_pos) - keep:] if keep else []
    op.set_operand(0, source)
    op.properties["static_position"] = DenseArrayAttr(I64, new_pos)
    return op.results[0]


# ---------------------------------------------------------------------------- patterns
def _const_of(v):
    d = _def(v)
    return constant_value(d) if d is not None else None


@_pat("extract")
def ExtractOpConstantFolder(op, rw):
    pos = op.get_attr("static_position").values
    c = _const_of(op.operand(0))
    if type(c) is not DenseElementsAttr:
        return False
    rt = op.results[0].type
    if c.is_splat:
        a = DenseElementsAttr(rt, [c.values[0]]) if type(rt) is VectorType else \
            _scalar_attr(c.element_type, c.values[0])
    else:
        vt = op.operand(0).type
        if any(p < 0 for p in pos) or vt.is_scalable:
            return False
        full = list(pos) + [0] * (len(vt.shape) - len(pos))
        lin, stride = 0, 1
        for p, s in zip(reversed(full), reversed(vt.shape)):
            lin += p * stride
            stride *= s
        vals = c.all_values()
        if type(rt) is VectorType:
            a = DenseElementsAttr(rt, vals[lin:lin + rt.num_elements])
        else:
            a = _scalar_attr(c.element_type, vals[lin])
    rw.replace_op_with_new_op(op, "arith.constant", result_types=[rt],
                              properties={"value": a})
    return True


@_pat("transpose")
def TransposeFolder(op, rw):
    """transpose(transpose(x)) -> transpose(x) with the composed permutation."""
    inner = _def(op.operand(0), "vector.transpose")
    if inner is None:
        return False
    p1 = inner.get_attr("permutation").values
    p2 = op.get_attr("permutation").values
    composed = [p1[p] for p in p2]
    rw.replace_op_with_new_op(op, "vector.transpose", operands=[inner.operand(0)],
                              result_types=[op.results[0].type],
                              properties={"permutation": DenseArrayAttr(I64, composed)})
    return True


@_pat("extract")
def ExtractOpFromBroadcast(op, rw):
    """extract(broadcast(x)) -> broadcast(x) when the extracted vector still broadcasts x."""
    d = _def(op.operand(0))
    if d is None or d.name not in ("vector.broadcast", "vector.splat"):
        return False
    source = d.operand(0)
    rt = op.results[0].type
    if rt is source.type or type(rt) is not VectorType or _rank(rt) < _rank(source.type):
        return False
    rw.replace_op_with_new_op(op, "vector.broadcast", operands=[source], result_types=[rt])
    return True


@_pat("transpose")
def TransposeOfBroadcastOrSplat(op, rw):
    """transpose(splat x) / transpose(broadcast scalar) -> splat / broadcast of the result."""
    d = _def(op.operand(0))
    if d is None or d.name not in ("vector.broadcast", "vector.splat") or \
            type(d.operand(0).type) is VectorType:
        return False
    rw.replace_op_with_new_op(op, d.name, operands=[d.operand(0)],
                              result_types=[op.results[0].type])
    return True


@_pat("broadcast")
def BroadcastFolder(op, rw):
    """broadcast(broadcast(x)) -> broadcast(x)."""
    inner = _def(op.operand(0), "vector.broadcast")
    if inner is None:
        return False
    rw.replace_op_with_new_op(op, "vector.broadcast", operands=[inner.operand(0)],
                              result_types=[op.results[0].type])
    return True


@_pat("shape_cast")
def ShapeCastConstantFolder(op, rw):
    c = _const_of(op.operand(0))
    if type(c) is not DenseElementsAttr or not c.is_splat:
        return False
    rt = op.results[0].type
    rw.replace_op_with_new_op(op, "arith.constant", result_types=[rt],
                              properties={"value": DenseElementsAttr(rt, [c.values[0]])})
    return True


# ---------------------------------------------------------------------------- wiring
def materialize_constant(rewriter, attr, type_, loc):
    from ..arith.folds import materialize_constant as arith_materialize
    return arith_materialize(rewriter, attr, type_, loc)


def attach(dialect):
    dialect.materialize_constant = materialize_constant
    for name, fn in FOLDS.items():
        d = dialect.ops.get(name)
        if d is not None and d.fold is None:
            d.fold = fn
    for name, pats in _PATTERNS.items():
        d = dialect.ops.get(name)
        if d is not None:
            d.canonicalize = list(d.canonicalize or []) + pats
