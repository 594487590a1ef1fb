"""Folds and canonicalization patterns of the bufferization ops (MLIR 19 BufferizationOps.cpp):
to_memref(to_tensor(x)) pairs (with a cast or a copy when the types differ), dims and loads
through the casts, constant sizes of alloc_tensor, clones whose source or result dealloc is
redundant, and the clean-ups of bufferization.dealloc's operand lists. `attach(dialect)` wires
them in (patterns rooted at tensor.dim / memref.dim / memref.load included, as upstream's op
canonicalizers add them)."""
from __future__ import annotations

from pyopt.ir.attributes import BoolAttr
from pyopt.ir.memref_layout import strides_and_offset
from pyopt.ir.opdef import segment_sizes
from pyopt.ir.types import DYNAMIC, I1, MemRefType, RankedTensorType, UnrankedMemRefType
from pyopt.rewrite.matchers import constant_int, defining
from pyopt.rewrite.pattern import RewritePattern


def _effects(op):
    """The op's own declared memory effects (None: it declares none)."""
    from pyopt.rewrite.folding import declared_effects
    return declared_effects(op)


def memref_cast_compatible(a, b):
    from pyopt.dialects.memref.views import _cast_compatible
    return _cast_compatible(a, b)


# -- shared helpers (also used by bufferization passes) ----------------------------------------
def cast_or_realloc_memref_value(rw, value, dest_type, alignment=None):
    """castOrReallocMemRefValue: `value` as a `dest_type` memref: a memref.cast when that
    cast always succeeds at run time, else a new allocation and a copy. None when element
    type, memory space or rank differ."""
    src_type = value.type
    if (src_type.element_type is not dest_type.element_type
            or src_type.memory_space is not dest_type.memory_space
            or len(src_type.shape) != len(dest_type.shape)):
        return None
    loc = value_loc(value)
    if memref_cast_compatible(src_type, dest_type) and _guaranteed_cast(src_type, dest_type):
        return rw.create("memref.cast", [value], [dest_type], loc=loc).results[0]
    from pyopt.ir.types import INDEX
    sizes = []
    for i, d in enumerate(dest_type.shape):
        if d == DYNAMIC:
            c = rw.create("arith.constant", [], [INDEX],
                          properties={"value": _index_attr(i)}, loc=loc).results[0]
            sizes.append(rw.create("memref.dim", [value, c], [INDEX], loc=loc).results[0])
    props = {"operandSegmentSizes": segment_sizes([len(sizes), 0])}
    if alignment:
        from pyopt.ir.attributes import IntegerAttr
        from pyopt.ir.types import I64
        props["alignment"] = IntegerAttr(I64, alignment)
    alloc = rw.create("memref.alloc", sizes, [dest_type], properties=props, loc=loc).results[0]
    rw.create("memref.copy", [value, alloc], [], loc=loc)
    return alloc


def value_loc(value):
    """Value::getLoc: a block argument's own location, else its defining op's."""
    d = value.defining_op()
    return value.loc if d is None else d.loc


def _index_attr(i):
    from pyopt.ir.attributes import IntegerAttr
    from pyopt.ir.types import INDEX
    return IntegerAttr(INDEX, i)


def _guaranteed_cast(src, dst):
    """No dynamic offset or stride becomes a static one (the cast could fail at run time)."""
    a, b = strides_and_offset(src), strides_and_offset(dst)
    if a is None or b is None:
        return False

    def dyn_to_static(x, y):
        return x == DYNAMIC and y != DYNAMIC
    if dyn_to_static(a[1], b[1]):
        return False
    return not any(dyn_to_static(x, y) for x, y in zip(a[0], b[0]))


def fold_to_memref_to_tensor_pair(rw, to_memref, alignment=None):
    """foldToMemrefToTensorPair: to_memref(to_tensor(x)) -> x, through a memref.cast (or a
    copy when the cast may fail) if the types differ. True when rewritten."""
    to_tensor = defining(to_memref.tensor, "bufferization.to_tensor")
    if to_tensor is None:
        return False
    src = to_tensor.memref
    src_t, dst_t = src.type, to_memref.memref.type
    if src_t is dst_t:
        rw.replace_op(to_memref, [src])
        return True
    if type(src_t) is MemRefType and type(dst_t) is MemRefType:
        rw.set_insertion_point(to_memref)
        new = cast_or_realloc_memref_value(rw, src, dst_t, alignment)
        if new is None:
            return False
        rw.replace_op(to_memref, [new])
        return True
    if type(src_t) is UnrankedMemRefType and type(dst_t) is MemRefType:
        return False  # (would need a copy; 19 does not do it)
    rw.replace_op_with_new_op(to_memref, "memref.cast", [src], [dst_t])
    return True


def find_dealloc(value):
    """memref::findDealloc: the one op freeing `value`, None if there is none, False if
    there are several."""
    found = None
    for user in value.users():
        eff = _effects(user)
        if eff and "free" in eff and any(v is value for v in user.operands):
            if user.name == "memref.realloc" or (found is not None and found is not user):
                return False
            found = user
    return found


# -- folds ---------------------------------------------------------------------------------
def _fold_clone(op, consts):
    from pyopt.dialects.memref.canonicalize import fold_memref_cast
    return op.output if fold_memref_cast(op) else None


def _fold_to_tensor(op, consts):
    # (only a to_memref right before it: no alias analysis here)
    m = defining(op.memref, "bufferization.to_memref")
    if m is not None and m.parent is op.parent and m.next is op:
        return m.tensor
    return None


def _fold_to_memref(op, consts):
    t = defining(op.tensor, "bufferization.to_tensor")
    if t is not None and t.memref.type is op.memref.type:
        return t.memref
    return None


# -- alloc_tensor ------------------------------------------------------------------------------
def _dynamic_size(alloc, dim, rw):
    """AllocTensorOp::getDynamicSize."""
    if alloc.copy is not None:
        c = rw.create("arith.constant", [], [_index_attr(0).type],
                      properties={"value": _index_attr(dim)}, loc=alloc.loc).results[0]
        return rw.create("tensor.dim", [alloc.copy, c], [c.type], loc=alloc.loc).results[0]
    shape = alloc.result.type.shape
    return alloc.dynamic_sizes[sum(1 for d in shape[:dim] if d == DYNAMIC)]


def _fold_dim_of_alloc_tensor(op, rw):
    alloc = defining(op.source, "bufferization.alloc_tensor")
    idx = constant_int(op.index)
    if alloc is None or idx is None:
        return False
    shape = alloc.result.type.shape
    if not 0 <= idx < len(shape) or shape[idx] != DYNAMIC:
        return False
    rw.set_insertion_point(op)
    rw.replace_op(op, [_dynamic_size(alloc, idx, rw)])
    return True


def _replace_static_shape_dims(op, rw):
    if op.copy is not None:
        return False
    t = op.result.type
    shape, sizes, it = list(t.shape), [], iter(op.dynamic_sizes)
    for i, d in enumerate(shape):
        if d != DYNAMIC:
            continue
        v = next(it)
        c = constant_int(v)
        if c is not None and c >= 0:
            shape[i] = c
        else:
            sizes.append(v)
    new_t = RankedTensorType(shape, t.element_type, t.encoding)
    if new_t is t:
        return False
    rw.set_insertion_point(op)
    new = rw.create("bufferization.alloc_tensor", sizes, [new_t],
                    properties={"operandSegmentSizes": segment_sizes([len(sizes), 0, 0])},
                    loc=op.loc)
    rw.replace_op_with_new_op(op, "tensor.cast", [new.results[0]], [t])
    return True


# -- clone ---------------------------------------------------------------------------------
def _simplify_clones(op, rw):
    """A clone whose own or whose source's dealloc is in the clone's block (and not both in
    one block) becomes its source (cast if needed), and that dealloc goes."""
    if not op.output.has_uses():
        rw.erase_op(op)
        return True
    source = op.input
    if source.type is not op.output.type and not memref_cast_compatible(source.type,
                                                                        op.output.type):
        return False
    from pyopt.interfaces.view_like import view_source
    canonical = source
    while True:
        d = canonical.defining_op() if hasattr(canonical, "defining_op") else None
        s = view_source(d) if d is not None else None
        if s is None:
            break
        canonical = s
    clone_dealloc = find_dealloc(op.output)
    if clone_dealloc is False:
        return False
    source_dealloc = find_dealloc(canonical)
    if source_dealloc is False:
        return False
    if clone_dealloc is not None and source_dealloc is not None and \
            clone_dealloc.parent is source_dealloc.parent:
        return False
    block = op.parent
    if clone_dealloc is not None and clone_dealloc.parent is block:
        redundant = clone_dealloc
    elif source_dealloc is not None and source_dealloc.parent is block:
        redundant = source_dealloc
    else:
        return False
    pos = op.next
    while pos is not redundant:
        if pos is None:
            return False
        eff = _effects(pos)
        if eff and "free" in eff:
            return False
        pos = pos.next
    rw.set_insertion_point(op)
    if source.type is not op.output.type:
        source = rw.create("memref.cast", [source], [op.output.type], loc=op.loc).results[0]
    rw.replace_op(op, [source])
    rw.erase_op(redundant)
    return True


# -- to_tensor / to_memref ---------------------------------------------------------------------
def _dim_of_to_tensor(op, rw):
    t = defining(op.source, "bufferization.to_tensor")
    if t is None:
        return False
    rw.replace_op_with_new_op(op, "memref.dim", [t.memref, op.index], [op.results[0].type])
    return True


def _dim_of_to_memref(op, rw):
    m = defining(op.source, "bufferization.to_memref")
    if m is None:
        return False
    rw.replace_op_with_new_op(op, "tensor.dim", [m.tensor, op.index], [op.results[0].type])
    return True


def _load_of_to_memref(op, rw):
    m = defining(op.memref, "bufferization.to_memref")
    if m is None:
        return False
    rw.replace_op_with_new_op(op, "tensor.extract", [m.tensor] + list(op.indices),
                              [op.results[0].type])
    return True


def _to_memref_of_cast(op, rw):
    cast = defining(op.tensor, "tensor.cast")
    if cast is None or type(cast.source.type) is not RankedTensorType:
        return False
    src_t = cast.source.type
    rw.set_insertion_point(op)
    mt = MemRefType(src_t.shape, src_t.element_type)
    m = rw.create("bufferization.to_memref", [cast.source], [mt], loc=op.loc).results[0]
    rw.replace_op_with_new_op(op, "memref.cast", [m], [op.memref.type])
    return True


def _to_memref_to_tensor(op, rw):
    return fold_to_memref_to_tensor_pair(rw, op)


# -- dealloc ---------------------------------------------------------------------------------
def update_dealloc(op, memrefs, conds, rw):
    """Sets the dealloc's memrefs and conditions if they changed."""
    old_m, old_c = op.memrefs, op.conditions
    if len(memrefs) == len(old_m) and all(a is b for a, b in zip(memrefs, old_m)) and \
            len(conds) == len(old_c) and all(a is b for a, b in zip(conds, old_c)):
        return False
    retained = op.retained

    def change():
        op.set_operands(list(memrefs) + list(conds) + list(retained))
        op.properties["operandSegmentSizes"] = segment_sizes(
            [len(memrefs), len(conds), len(retained)])
    rw.modify_op_in_place(op, change)
    return True


def _dealloc_unique_memrefs(op, rw):
    index, memrefs, conds = {}, [], []
    for m, c in zip(op.memrefs, op.conditions):
        k = index.get(m)
        if k is None:
            index[m] = len(memrefs)
            memrefs.append(m)
            conds.append(c)
        elif conds[k] is not c:
            rw.set_insertion_point(op)
            conds[k] = rw.create("arith.ori", [conds[k], c], [I1], loc=op.loc).results[0]
    return update_dealloc(op, memrefs, conds, rw)


def _dealloc_unique_retained(op, rw):
    seen, retained, repl = {}, [], []
    for r in op.retained:
        if r in seen:
            repl.append(seen[r])
            continue
        seen[r] = len(retained)
        repl.append(len(retained))
        retained.append(r)
    if len(retained) == len(op.retained):
        return False
    rw.set_insertion_point(op)
    new = build_dealloc(rw, op.memrefs, op.conditions, retained, op.loc)
    rw.replace_op(op, [new.results[i] for i in repl])
    return True


def _erase_empty_dealloc(op, rw):
    if op.memrefs:
        return False
    if not op.results:
        rw.erase_op(op)
        return True
    rw.set_insertion_point(op)
    false = rw.create("arith.constant", [], [I1], properties={"value": BoolAttr(False)},
                      loc=op.loc).results[0]
    rw.replace_op(op, [false] * len(op.results))
    return True


def _erase_always_false_dealloc(op, rw):
    pairs = [(m, c) for m, c in zip(op.memrefs, op.conditions) if constant_int(c) != 0]
    return update_dealloc(op, [m for m, _ in pairs], [c for _, c in pairs], rw)


def _allocates(op, value):
    """Has `op` an Allocate effect on its result `value`?"""
    eff = _effects(op)
    return bool(eff) and "alloc" in eff and any(r is value for r in op.results)


def _skip_extract_metadata_of_alloc(op, rw):
    memrefs = []
    for m in op.memrefs:
        md = defining(m, "memref.extract_strided_metadata")
        if md is not None:
            src = md.source
            d = src.defining_op() if hasattr(src, "defining_op") else None
            if d is not None and _allocates(d, src):
                m = src
        memrefs.append(m)
    return update_dealloc(op, memrefs, op.conditions, rw)


def _remove_alloc_dealloc_pair(op, rw):
    memrefs, conds, dead = [], [], []
    for m, c in zip(op.memrefs, op.conditions):
        d = m.defining_op() if hasattr(m, "defining_op") else None
        if d is not None and _allocates(d, m) and _effects(d) == {"alloc"} and \
                m.has_one_use():
            dead.append(d)
            continue
        memrefs.append(m)
        conds.append(c)
    if not update_dealloc(op, memrefs, conds, rw):
        return False
    for d in dead:
        rw.erase_op(d)
    return True


def build_dealloc(rw, memrefs, conditions, retained, loc):
    """A bufferization.dealloc at rw's insertion point (one i1 result per retained value)."""
    return rw.create("bufferization.dealloc", list(memrefs) + list(conditions) + list(retained),
                     [I1] * len(retained),
                     properties={"operandSegmentSizes": segment_sizes(
                         [len(memrefs), len(conditions), len(retained)])}, loc=loc)


def _p(root, fn, name):
    return RewritePattern(root, 1, fn, name)


DEALLOC_PATTERNS = [
    _p("bufferization.dealloc", _dealloc_unique_memrefs, "DeallocRemoveDuplicateDeallocMemrefs"),
    _p("bufferization.dealloc", _dealloc_unique_retained,
       "DeallocRemoveDuplicateRetainedMemrefs"),
    _p("bufferization.dealloc", _erase_empty_dealloc, "EraseEmptyDealloc"),
    _p("bufferization.dealloc", _erase_always_false_dealloc, "EraseAlwaysFalseDealloc"),
    _p("bufferization.dealloc", _skip_extract_metadata_of_alloc, "SkipExtractMetadataOfAlloc"),
    _p("bufferization.dealloc", _remove_alloc_dealloc_pair,
       "RemoveAllocDeallocPairWhenNoOtherUsers"),
]
"""populateDeallocOpCanonicalizationPatterns (also run by buffer-deallocation-simplification)."""

FOLDS = {"bufferization.clone": _fold_clone, "bufferization.to_tensor": _fold_to_tensor,
         "bufferization.to_memref": _fold_to_memref}

PATTERNS = {
    "bufferization.alloc_tensor": [_p("bufferization.alloc_tensor", _replace_static_shape_dims,
                                      "ReplaceStaticShapeDims")],
    "bufferization.clone": [_p("bufferization.clone", _simplify_clones, "SimplifyClones")],
    "bufferization.to_memref": [
        _p("bufferization.to_memref", _to_memref_of_cast, "ToMemrefOfCast"),
        _p("bufferization.to_memref", _to_memref_to_tensor, "ToMemrefToTensorFolding")],
    "bufferization.dealloc": DEALLOC_PATTERNS,
}


def attach(dialect):
    dialect.attach_rewrites(FOLDS, PATTERNS)
    from pyopt.dialects.memref import MEMREF
    from pyopt.dialects.tensor import TENSOR
    TENSOR.attach_rewrites(patterns={"tensor.dim": [
        _p("tensor.dim", _fold_dim_of_alloc_tensor, "FoldDimOfAllocTensorOp"),
        _p("tensor.dim", _dim_of_to_tensor, "DimOfToTensorFolder")]})
    MEMREF.attach_rewrites(patterns={
        "memref.dim": [_p("memref.dim", _dim_of_to_memref, "DimOfCastOp")],
        "memref.load": [_p("memref.load", _load_of_to_memref, "LoadOfToMemref")]})
