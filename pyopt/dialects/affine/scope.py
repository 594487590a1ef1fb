"""Which SSA values may serve as affine dimensions or symbols (upstream isValidDim /
isValidSymbol), relative to the region of the closest enclosing AffineScope op.

Ops of other dialects are recognised by trait or name: constants by ConstantLike, `dim` ops
(memref.dim, tensor.dim) and the memref producers whose sizes a `dim` may look through.
"""
from __future__ import annotations

from pyopt.ir.core import BlockArgument, OpResult
from pyopt.ir.attributes import IntegerAttr
from pyopt.ir.types import INDEX, MemRefType, UnrankedMemRefType, DYNAMIC
from pyopt.ir.opdef import AFFINE_SCOPE, CONSTANT_LIKE, ISOLATED

SHAPED_DIM = "ShapedDimOpInterface"  # trait a dialect may give its `dim`-like ops
# (like memref.dim and tensor.dim, such an op names its operands `source` and `index`)
_DIM_OPS = frozenset(("memref.dim", "tensor.dim"))
# memref producers whose dynamic sizes a dim op can see through, and their size operands
_SIZED_MEMREF_OPS = {"memref.alloc": "dynamicSizes", "memref.view": "sizes",
                     "memref.subview": "sizes"}


def _has_trait(op, trait):
    d = op.opdef
    return d is not None and trait in d.traits


def _is_constant(op):
    return _has_trait(op, CONSTANT_LIKE)


def _is_dim_op(op):
    return op.name in _DIM_OPS or _has_trait(op, SHAPED_DIM)


def get_affine_scope(op):
    """The region (of the closest AffineScope ancestor) that holds `op`, or None."""
    cur = op
    while True:
        parent = cur.parent_op
        if parent is None:
            return None
        if _has_trait(parent, AFFINE_SCOPE):
            return cur.parent_region
        cur = parent


def _defined_in(value, region):
    """isTopLevelValue(value, region): an argument of, or defined directly in, `region`."""
    if type(value) is BlockArgument:
        return value.owner.parent is region
    return value.owner.parent_region is region


def is_top_level_value(value):
    """Defined directly in (or an argument of) a region of an AffineScope op."""
    if type(value) is BlockArgument:
        region = value.owner.parent
        parent = region.parent if region is not None else None
    else:
        parent = value.owner.parent_op
    return parent is not None and _has_trait(parent, AFFINE_SCOPE)


def _dominates_scope(value, region):
    """Climbs from `region` through non-isolated parents looking for the region that
    defines `value` at its top level (values dominating the scope op are symbols)."""
    while region is not None:
        if _defined_in(value, region):
            return True
        op = region.parent
        if op is None or _has_trait(op, ISOLATED):
            return False
        region = op.parent_region
    return False


def is_valid_symbol(value, region):
    if value.type is not INDEX:
        return False
    # Affine.apply chains are walked with a stack (they can be long).
    stack = [value]
    while stack:
        v = stack.pop()
        if v.type is not INDEX:
            return False
        if region is not None and _defined_in(v, region):
            continue
        if type(v) is not OpResult:
            if region is None or not _dominates_scope(v, _parent_region_of(region)):
                return False
            continue
        op = v.owner
        if _is_constant(op):
            continue
        if op.name == "affine.apply":
            stack.extend(op.operands)
            continue
        if _is_dim_op(op):
            if not _dim_op_valid_symbol(op, region):
                return False
            continue
        if region is None or not _dominates_scope(v, _parent_region_of(region)):
            return False
    return True


def _parent_region_of(region):
    op = region.parent
    if op is None or _has_trait(op, ISOLATED):
        return None
    return op.parent_region


def is_valid_dim(value, region):
    stack = [value]
    while stack:
        v = stack.pop()
        if v.type is not INDEX:
            return False
        if is_valid_symbol(v, region):
            continue
        if type(v) is not OpResult:
            r = v.owner.parent
            parent = r.parent if r is not None else None
            if parent is None or parent.name not in ("affine.for", "affine.parallel"):
                return False
            continue
        op = v.owner
        if op.name == "affine.apply":
            stack.extend(op.operands)
            continue
        if _is_dim_op(op) and op.operand_slots and is_top_level_value(op.source):
            continue
        return False
    return True


def is_valid_index(value, region):
    """isValidAffineIndexOperand: usable as a load/store/dma subscript."""
    return is_valid_dim(value, region) or is_valid_symbol(value, region)


def _constant_int(value):
    if type(value) is not OpResult or not _is_constant(value.owner):
        return None
    a = value.owner.properties.get("value")
    if a is None:
        a = value.owner.attributes.get("value")
    return a.value if type(a) is IntegerAttr else None


def _dim_op_valid_symbol(dim_op, region):
    if len(dim_op.operand_slots) < 2:
        return False
    shaped = dim_op.source
    if is_top_level_value(shaped):
        return True
    if type(shaped) is BlockArgument:
        return False
    index = _constant_int(dim_op.index)
    if index is None:
        return False
    op = shaped.owner
    while op.name == "memref.cast":
        src = op.source
        if type(src.type) is UnrankedMemRefType or type(src) is not OpResult:
            return False
        op = src.owner
    group = _SIZED_MEMREF_OPS.get(op.name)
    if group is None or not op.results:
        return False
    t = op.results[0].type
    if type(t) is not MemRefType or not 0 <= index < len(t.shape):
        return False
    if t.shape[index] != DYNAMIC:
        return True
    pos = sum(1 for s in t.shape[:index] if s == DYNAMIC)
    sizes = _operand_group(op, group)
    if sizes is None or pos >= len(sizes):
        return False
    return is_valid_symbol(sizes[pos], region)


def _operand_group(op, name):
    d = op.opdef
    if d is None:
        return None
    acc = d.accessors.get(name)
    if acc is None or acc[0] != "operand":
        return None
    g = d.get_group(op, "operand", acc[1])
    return g if isinstance(g, list) else [g]


def verify_dims_and_symbols(op, operands, num_dims):
    """verifyDimAndSymbolIdentifiers: the first `num_dims` operands must be valid dims,
    the rest valid symbols, in the op's affine scope."""
    from pyopt.ir.verifier import op_error
    scope = get_affine_scope(op)
    for i, v in enumerate(operands):
        if i < num_dims:
            if not is_valid_dim(v, scope):
                raise op_error(op, "operand cannot be used as a dimension id")
        elif not is_valid_symbol(v, scope):
            raise op_error(op, "operand cannot be used as a symbol")
