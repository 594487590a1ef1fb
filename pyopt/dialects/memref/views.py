"""View-like memref ops: casts, subview, reinterpret_cast, reshapes, transpose, view."""
from __future__ import annotations

from pyopt.ir.attributes import AffineMapAttr, DenseArrayAttr, StridedLayoutAttr
from pyopt.ir.diagnostics import MLIRError
from pyopt.ir.types import MemRefType, UnrankedMemRefType, INDEX, I1, I64, DYNAMIC
from pyopt.ir.memref_layout import (strides_and_offset, layout_is_identity,
                                 canonicalize_strided_layout, sat_add, sat_mul)
from pyopt.ir.verifier import op_error, plain_error
from pyopt.ir.constraints import Index, DenseI64Array, AffineMapAttrC
from pyopt.ir.opdef import Op, ATTR_SIZED_OPERANDS, PURE
from pyopt.dialects.memref.common import (RankedMemRef, AnyRankedOrUnrankedMemRef, AnyStridedMemRef,
                     StridedMemRefOfRank0, MemRef1DI8, MemRef1DIntOrIndex, IndexListArrayAttr,
                     reassociation_indices, all_attrs)


# ---------------------------------------------------------------------------- DynamicIndexList
def parse_dynamic_index_list(p, ctx, values_el, ints_el, scalable_el=None):
    """`[%a, 4, %b]`: SSA values become dynamic entries (kDynamic in the static array); with
    `scalable_el`, an integer in brackets (`[4, [8]]`) is a scalable entry. A malformed list
    is also reported at the op name, as parseDynamicIndexList does."""
    values, ints, scalable = [], [], []
    try:
        p.expect("[", "expected '[' in dynamic index list")
        if not p.accept("]"):
            while True:
                is_value = p.kind == "percent"
                if is_value:
                    values.append(p.parse_operand())
                    ints.append(DYNAMIC)
                bracketed = scalable_el is not None and p.accept("[")
                if not is_value:
                    if p.kind != "int" and p.tok != "-":
                        raise p.custom_error("expected integer value", p.start)
                    ints.append(p.parse_integer())
                if bracketed:
                    p.expect("]")
                scalable.append(bracketed)
                if p.accept(","):
                    continue
                p.expect("]", "expected ']' in dynamic index list")
                break
    except MLIRError as e:
        e.more = tuple(e.more) + (p.custom_error("expected SSA value or integer").diag,)
        raise
    ctx.set(values_el, values)
    ctx.set(ints_el, DenseArrayAttr(I64, ints))
    if scalable_el is not None:
        ctx.set(scalable_el, DenseArrayAttr(I1, scalable))


def print_dynamic_index_list(pr, op, values, ints, scalable=None):
    vals = iter(values or ())
    flags = list(scalable.values) if scalable is not None else []
    items = []
    for i, x in enumerate(ints.values if ints is not None else ()):
        s = pr.value(next(vals)) if x == DYNAMIC else str(x)
        items.append(f"[{s}]" if i < len(flags) and flags[i] else s)
    pr.out.append("[" + ", ".join(items) + "]")


DYNAMIC_INDEX_LIST = {"DynamicIndexList": (parse_dynamic_index_list, print_dynamic_index_list)}


def _static(op, name):
    a = op.get_attr(name)
    return list(a.values) if a is not None else []


def _verify_offsets_sizes_strides(op, max_ranks, group_base=1):
    """OffsetSizeAndStrideOpInterface verifier (runs before the op's own verifier)."""
    offs, sizes, strides = (_static(op, "static_offsets"), _static(op, "static_sizes"),
                            _static(op, "static_strides"))
    if not (len(offs) == 1 and max_ranks[0] == 1) and len(offs) != len(sizes):
        raise plain_error(op, f"expected mixed offsets rank to match mixed sizes rank "
                          f"({len(offs)} vs {len(sizes)}) so the rank of the result type is "
                          f"well-formed.")
    if len(sizes) != len(strides):
        raise plain_error(op, f"expected mixed sizes rank to match mixed strides rank "
                          f"({len(sizes)} vs {len(strides)}) so the rank of the result type "
                          f"is well-formed.")
    d = op.opdef
    for k, (name, vals, n) in enumerate((("offset", offs, max_ranks[0]),
                                         ("size", sizes, max_ranks[1]),
                                         ("stride", strides, max_ranks[2]))):
        if len(vals) != n:
            raise plain_error(op, f"expected {n} {name} values, got {len(vals)}")
        ndyn = vals.count(DYNAMIC)
        if len(d.get_group(op, "operand", group_base + k)) != ndyn:
            raise plain_error(op, f"expected {ndyn} dynamic {name} values")
    for v in offs:
        if v < 0 and v != DYNAMIC:
            raise plain_error(op, f"expected offsets to be non-negative, but got {v}")
    for v in sizes:
        if v < 0 and v != DYNAMIC:
            raise plain_error(op, f"expected sizes to be non-negative, but got {v}")


# ---------------------------------------------------------------------------- casts
def _cast_compatible(a, b):
    ra, rb = type(a) is MemRefType, type(b) is MemRefType
    if ra and rb:
        if a.element_type is not b.element_type:
            return False
        if a.layout is not b.layout:
            sa, sb = strides_and_offset(a), strides_and_offset(b)
            if sa is None or sb is None or len(sa[0]) != len(sb[0]):
                return False

            def ok(x, y):
                return x == DYNAMIC or y == DYNAMIC or x == y
            if not ok(sa[1], sb[1]) or not all(ok(x, y) for x, y in zip(sa[0], sb[0])):
                return False
        if a.memory_space is not b.memory_space:
            return False
        if len(a.shape) != len(b.shape):
            return False
        return all(x == DYNAMIC or y == DYNAMIC or x == y for x, y in zip(a.shape, b.shape))
    ua, ub = type(a) is UnrankedMemRefType, type(b) is UnrankedMemRefType
    if not (ra or ua) or not (rb or ub) or (ua and ub):
        return False
    return a.element_type is b.element_type and a.memory_space is b.memory_space


def _memspace_cast_compatible(a, b):
    if type(a) is MemRefType and type(b) is MemRefType:
        return (a.element_type is b.element_type and a.layout is b.layout and
                a.shape == b.shape)
    if type(a) is UnrankedMemRefType and type(b) is UnrankedMemRefType:
        return a.element_type is b.element_type
    return False


def _cast_verifier(compatible):
    def verify(op):
        a, b = op.source.type, op.dest.type
        if not compatible(a, b):
            raise op_error(op, f"operand type '{a}' and result type '{b}' are cast incompatible")
    return verify


CAST = Op("memref.cast", operands=[("source", AnyRankedOrUnrankedMemRef)],
          results=[("dest", AnyRankedOrUnrankedMemRef)], traits=[PURE],
          format="$source attr-dict `:` type($source) `to` type($dest)",
          verify=_cast_verifier(_cast_compatible), result_names=lambda op: [(0, "cast")])

MEMORY_SPACE_CAST = Op("memref.memory_space_cast",
                       operands=[("source", AnyRankedOrUnrankedMemRef)],
                       results=[("dest", AnyRankedOrUnrankedMemRef)], traits=[PURE],
                       format="$source attr-dict `:` type($source) `to` type($dest)",
                       verify=_cast_verifier(_memspace_cast_compatible),
                       result_names=lambda op: [(0, "memspacecast")])


# ---------------------------------------------------------------------------- reshape
def _verify_reshape(op):
    src, shape = op.source.type, op.shape.type
    res = op.results[0].type
    if src.element_type is not res.element_type:
        raise op_error(op, "element types of source and destination memref types should be "
                       "the same")
    if type(src) is MemRefType and not layout_is_identity(src):
        raise op_error(op, "source memref type should have identity affine map")
    n = shape.shape[0]
    if type(res) is MemRefType:
        if not layout_is_identity(res):
            raise op_error(op, "result memref type should have identity affine map")
        if n == DYNAMIC:
            raise op_error(op, "cannot use shape operand with dynamic length to reshape to "
                           "statically-ranked memref type")
        if n != len(res.shape):
            raise op_error(op, "length of shape operand differs from the result's memref rank")


RESHAPE = Op("memref.reshape",
             operands=[("source", AnyRankedOrUnrankedMemRef), ("shape", MemRef1DIntOrIndex)],
             results=[("result", AnyRankedOrUnrankedMemRef)], traits=[PURE],
             format="$source `(` $shape `)` attr-dict `:` functional-type(operands, results)",
             verify=_verify_reshape, result_names=lambda op: [(0, "reshape")])


# ---------------------------------------------------------------------------- subview
def subview_result_type(src, offsets, sizes, strides):
    """SubViewOp::inferResultType for static offsets/sizes/strides (kDynamic for `?`)."""
    src_strides, src_off = strides_and_offset(src)
    off = src_off
    for o, s in zip(offsets, src_strides):
        off = sat_add(off, sat_mul(o, s))
    new_strides = [sat_mul(s, t) for s, t in zip(src_strides, strides)]
    return MemRefType(sizes, src.element_type, StridedLayoutAttr(off, new_strides),
                      src.memory_space)


def rank_reduction_mask(orig, reduced):
    """computeRankReductionMask: the dropped (unit) dims of `orig`, or None."""
    unused = []
    j = 0
    for i, s in enumerate(orig):
        if j < len(reduced) and s == reduced[j]:
            j += 1
            continue
        unused.append(i)
        if s != 1:
            return None
    return unused if j == len(reduced) else None


def _count(vals):
    c = {}
    for v in vals:
        c[v] = c.get(v, 0) + 1
    return c


def memref_rank_reduction_mask(orig, reduced, static_sizes):
    """computeMemRefRankReductionMask: dropped dims, disambiguated by strides."""
    n = len(orig.shape)
    if n == len(reduced.shape):
        return set()
    unused = {i for i, s in enumerate(static_sizes) if s == 1}
    if len(unused) + len(reduced.shape) == n:
        return unused
    so, sr = strides_and_offset(orig), strides_and_offset(reduced)
    if so is None or sr is None:
        return None
    left, cand = _count(so[0]), _count(sr[0])
    for i in range(n):
        if i not in unused:
            continue
        s = so[0][i]
        if left.get(s, 0) > cand.get(s, 0):
            left[s] -= 1
        elif left.get(s, 0) == cand.get(s, 0):
            unused.discard(i)
        else:
            return None
    if len(unused) + len(reduced.shape) != n:
        return None
    return unused


def _layout_mismatch(op, expected):
    return plain_error(op, f"expected result type to be '{expected}' or a rank-reduced version. "
                       f"(mismatch of result layout) ")


def _verify_subview(op):
    base = op.source.type
    rank = len(base.shape)
    _verify_offsets_sizes_strides(op, (rank, rank, rank))
    sub = op.results[0].type
    if base.memory_space is not sub.memory_space:
        raise plain_error(op, f"different memory spaces specified for base memref type '{base}' "
                          f"and subview memref type '{sub}'")
    if strides_and_offset(base) is None:
        raise plain_error(op, f"base type '{base}' is not strided")
    offs, sizes, strides = (_static(op, "static_offsets"), _static(op, "static_sizes"),
                            _static(op, "static_strides"))
    expected = subview_result_type(base, offs, sizes, strides)
    if expected is not sub:
        if len(sub.shape) > len(expected.shape):
            raise plain_error(op, "expected result rank to be smaller or equal to the source "
                              "rank. ")
        if rank_reduction_mask(expected.shape, sub.shape) is None:
            raise plain_error(op, f"expected result type to be '{expected}' or a rank-reduced "
                              f"version. (mismatch of result sizes) ")
        if expected.element_type is not sub.element_type:
            raise plain_error(op, f"expected result element type to be "
                              f"'{expected.element_type}'")
    if expected.memory_space is not sub.memory_space:
        raise plain_error(op, "expected result and source memory spaces to match.")
    se, ss = strides_and_offset(expected), strides_and_offset(sub)
    if se is None or ss is None or se[1] != ss[1]:
        raise _layout_mismatch(op, expected)
    dropped = memref_rank_reduction_mask(expected, sub, sizes)
    if dropped is None:
        raise _layout_mismatch(op, expected)
    kept = [s for i, s in enumerate(se[0]) if i not in dropped]
    if kept != ss[0]:
        raise _layout_mismatch(op, expected)


_OSS_OPERANDS = [("offsets", Index, "*"), ("sizes", Index, "*"), ("strides", Index, "*")]
_OSS_ATTRS = {"static_offsets": DenseI64Array, "static_sizes": DenseI64Array,
              "static_strides": DenseI64Array}

SUBVIEW = Op("memref.subview",
             operands=[("source", RankedMemRef)] + _OSS_OPERANDS,
             results=[("result", RankedMemRef)], attrs=dict(_OSS_ATTRS),
             traits=[ATTR_SIZED_OPERANDS, PURE],
             format="$source `` custom<DynamicIndexList>($offsets, $static_offsets) "
                    "custom<DynamicIndexList>($sizes, $static_sizes) "
                    "custom<DynamicIndexList>($strides, $static_strides) "
                    "attr-dict `:` type($source) `to` type($result)",
             custom_directives=DYNAMIC_INDEX_LIST, verify=_verify_subview,
             result_names=lambda op: [(0, "subview")])


# ---------------------------------------------------------------------------- reinterpret_cast
def _verify_reinterpret_cast(op):
    res = op.results[0].type
    rank = len(res.shape)
    _verify_offsets_sizes_strides(op, (1, rank, rank))
    src = op.source.type
    if src.memory_space is not res.memory_space:
        raise plain_error(op, f"different memory spaces specified for source type '{src}' and "
                          f"result memref type '{res}'")
    if src.element_type is not res.element_type:
        raise plain_error(op, f"different element types specified for source type '{src}' and "
                          f"result memref type '{res}'")
    for i, (r, e) in enumerate(zip(res.shape, _static(op, "static_sizes"))):
        if r != DYNAMIC and e != DYNAMIC and r != e:
            raise plain_error(op, f"expected result type with size = {e} instead of {r} in "
                              f"dim = {i}")
    so = strides_and_offset(res)
    if so is None:
        raise plain_error(op, f"expected result type to have strided layout but found '{res}'")
    r_strides, r_off = so
    e_off = _static(op, "static_offsets")[0]
    if r_off != DYNAMIC and e_off != DYNAMIC and r_off != e_off:
        raise plain_error(op, f"expected result type with offset = {e_off} instead of {r_off}")
    for i, (r, e) in enumerate(zip(r_strides, _static(op, "static_strides"))):
        if r != DYNAMIC and e != DYNAMIC and r != e:
            raise plain_error(op, f"expected result type with stride = {e} instead of {r} in "
                              f"dim = {i}")


REINTERPRET_CAST = Op(
    "memref.reinterpret_cast",
    operands=[("source", AnyRankedOrUnrankedMemRef)] + _OSS_OPERANDS,
    results=[("result", RankedMemRef)], attrs=dict(_OSS_ATTRS),
    traits=[ATTR_SIZED_OPERANDS, PURE],
    format="$source `to` `offset` `` `:` custom<DynamicIndexList>($offsets, $static_offsets) "
           "`` `,` `sizes` `` `:` custom<DynamicIndexList>($sizes, $static_sizes) "
           "`` `,` `strides` `` `:` custom<DynamicIndexList>($strides, $static_strides) "
           "attr-dict `:` type($source) `to` type($result)",
    custom_directives=DYNAMIC_INDEX_LIST, verify=_verify_reinterpret_cast,
    result_names=lambda op: [(0, "reinterpret_cast")])


# ---------------------------------------------------------------------------- expand/collapse
def _verify_collapsed_shape(op, collapsed, expanded, reassoc):
    if len(collapsed) != len(reassoc):
        raise op_error(op, f"invalid number of reassociation groups: found {len(reassoc)}, "
                       f"expected {len(collapsed)}")
    nxt = 0
    for ci, group in enumerate(reassoc):
        dyn = False
        for e in group:
            if e != nxt:
                raise op_error(op, "reassociation indices must be contiguous")
            nxt += 1
            if e >= len(expanded):
                raise op_error(op, f"reassociation index {e} is out of bounds")
            if expanded[e] == DYNAMIC:
                dyn = True
        if (collapsed[ci] == DYNAMIC) != dyn:
            raise op_error(op, f"collapsed dim ({ci}) must be dynamic if and only if "
                           f"reassociation group is dynamic")
        if not dyn:
            size = 1
            for e in group:
                size *= expanded[e]
            if size != collapsed[ci]:
                raise op_error(op, f"collapsed dim size ({collapsed[ci]}) must equal "
                               f"reassociation group size ({size})")
    if not collapsed:
        if any(d != 1 for d in expanded):
            raise op_error(op, "rank 0 memrefs can only be extended/collapsed with/from ones")
    elif nxt != len(expanded):
        raise op_error(op, f"expanded rank ({len(expanded)}) inconsistent with number of "
                       f"reassociation indices ({nxt})")


def expanded_type(src, shape, reassoc):
    """ExpandShapeOp::computeExpandedType (None when the source is not strided)."""
    if layout_is_identity(src):
        return MemRefType(shape, src.element_type, None, src.memory_space)
    so = strides_and_offset(src)
    if so is None:
        return None
    strides, off = so
    rev = []
    idx = len(shape) - 1
    for group, stride in reversed(list(zip(reassoc, strides))):
        cur = stride
        for _ in group:
            rev.append(cur)
            cur = sat_mul(cur, shape[idx])
            idx -= 1
    res = list(reversed(rev))
    res += [1] * (len(shape) - len(res))
    return MemRefType(shape, src.element_type, StridedLayoutAttr(off, res[:len(shape)]),
                      src.memory_space)


def collapsed_layout(src, reassoc, strict=False):
    """computeCollapsedLayoutMap (None: not strided or collapsing non-contiguous dims)."""
    so = strides_and_offset(src)
    if so is None:
        return None
    strides, off = so
    shape = src.shape
    res = []
    for group in reassoc:
        ref = list(group)
        if not ref:
            return None  # empty groups are not collapsible (upstream crashes here)
        while shape[ref[-1]] == 1 and len(ref) > 1:
            ref.pop()
        if shape[ref[-1]] != DYNAMIC or len(ref) == 1:
            res.append(strides[ref[-1]])
        else:
            res.append(DYNAMIC)
    ri = len(res) - 1
    for group in reversed(reassoc):
        stride = res[ri]
        ri -= 1
        for idx in reversed(group[1:]):
            stride = sat_mul(stride, shape[idx])
            src_stride = strides[idx - 1]
            if strict and (stride == DYNAMIC or src_stride == DYNAMIC):
                return None
            if stride != DYNAMIC and src_stride != DYNAMIC and stride != src_stride:
                return None
    return StridedLayoutAttr(off, res)


def _verify_expand_shape(op):
    src, res = op.src.type, op.result.type
    if len(src.shape) > len(res.shape):
        r0, r1 = len(src.shape), len(res.shape)
        raise op_error(op, f"has source rank {r0} and result rank {r1}. This is not an "
                       f"expansion ({r0} > {r1}).")
    reassoc = reassociation_indices(op.get_attr("reassociation"))
    _verify_collapsed_shape(op, src.shape, res.shape, reassoc)
    exp = expanded_type(src, res.shape, reassoc)
    if exp is None:
        raise op_error(op, "invalid source layout map")
    if exp is not res:
        raise op_error(op, f"expected expanded type to be '{exp}' but found '{res}'")
    static = _static(op, "static_output_shape")
    if len(static) != len(res.shape):
        raise op_error(op, f"expected number of static shape bounds to be equal to the output "
                       f"rank ({len(res.shape)}) but found {len(static)} inputs instead")
    ndyn = static.count(DYNAMIC)
    nvals = len(op.operands) - 1
    if nvals != ndyn:
        raise op_error(op, f"mismatch in dynamic dims in output_shape and static_output_shape:"
                       f" static_output_shape has {ndyn} dynamic dims while output_shape has "
                       f"{nvals} values")
    for pos, s in enumerate(res.shape):
        if s != DYNAMIC and s != static[pos]:
            raise op_error(op, f"invalid output shape provided at pos {pos}")


def _verify_collapse_shape(op):
    src, res = op.src.type, op.result.type
    if len(src.shape) < len(res.shape):
        r0, r1 = len(src.shape), len(res.shape)
        raise op_error(op, f"has source rank {r0} and result rank {r1}. This is not a "
                       f"collapse ({r0} < {r1}).")
    reassoc = reassociation_indices(op.get_attr("reassociation"))
    _verify_collapsed_shape(op, res.shape, src.shape, reassoc)
    if layout_is_identity(src):
        exp = MemRefType(res.shape, src.element_type, None, src.memory_space)
    else:
        lay = collapsed_layout(src, reassoc)
        if lay is None:
            raise op_error(op, "invalid source layout map or collapsing non-contiguous dims")
        exp = MemRefType(res.shape, src.element_type, lay, src.memory_space)
    if exp is not res:
        raise op_error(op, f"expected collapsed type to be '{exp}' but found '{res}'")


EXPAND_SHAPE = Op(
    "memref.expand_shape",
    operands=[("src", AnyStridedMemRef), ("output_shape", Index, "*")],
    results=[("result", AnyStridedMemRef)],
    attrs={"reassociation": IndexListArrayAttr, "static_output_shape": DenseI64Array},
    traits=[PURE],
    format="$src $reassociation `output_shape` "
           "custom<DynamicIndexList>($output_shape, $static_output_shape) attr-dict `:` "
           "type($src) `into` type($result)",
    custom_directives=DYNAMIC_INDEX_LIST, verify=_verify_expand_shape,
    result_names=lambda op: [(0, "expand_shape")])

COLLAPSE_SHAPE = Op(
    "memref.collapse_shape", operands=[("src", AnyStridedMemRef)],
    results=[("result", AnyStridedMemRef)], attrs={"reassociation": IndexListArrayAttr},
    traits=[PURE],
    format="$src $reassociation attr-dict `:` type($src) `into` type($result)",
    verify=_verify_collapse_shape, result_names=lambda op: [(0, "collapse_shape")])


# ---------------------------------------------------------------------------- transpose
def transpose_result_type(t, perm):
    strides, off = strides_and_offset(t)
    sizes = [t.shape[r.position] for r in perm.results]
    new_strides = [strides[r.position] for r in perm.results]
    return t.with_(shape=sizes, layout=StridedLayoutAttr(off, new_strides))


def _parse_transpose(p, state):
    from pyopt.syntax.affine_parser import _AffineParser, AffineParseError
    from pyopt.ir.affine import AffineMap
    src = p.parse_operand()
    off = p.start
    try:
        ap = _AffineParser(p.src, p.start)
        m = ap.parse_map_or_set()
    except AffineParseError as e:
        raise p.error(e.message, e.offset)
    if not isinstance(m, AffineMap):
        raise p.error("expected AffineMap, but got IntegerSet", off)
    p.reset_to(ap.prev_end)
    state.attributes.update(p.parse_optional_attr_dict())
    st = p.parse_colon_type()
    state.operands = [p.resolve_operand(src, st)]
    if not p.accept_keyword("to"):
        raise p.error("expected 'to'")
    state.result_types = [p.parse_type()]
    state.properties["permutation"] = AffineMapAttr(m)


def _print_transpose(pr, op):
    v = op.in_
    pr.out.append(f" {pr.value(v)} {op.get_attr('permutation').value}")
    pr.out.append(pr.attr_dict_str(all_attrs(op), ("permutation",)))
    pr.out.append(f" : {pr.type_str(v.type)} to {pr.type_str(op.results[0].type)}")


def _verify_transpose(op):
    perm = op.get_attr("permutation").value
    if not perm.is_permutation():
        raise op_error(op, "expected a permutation map")
    src = op.in_.type
    if perm.num_dims != len(src.shape):
        raise op_error(op, "expected a permutation map of same rank as the input")
    res = op.results[0].type
    canon = canonicalize_strided_layout(transpose_result_type(src, perm))
    if type(res) is not MemRefType or canonicalize_strided_layout(res) is not canon:
        raise op_error(op, f"result type '{res}' is not equivalent to the canonical transposed "
                       f"input type '{canon}'")


TRANSPOSE = Op("memref.transpose", operands=[("in", AnyStridedMemRef)],
               results=[("result", AnyStridedMemRef)],
               attrs={"permutation": AffineMapAttrC()}, traits=[PURE],
               parse=_parse_transpose, print=_print_transpose, verify=_verify_transpose,
               result_names=lambda op: [(0, "transpose")])


# ---------------------------------------------------------------------------- view
def _verify_view(op):
    base, view = op.source.type, op.result.type
    if not layout_is_identity(base):
        raise plain_error(op, f"unsupported map for base memref type '{base}'")
    if not layout_is_identity(view):
        raise plain_error(op, f"unsupported map for result memref type '{view}'")
    if base.memory_space is not view.memory_space:
        raise plain_error(op, f"different memory spaces specified for base memref type '{base}' "
                          f"and view memref type '{view}'")
    if len(op.operands) - 2 != view.num_dynamic_dims:
        raise plain_error(op, f"incorrect number of size operands for type '{view}'")


VIEW = Op("memref.view",
          operands=[("source", MemRef1DI8), ("byte_shift", Index), ("sizes", Index, "*")],
          results=[("result", RankedMemRef)], traits=[PURE],
          format="$source `[` $byte_shift `]` `` `[` $sizes `]` attr-dict `:` type($source) "
                 "`to` type(results)",
          verify=_verify_view, result_names=lambda op: [(0, "view")])


# ---------------------------------------------------------------------------- metadata
def _verify_extract_strided_metadata(op):
    src = op.source.type
    rank = len(src.shape)
    inferred = [MemRefType((), src.element_type, None, src.memory_space), INDEX] + \
        [INDEX] * (2 * rank)
    actual = op.result_types
    if len(actual) != len(inferred) or any(a is not b for a, b in zip(actual, inferred)):
        # InferTypeOpInterface reports the mismatch, then the failure itself.
        err = op_error(op, "failed to infer returned types")
        detail = op_error(op, "inferred type(s) " + ", ".join(f"'{t}'" for t in inferred) +
                          " are incompatible with return type(s) of operation " +
                          ", ".join(f"'{t}'" for t in actual))
        err.more = [detail.diag]
        raise err


def _metadata_names(op):
    names = [(0, "base_buffer"), (1, "offset")]
    rank = (len(op.results) - 2) // 2
    if rank:
        names += [(2, "sizes"), (2 + rank, "strides")]
    return names


EXTRACT_STRIDED_METADATA = Op(
    "memref.extract_strided_metadata", operands=[("source", AnyStridedMemRef)],
    results=[("base_buffer", StridedMemRefOfRank0), ("offset", Index), ("sizes", Index, "*"),
             ("strides", Index, "*")],
    traits=[PURE], format="$source `:` type($source) `->` type(results) attr-dict",
    verify=_verify_extract_strided_metadata, result_names=_metadata_names)

OPS = [CAST, MEMORY_SPACE_CAST, RESHAPE, SUBVIEW, REINTERPRET_CAST, EXPAND_SHAPE,
       COLLAPSE_SHAPE, TRANSPOSE, VIEW, EXTRACT_STRIDED_METADATA]

from pyopt.interfaces import attach as _attach  # noqa: E402
from pyopt.interfaces.view_like import VIEW_LIKE, SOURCE_OPERAND_0  # noqa: E402
_attach([SUBVIEW, CAST, VIEW, REINTERPRET_CAST, EXPAND_SHAPE, COLLAPSE_SHAPE, TRANSPOSE,
         MEMORY_SPACE_CAST, RESHAPE, EXTRACT_STRIDED_METADATA], VIEW_LIKE, SOURCE_OPERAND_0)
