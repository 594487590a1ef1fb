"""Folders and canonicalization patterns of the tensor ops (MLIR 19 TensorOps.cpp): constant
and shape facts into tensor.dim/rank/extract (sparse and complex constants too), tensor.dim of
a destination-style result read from its init, identity casts and slices, cast chains, static
sizes of tensor.empty and casts folded into it, extract of tensor.generate / index_cast,
tensor.reshape and gather folds, and tensor.cast producers folded into their users.
(Reshapes, slices and pads have their own modules: reshapes.py, slice_canonicalize.py,
pad_canonicalize.py.)"""
from __future__ import annotations

from pyopt.ir.attributes import (ArrayAttr, IntegerAttr, FloatAttr, DenseElementsAttr,
                                 SparseElementsAttr)
from pyopt.ir.types import ComplexType, RankedTensorType, UnrankedTensorType, INDEX, DYNAMIC
from pyopt.rewrite.pattern import RewritePattern
from pyopt.interfaces.destination_style import dps_inits, is_destination_style
from pyopt.dialects.vector.folds import raw, scalar_attr
from pyopt.rewrite.matchers import defining as _def, constant_int as _const_int  # noqa: F401

FOLDS = {}
_PATTERNS = {}


def fold(name):
    def deco(fn):
        FOLDS["tensor." + name] = fn
        return fn
    return deco


def pat(root, benefit=1):
    def deco(fn):
        _PATTERNS.setdefault("tensor." + root, []).append(
            RewritePattern("tensor." + root, benefit, fn))
        return fn
    return deco


def _static(op, name):
    return list(op.get_attr(name).values)


def _group(op, name):
    return op.opdef.get_group(op, "operand", op.opdef.accessors[name][1])


def mixed(op, group, static_name):
    """[int | Value] per entry of an offsets/sizes/strides list (getMixedOffsets/Sizes/...)."""
    vals = iter(_group(op, group))
    return [next(vals) if s == DYNAMIC else s for s in _static(op, static_name)]


# -- tensor.cast ---------------------------------------------------------------------------------
def _more_static(a, b):
    """preservesStaticInformation(source=a, target=b): b keeps every static fact of a."""
    if type(a) is UnrankedTensorType:
        return True
    if type(b) is UnrankedTensorType or len(a.shape) != len(b.shape):
        return False
    return all(x == DYNAMIC or x == y for x, y in zip(a.shape, b.shape))


def fold_tensor_cast(op):
    """foldTensorCast: operands produced by a cast that only loses static information use
    the cast's source."""
    folded = False
    for s in op.operand_slots:
        c = _def(s.value, "tensor.cast")
        if c is not None and _more_static(c.dest.type, c.source.type):
            s.set(c.source)
            folded = True
    return folded


@fold("cast")
def _fold_cast(op, consts):
    if op.source.type is op.dest.type:  # CastOpInterface: identity
        return op.source
    return None


def _join(a, b):
    """The most static type compatible with both (None: incompatible)."""
    if type(a) is UnrankedTensorType:
        return b
    if type(b) is UnrankedTensorType:
        return a
    if len(a.shape) != len(b.shape):
        return None
    shape = []
    for x, y in zip(a.shape, b.shape):
        if x == DYNAMIC:
            shape.append(y)
        elif y == DYNAMIC or x == y:
            shape.append(x)
        else:
            return None
    return RankedTensorType(shape, a.element_type, a.encoding)


@pat("cast")
def ChainedTensorCast(op, rw):
    inner = _def(op.source, "tensor.cast")
    if inner is None:
        return False
    src, mid, res = inner.source.type, inner.dest.type, op.dest.type
    first = _join(src, mid)
    if first is None:
        return False
    second = _join(first, res)
    if second is None:
        return False
    # the chain may only drop static facts the intermediate type also drops
    if _join(src, res) is not second:
        return False
    rw.replace_op_with_new_op(op, "tensor.cast", [inner.source], [res])
    return True


# -- tensor.dim / tensor.rank --------------------------------------------------------------------
@fold("dim")
def _fold_dim(op, consts):
    idx = consts[1]
    if type(idx) is not IntegerAttr:
        return None
    t = op.source.type
    if type(t) is not RankedTensorType:
        return None
    i = idx.value
    if i < 0 or i >= len(t.shape):
        return None
    if t.shape[i] != DYNAMIC:
        return IntegerAttr(INDEX, t.shape[i])
    d = op.source.defining_op()
    if d is not None and d.name == "tensor.generate":
        return d.dynamicExtents[sum(1 for s in t.shape[:i] if s == DYNAMIC)]
    if d is not None and d.name == "tensor.extract_slice" and \
            len(d.result.type.shape) == len(d.source.type.shape):
        size = mixed(d, "sizes", "static_sizes")[i]
        if not isinstance(size, int):
            return size
    if fold_tensor_cast(op):
        return op.results[0]
    return None


@pat("dim")
def DimOfCastOp(op, rw):
    c = _def(op.source, "tensor.cast")
    if c is None:
        return False
    rw.replace_op_with_new_op(op, "tensor.dim", [c.source, op.index],
                              [op.results[0].type])
    return True


@pat("dim")
def DimOfDestStyleOp(op, rw):
    """dim of a destination-style op's result -> dim of its tied init."""
    src = op.source
    d = src.defining_op()
    if d is None or not is_destination_style(d):
        return False
    init = dps_inits(d)[src.index]
    rw.modify_op_in_place(op, lambda: op.set_operand(0, init))
    return True


@pat("dim")
def DimOfReshapeOp(op, rw):
    r = _def(op.source, "tensor.reshape")
    if r is None:
        return False
    shape = r.shape
    rw.set_insertion_point_after(op)
    ext = rw.create("tensor.extract", [shape, op.index], [shape.type.element_type],
                    loc=op.loc).results[0]
    if ext.type is not INDEX:
        ext = rw.create("arith.index_cast", [ext], [INDEX], loc=op.loc).results[0]
    rw.replace_op(op, [ext])
    return True


@fold("rank")
def _fold_rank(op, consts):
    t = op.tensor.type
    if type(t) is RankedTensorType:
        return IntegerAttr(INDEX, len(t.shape))
    return None


def static_shape_from_constants(t, sizes):
    """The shape of `t` with the dynamic sizes that are known non-negative constants made
    static: (shape, the size values still dynamic), or None when none is constant."""
    shape, dyn, changed = [], [], False
    sizes = iter(sizes)
    for s in t.shape:
        if s != DYNAMIC:
            shape.append(s)
            continue
        v = next(sizes)
        c = _const_int(v)
        if c is not None and c >= 0:
            shape.append(c)
            changed = True
        else:
            shape.append(DYNAMIC)
            dyn.append(v)
    return (RankedTensorType(shape, t.element_type, t.encoding), dyn) if changed else None


# -- tensor.empty --------------------------------------------------------------------------------
@pat("empty")
def ReplaceEmptyTensorStaticShapeDims(op, rw):
    t = op.results[0].type
    static = static_shape_from_constants(t, op.dynamicSizes)
    if static is None:
        return False
    nt, dyn = static
    new = rw.create("tensor.empty", dyn, [nt], loc=op.loc)
    rw.replace_op_with_new_op(op, "tensor.cast", [new.results[0]], [t])
    return True


@pat("dim")
def FoldEmptyTensorWithDimOp(op, rw):
    e = _def(op.source, "tensor.empty")
    i = _const_int(op.index)
    if e is None or i is None:
        return False
    t = e.results[0].type
    if not 0 <= i < len(t.shape) or t.shape[i] != DYNAMIC:
        return False
    rw.replace_op(op, [e.dynamicSizes[sum(1 for s in t.shape[:i] if s == DYNAMIC)]])
    return True


def preserves_static_information(source, target):
    """preservesStaticInformation: both ranked with the same element type, rank and encoding,
    and `target` static wherever `source` is."""
    if type(source) is not RankedTensorType or type(target) is not RankedTensorType:
        return False
    if source.element_type is not target.element_type or \
            len(source.shape) != len(target.shape) or source.encoding != target.encoding:
        return False
    return all(a == DYNAMIC or b != DYNAMIC for a, b in zip(source.shape, target.shape))


def can_fold_into_producer(cast):
    """canFoldIntoProducerOp: the cast's result is at least as static as its source."""
    return cast is not None and preserves_static_information(cast.source.type, cast.dest.type)


@pat("cast")
def FoldEmptyTensorWithCastOp(op, rw):
    if not can_fold_into_producer(op):
        return False
    e = _def(op.source, "tensor.empty")
    if e is None:
        return False
    rt = op.dest.type
    dyn = iter(e.dynamicSizes)
    sizes = []
    for new, cur in zip(rt.shape, e.results[0].type.shape):
        if cur != DYNAMIC:
            if new == DYNAMIC or new != cur:
                return rw.notify_match_failure(e, "mismatch in static value of shape of empty "
                                                  "tensor result and cast result")
            sizes.append(cur)
            continue
        v = next(dyn)
        sizes.append(new if new != DYNAMIC else v)
    static = [s if isinstance(s, int) else DYNAMIC for s in sizes]
    rw.replace_op_with_new_op(op, "tensor.empty", [s for s in sizes if not isinstance(s, int)],
                              [RankedTensorType(static, rt.element_type)])
    return True


def empty_op_patterns():
    """tensor::EmptyOp::getCanonicalizationPatterns (their roots: tensor.cast, tensor.dim,
    tensor.empty)."""
    return [_find("cast", FoldEmptyTensorWithCastOp), _find("dim", FoldEmptyTensorWithDimOp),
            _find("empty", ReplaceEmptyTensorStaticShapeDims)]


def _find(root, fn):
    return next(p for p in _PATTERNS["tensor." + root] if p._fn is fn)


# -- tensor.extract / insert / from_elements -----------------------------------------------------
def element_attr(elem_type, value):
    """The Attribute of one raw DenseElementsAttr element (a complex one: an ArrayAttr of its
    two parts, as complex.constant takes)."""
    if type(elem_type) is ComplexType:
        part = elem_type.element_type
        return ArrayAttr([scalar_attr(part, value[0]), scalar_attr(part, value[1])])
    return scalar_attr(elem_type, value)


def raw_element(a):
    """The raw DenseElementsAttr element of a scalar (or complex ArrayAttr) attribute, or None."""
    if type(a) in (IntegerAttr, FloatAttr):
        return raw(a)
    if type(a) is ArrayAttr and len(a) == 2 and all(type(x) in (IntegerAttr, FloatAttr)
                                                    for x in a):
        return (raw(a[0]), raw(a[1]))
    return None


def _sparse_element(a, idx):
    """The element of a sparse constant at `idx`: its value there, else zero."""
    et = a.type.element_type
    rank = len(idx)
    coords = list(a.indices.all_values())
    values = a.values.all_values()
    for k in range(len(values)):
        if list(coords[k * rank:(k + 1) * rank]) == list(idx):
            return element_attr(et, values[k])
    return element_attr(et, (0, 0) if type(et) is ComplexType else 0)


@fold("extract")
def _fold_extract(op, consts):
    src = consts[0]
    if type(src) is DenseElementsAttr and src.is_splat:
        return element_attr(src.element_type, src.values[0])
    idx = []
    for c in consts[1:]:
        if type(c) is not IntegerAttr:
            return None
        idx.append(c.value)
    t = op.tensor.type
    flat, stride = 0, 1
    for i in range(len(idx) - 1, -1, -1):
        flat += idx[i] * stride
        stride *= t.shape[i]
    fe = _def(op.tensor, "tensor.from_elements")
    if fe is not None:
        elements = fe.elements
        return elements[flat] if 0 <= flat < len(elements) else None
    if type(src) is DenseElementsAttr and all(0 <= x < n for x, n in zip(idx, t.shape)):
        return element_attr(src.element_type, src.all_values()[flat])
    if type(src) is SparseElementsAttr and all(0 <= x < n for x, n in zip(idx, t.shape)):
        return _sparse_element(src, idx)
    return None


@pat("extract")
def ExtractFromTensorCast(op, rw):
    c = _def(op.tensor, "tensor.cast")
    if c is None or type(c.source.type) is not RankedTensorType:
        return False
    rw.replace_op_with_new_op(op, "tensor.extract", [c.source] + op.indices,
                              [op.results[0].type])
    return True


@fold("insert")
def _fold_insert(op, consts):
    scalar, dest = consts[0], consts[1]
    if scalar is not None and type(dest) is DenseElementsAttr and dest.is_splat and \
            type(scalar) in (IntegerAttr, FloatAttr) and raw(scalar) == dest.values[0]:
        return dest
    return None


@fold("from_elements")
def _fold_from_elements(op, consts):
    values = [raw_element(c) for c in consts]
    if consts and all(v is not None for v in values):
        return DenseElementsAttr(op.results[0].type, values)
    return None


@pat("extract")
def ExtractFromTensorGenerate(op, rw):
    """extract of a side-effect free tensor.generate -> its body at the indices."""
    from pyopt.rewrite.folding import would_be_trivially_dead
    g = _def(op.tensor, "tensor.generate")
    if g is None or not would_be_trivially_dead(g):
        return False
    body = g.regions[0].blocks[0]
    mapping = dict(zip(body.args, op.indices))
    for o in list(body)[:-1]:
        rw.clone(o, mapping)
    y = body.last.value
    rw.replace_op(op, [mapping.get(y, y)])
    return True


@pat("extract")
def ExtractElementFromIndexCast(op, rw):
    """extract of an arith.index_cast of a tensor -> index_cast of the extracted element."""
    c = _def(op.tensor, "arith.index_cast")
    if c is None:
        return False
    src = c.in_
    new = rw.create("tensor.extract", [src] + list(op.indices), [src.type.element_type],
                    loc=op.loc)
    rw.replace_op_with_new_op(op, "arith.index_cast", [new.results[0]], [op.result.type])
    return True


@fold("splat")
def _fold_splat(op, consts):
    c = consts[0]
    t = op.results[0].type
    if type(c) in (IntegerAttr, FloatAttr) and DYNAMIC not in t.shape:
        return DenseElementsAttr(t, [raw(c)])
    return None


# -- slices --------------------------------------------------------------------------------------
def _identity_slice(op, t):
    """foldIdentityOffsetSizeAndStrideOpInterface: offsets 0, strides 1, the leading sizes
    those of t (constant Values count as their values)."""
    c = _const_of
    return (all(c(o) == 0 for o in op.mixed_offsets) and
            all(c(s) == n for s, n in zip(op.mixed_sizes, t.shape)) and
            all(c(s) == 1 for s in op.mixed_strides))


def _const_of(x):
    return x if isinstance(x, int) else _const_int(x)


def _same_slice(a, b):
    return all(mixed(a, g, "static_" + g) == mixed(b, g, "static_" + g)
               for g in ("offsets", "sizes", "strides"))


@fold("extract_slice")
def _fold_extract_slice(op, consts):
    src, t = consts[0], op.results[0].type
    if type(src) is DenseElementsAttr and src.is_splat and DYNAMIC not in t.shape:
        return DenseElementsAttr(t, list(src.values))
    if op.source.type is t and _identity_slice(op, t):
        return op.source
    ins = _def(op.source, "tensor.insert_slice")  # extract of what was just inserted
    if ins is not None and ins.source.type is t and _same_slice(ins, op):
        return ins.source
    return None


@fold("insert_slice")
def _fold_insert_slice(op, consts):
    src, dest = op.source.type, op.result.type
    if src is dest and DYNAMIC not in src.shape and _identity_slice(op, dest):
        return op.source
    prev = _def(op.dest, "tensor.insert_slice")  # overwrites the same slice
    if prev is not None and prev.source.type is src and _same_slice(prev, op):
        op.dest = prev.dest
        return op.result
    ext = _def(op.source, "tensor.extract_slice")  # puts back what it took
    if ext is not None and ext.source is op.dest and _same_slice(ext, op):
        return ext.source
    if any(_const_of(s) == 0 for s in op.mixed_sizes):
        return op.dest
    return None


# -- reshapes ------------------------------------------------------------------------------------
def FoldReshapeWithFromElements(op, rw):
    fe = _def(op.src, "tensor.from_elements")
    t = op.results[0].type
    if fe is None or DYNAMIC in t.shape:
        return False
    rw.replace_op_with_new_op(op, "tensor.from_elements", fe.elements, [t])
    return True


for _r in ("expand_shape", "collapse_shape"):
    pat(_r)(FoldReshapeWithFromElements)


def _reshape_splat(src, t):
    """reshapeConstantSource: a splat constant at a static result type."""
    if type(src) is DenseElementsAttr and src.is_splat and type(t) is RankedTensorType and \
            DYNAMIC not in t.shape:
        return DenseElementsAttr(t, [src.values[0]])
    return None


@fold("reshape")
def _fold_reshape(op, consts):
    r = _reshape_splat(consts[0], op.result.type)
    if r is not None:
        return r
    prev = _def(op.source, "tensor.reshape")  # reshape of a reshape: of its source
    if prev is not None:
        op.set_operand(0, prev.source)
        return op.result
    src = op.source
    st, rt = src.type, op.result.type
    if type(st) is not RankedTensorType or st is not rt:
        return None
    if len(st.shape) == 1:
        return src
    fe = _def(op.shape, "tensor.from_elements")
    if fe is None:
        return None
    elements = fe.elements
    if len(elements) != len(st.shape):
        return None
    for i, e in enumerate(elements):
        c = _const_int(e)
        if c is not None:
            if c != st.shape[i]:
                return None
            continue
        d = _def(e, "tensor.dim")
        if d is None or d.source is not src or _const_int(d.index) != i:
            return None
    return src


@fold("gather")
def _fold_gather(op, consts):
    return _reshape_splat(consts[0], op.result.type)


@fold("bitcast")
def _fold_bitcast(op, consts):
    if op.source.type is op.dest.type:
        return op.source
    return None


@pat("bitcast")
def ChainedTensorBitcast(op, rw):
    inner = _def(op.source, "tensor.bitcast")
    if inner is None:
        return False
    rw.replace_op_with_new_op(op, "tensor.bitcast", [inner.source], [op.dest.type])
    return True


# -- tensor.concat -------------------------------------------------------------------------------
@fold("concat")
def _fold_concat(op, consts):
    inputs = op.inputs
    if len(inputs) == 1 and inputs[0].type is op.result.type:
        return inputs[0]
    return None


@pat("concat")
def SingleInputConcatOp(op, rw):
    inputs = op.inputs
    if len(inputs) != 1 or inputs[0].type is op.result.type:
        return False
    rw.replace_op_with_new_op(op, "tensor.cast", inputs, [op.result.type])
    return True


# -- tensor.generate -----------------------------------------------------------------------------
@pat("generate")
def StaticTensorGenerate(op, rw):
    t = op.results[0].type
    static = static_shape_from_constants(t, op.dynamicExtents)
    if static is None:
        return False
    nt, dyn = static
    new = rw.create("tensor.generate", dyn, [nt], loc=op.loc, regions=1)
    rw.inline_region_before(op.regions[0], new.regions[0])
    rw.replace_op_with_new_op(op, "tensor.cast", [new.results[0]], [t])
    return True


def _materialize_constant(rewriter, attr, type_, loc):
    """TensorDialect::materializeConstant: arith constants, complex.constant for a complex
    element."""
    from pyopt.dialects.complex.folds import materialize_constant
    return materialize_constant(rewriter, attr, type_, loc)


def attach(dialect):
    from pyopt.dialects.tensor.relayout_canonicalize import FoldTensorCastProducerOp
    dialect.attach_rewrites(folds=FOLDS, patterns=_PATTERNS,
                            materialize_constant=_materialize_constant)
    # the dialect's FoldTensorCastProducerOp on its destination-style ops (tensor.insert;
    # insert_slice has its own cast folders, pack/unpack get it in relayout_canonicalize)
    dialect.attach_rewrites(patterns={"tensor.insert": [FoldTensorCastProducerOp(
        "tensor.insert")]})

