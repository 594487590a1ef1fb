"""Verifiers of the vector ops (VectorOps.cpp), with the ODS predicate traits (PredOpTrait,
TypesMatchWith, AllTypesMatch) each op checks before its own verifier."""
from __future__ import annotations

from pyopt.ir.types import VectorType, IntegerType, IndexType, FloatType, ShapedType, DYNAMIC
from pyopt.ir.memref_layout import layout_is_identity, canonicalize_strided_layout
from pyopt.ir.verifier import op_error, plain_error
from pyopt.dialects.vector.attrs import kind_supports, ints


# ---------------------------------------------------------------------------- helpers
def elem_or_self(t):
    return t.element_type if isinstance(t, ShapedType) else t


def bit_width(t):
    """DataLayout::getTypeSizeInBits for the scalar types vectors hold."""
    if type(t) is IntegerType or type(t) is FloatType:
        return t.width
    if type(t) is IndexType:
        return 64
    if type(t) is VectorType:
        n = bit_width(t.element_type)
        for d in t.shape:
            n *= d
        return n
    return 0


def same_elem(op, res_idx, opd_idx, what):
    """PredOpTrait TCresVTEtIsSameAsOpBase<res_idx, opd_idx>."""
    if elem_or_self(op.results[res_idx].type) is not elem_or_self(op.operand(opd_idx).type):
        raise op_error(op, f"failed to verify that {what}")


def all_same(op, names, types):
    """AllTypesMatch<names>."""
    if any(t is not types[0] for t in types):
        raise op_error(op, "failed to verify that all of {" + ", ".join(names) +
                       "} have same type")


def vec(shape, elem, scalable=None):
    return VectorType(shape, elem, scalable)


# ---------------------------------------------------------------------------- reductions
def verify_reduction(op):
    same_elem(op, 0, 0, "source operand and result have same element type")
    dest = op.results[0].type
    acc = op.acc
    if acc is not None and acc.type is not dest:
        raise op_error(op, "failed to verify that dest and acc have the same type")
    rank = len(op.vector.type.shape)
    if rank > 1:
        raise op_error(op, f"unsupported reduction rank: {rank}")
    kind = op.get_attr("kind")
    if not kind_supports(kind, dest):
        raise op_error(op, f"unsupported reduction type ''{dest}'' for kind '{kind.name}'")


def verify_multi_reduction(op):
    src, acc, dest = op.source.type, op.acc.type, op.results[0].type
    all_same(op, ["dest", "acc"], [dest, acc])
    same_elem(op, 0, 0, "source operand and result have same element type")
    dims = set(ints(op.get_attr("reduction_dims")))
    shape = [d for i, d in enumerate(src.shape) if i not in dims]
    scal = [s for i, s in enumerate(src.scalable_dims) if i not in dims]
    inferred = vec(shape, src.element_type, scal) if shape else src.element_type
    if dest is not inferred:
        raise op_error(op, f"destination type '{dest}' is incompatible with source type "
                       f"'{src}'")


def verify_scan(op):
    src, init = op.source.type, op.initial_value.type
    all_same(op, ["source", "dest"], [src, op.results[0].type])
    all_same(op, ["initial_value", "accumulated_value"], [init, op.results[1].type])
    rank = len(src.shape)
    rd = op.get_attr("reduction_dim").value
    if rd >= rank:
        raise op_error(op, f"reduction dimension {rd} has to be less than {rank}")
    if len(init.shape) != rank - 1:
        raise op_error(op, f"initial value rank {len(init.shape)} has to be equal to "
                       f"{rank - 1}")
    expected = [d for i, d in enumerate(src.shape) if i != rd]
    if list(init.shape) != expected:
        raise op_error(op, "incompatible input/initial value shapes")
    kind = op.get_attr("kind")
    if not kind_supports(kind, src.element_type):
        raise op_error(op, f"unsupported reduction type '{src.element_type}' for kind "
                       f"'{kind.name}'")


# ---------------------------------------------------------------------------- broadcast / shuffle
def broadcastable(src, dst):
    """isBroadcastableTo: None on success, else the error message."""
    if isinstance(src, (IntegerType, IndexType, FloatType)) and src is dst.element_type:
        return None
    if type(src) is not VectorType:
        return "source type is not a vector"
    if len(src.shape) > len(dst.shape):
        return "source rank higher than destination rank"
    lead = len(dst.shape) - len(src.shape)
    for r, s in enumerate(src.shape):
        d = dst.shape[lead + r]
        if s != 1 and s != d:
            return f"dimension mismatch ({s} vs. {d})"
    return None


def verify_broadcast(op):
    same_elem(op, 0, 0, "source operand and result have same element type")
    msg = broadcastable(op.source.type, op.results[0].type)
    if msg is not None:
        raise op_error(op, msg)


def shuffle_result_type(v1, mask):
    shape = [max(1, len(mask))] + (list(v1.shape[1:]) if v1.shape else [])
    return vec(shape, v1.element_type)


def verify_shuffle(op):
    same_elem(op, 0, 0, "first operand v1 and result have same element type")
    same_elem(op, 0, 1, "second operand v2 and result have same element type")
    res, v1, v2 = op.results[0].type, op.v1.type, op.v2.type
    rr, r1, r2 = len(res.shape), len(v1.shape), len(v2.shape)
    if not ((r1 == 0 and r2 == 0 and rr == 1) or (r1 == rr and r2 == rr)):
        raise op_error(op, "rank mismatch")
    for r in range(1, r1):
        if res.shape[r] != v1.shape[r] or v1.shape[r] != v2.shape[r]:
            raise op_error(op, "dimension mismatch")
    mask = ints(op.get_attr("mask"))
    if not mask:
        raise op_error(op, "invalid mask length")
    if len(mask) != res.shape[0]:
        raise op_error(op, "mask length mismatch")
    size = (v1.shape[0] if v1.shape else 1) + (v2.shape[0] if v2.shape else 1)
    for i, m in enumerate(mask):
        if m < 0 or m >= size:
            raise op_error(op, f"mask index #{i + 1} out of range")
    _check_inferred(op, shuffle_result_type(v1, mask))


def _check_inferred(op, inferred, compatible=None):
    """InferTypeOpInterface: the result type must be the inferred one."""
    t = op.results[0].type
    if t is inferred or (compatible is not None and compatible(t, inferred)):
        return
    # MLIR reports the mismatch, then the failed inference.
    err = op_error(op, f"inferred type(s) '{inferred}' are incompatible with return type(s) "
                   f"of operation '{t}'")
    err.more = [op_error(op, "failed to infer returned types").diag]
    raise err


# ---------------------------------------------------------------------------- interleave
def verify_interleave(op):
    lhs, rhs = op.lhs.type, op.rhs.type
    all_same(op, ["lhs", "rhs"], [lhs, rhs])
    if lhs.shape:
        shape = list(lhs.shape[:-1]) + [lhs.shape[-1] * 2]
    else:
        shape = [2]
    scal = lhs.scalable_dims if lhs.shape else None
    if op.results[0].type is not vec(shape, lhs.element_type, scal):
        raise op_error(op, "failed to verify that type of 'result' is double the width of the "
                       "inputs")


def verify_deinterleave(op):
    src = op.source.type
    if src.shape[-1] % 2:
        raise op_error(op, "failed to verify that the trailing dimension of the source vector "
                       "has an even number of elements")
    half = src.shape[-1] // 2
    expected = src if half <= 0 else vec(list(src.shape[:-1]) + [half], src.element_type,
                                         src.scalable_dims)
    if op.results[0].type is not expected:
        raise op_error(op, "failed to verify that the trailing dimension of the results is "
                       "half the width of source trailing dimension")
    all_same(op, ["res1", "res2"], [op.results[0].type, op.results[1].type])


# ---------------------------------------------------------------------------- extract / insert
def _check_element(op, vector_type, scalar_type, what):
    if vector_type.element_type is not scalar_type:
        raise op_error(op, f"failed to verify that {what}")


def _verify_position_rank(op, rank, has_pos):
    if rank == 0:
        if has_pos:
            raise op_error(op, "expected position to be empty with 0-D vector")
        return
    if rank != 1:
        raise op_error(op, "unexpected >1 vector rank")
    if not has_pos:
        raise op_error(op, "expected position for 1-D vector")


def verify_extractelement(op):
    v = op.vector.type
    _check_element(op, v, op.results[0].type,
                   "result type matches element type of vector operand")
    _verify_position_rank(op, len(v.shape), len(op.operand_slots) > 1)


def verify_insertelement(op):
    res = op.results[0].type
    _check_element(op, res, op.source.type,
                   "source operand type matches element type of result")
    all_same(op, ["dest", "result"], [op.dest.type, res])
    _verify_position_rank(op, len(res.shape), len(op.operand_slots) > 2)


def extract_result_type(v, npos):
    if npos == len(v.shape):
        return v.element_type
    n = min(npos, len(v.shape))
    return vec(v.shape[n:], v.element_type, v.scalable_dims[n:])


def _extract_compatible(a, b):
    def one(x, y):
        return type(x) is VectorType and tuple(x.shape) == (1,) and x.element_type is y
    return one(a, b) or one(b, a)


def verify_extract(op):
    same_elem(op, 0, 0, "operand and result have same element type")
    v = op.vector.type
    pos = op.get_attr("static_position").values
    ndyn = len(op.operand_slots) - 1
    if sum(1 for p in pos if p == DYNAMIC) != ndyn:
        raise op_error(op, "mismatch between dynamic and static positions (kDynamic marker but "
                       "no corresponding dynamic position) -- this can only happen due to an "
                       "incorrect fold/rewrite")
    if len(pos) > len(v.shape):
        raise op_error(op, "expected position attribute of rank no greater than vector rank")
    for i, p in enumerate(pos):
        if p != DYNAMIC and (p < 0 or p >= v.shape[i]):
            raise op_error(op, f"expected position attribute #{i + 1} to be a non-negative "
                           f"integer smaller than the corresponding vector dimension")
    _check_inferred(op, extract_result_type(v, len(pos)), _extract_compatible)


def verify_insert(op):
    same_elem(op, 0, 0, "source operand and result have same element type")
    dest = op.dest.type
    all_same(op, ["dest", "result"], [dest, op.results[0].type])
    pos = op.get_attr("static_position").values
    src = op.source.type
    if len(pos) > len(dest.shape):
        raise op_error(op, "expected position attribute of rank no greater than dest vector "
                       "rank")
    if type(src) is VectorType and len(src.shape) + len(pos) != len(dest.shape):
        raise op_error(op, "expected position attribute rank + source rank to match dest "
                       "vector rank")
    if type(src) is not VectorType and len(pos) != len(dest.shape):
        raise op_error(op, "expected position attribute rank to match the dest vector rank")
    for i, p in enumerate(pos):
        if p != DYNAMIC and (p < 0 or p >= dest.shape[i]):
            raise op_error(op, f"expected position attribute #{i + 1} to be a non-negative "
                           f"integer smaller than the corresponding dest vector dimension")


def verify_scalable_insert(op):
    src, dest = op.source.type, op.dest.type
    if src.element_type is not dest.element_type:
        raise op_error(op, "failed to verify that all of {source, dest} have same element type")
    all_same(op, ["dest", "res"], [dest, op.results[0].type])
    if op.get_attr("pos").value % src.num_elements:
        raise op_error(op, "failed to verify that position is a multiple of the source length.")


def verify_scalable_extract(op):
    src, res = op.source.type, op.results[0].type
    if src.element_type is not res.element_type:
        raise op_error(op, "failed to verify that all of {source, res} have same element type")
    if op.get_attr("pos").value % res.num_elements:
        raise op_error(op, "failed to verify that position is a multiple of the result length.")


def verify_from_elements(op):
    res = op.results[0].type
    ts = [s.value.type for s in op.operand_slots]
    if ts != [res.element_type] * res.num_elements:
        raise op_error(op, "failed to verify that operand types match result element type")


def verify_splat(op):
    _check_element(op, op.results[0].type, op.input.type,
                   "operand type matches element type of result")


def verify_fma(op):
    ts = [s.value.type for s in op.operand_slots] + [op.results[0].type]
    all_same(op, ["lhs", "rhs", "acc", "result"], ts)


# ---------------------------------------------------------------------------- strided slices
def _confined_to_shape(op, vals, shape, name, half_open=True, lo=0):
    for i, (v, d) in enumerate(zip(vals, shape)):
        hi = d if half_open else d + 1
        if v < lo or v >= hi:
            raise op_error(op, f"expected {name} dimension {i} to be confined to [{lo}, {hi})")


def _confined_to_range(op, vals, lo, hi, name, half_open=True):
    upper = hi if half_open else hi + 1
    for v in vals:
        if v < lo or v >= upper:
            raise op_error(op, f"expected {name} to be confined to [{lo}, {upper})")


def _sum_confined(op, a, b, shape, n1, n2, half_open=True, lo=1):
    for i, (x, y, d) in enumerate(zip(a, b, shape)):
        hi = d if half_open else d + 1
        if x + y < 0 or x + y >= hi:
            raise op_error(op, f"expected sum({n1}, {n2}) dimension {i} to be confined to "
                           f"[{lo}, {hi})")


def verify_insert_strided_slice(op):
    src, dest = op.source.type, op.dest.type
    same_elem(op, 0, 0, "operand #0 and result have same element type")
    all_same(op, ["dest", "res"], [dest, op.results[0].type])
    offsets, strides = ints(op.get_attr("offsets")), ints(op.get_attr("strides"))
    if len(offsets) != len(dest.shape):
        raise op_error(op, "expected offsets of same size as destination vector rank")
    if len(strides) != len(src.shape):
        raise op_error(op, "expected strides of same size as source vector rank")
    if len(src.shape) > len(dest.shape):
        raise op_error(op, "expected source rank to be no greater than destination rank")
    as_dest = [0] * (len(dest.shape) - len(src.shape)) + list(src.shape)
    _confined_to_shape(op, offsets, dest.shape, "offsets")
    _confined_to_range(op, strides, 1, 1, "strides", False)
    _sum_confined(op, offsets, as_dest, dest.shape, "offsets", "source vector shape", False)
    diff = len(dest.shape) - len(src.shape)
    for i, s in enumerate(src.shape):
        if src.scalable_dims[i] != dest.scalable_dims[i + diff]:
            raise op_error(op, f"mismatching scalable flags (at source vector idx={i})")
        if src.scalable_dims[i] and s != dest.shape[i + diff]:
            raise op_error(op, f"expected size at idx={i} to match the corresponding base size "
                           f"from the input vector ({s} vs {dest.shape[i + diff]})")


def strided_slice_result_type(v, offsets, sizes):
    shape = list(sizes[:len(offsets)]) + list(v.shape[len(offsets):])
    return vec(shape, v.element_type, v.scalable_dims)


def verify_extract_strided_slice(op):
    same_elem(op, 0, 0, "operand and result have same element type")
    v = op.vector.type
    offsets, sizes, strides = (ints(op.get_attr("offsets")), ints(op.get_attr("sizes")),
                               ints(op.get_attr("strides")))
    if len(offsets) != len(sizes) or len(offsets) != len(strides):
        raise op_error(op, "expected offsets, sizes and strides attributes of same size")
    shape = v.shape
    for name, vals in (("offsets", offsets), ("sizes", sizes), ("strides", strides)):
        if len(vals) > len(shape):
            raise op_error(op, f"expected {name} attribute of rank no greater than vector rank")
    _confined_to_shape(op, offsets, shape, "offsets")
    _confined_to_shape(op, sizes, shape, "sizes", False, 1)
    _confined_to_range(op, strides, 1, 1, "strides", False)
    _sum_confined(op, offsets, sizes, shape, "offsets", "sizes", False)
    expected = strided_slice_result_type(v, offsets, sizes)
    if op.results[0].type is not expected:
        raise op_error(op, f"expected result type to be '{expected}'")
    for i, s in enumerate(sizes):
        if v.scalable_dims[i] and shape[i] != s:
            raise op_error(op, f"expected size at idx={i} to match the corresponding base size "
                           f"from the input vector ({s} vs {shape[i]})")


# ---------------------------------------------------------------------------- reshape / casts
def verify_reshape(op):
    from pyopt.rewrite.matchers import constant_int
    inp, out = op.vector.type, op.results[0].type
    ins, outs = op.input_shape, op.output_shape
    fixed = ints(op.get_attr("fixed_vector_sizes"))
    if len(inp.shape) != len(ins) + len(fixed):
        raise plain_error(op, f"invalid input shape for vector type {inp}")
    if len(out.shape) != len(outs) + len(fixed):
        raise plain_error(op, f"invalid output shape for vector type {out}")
    for i, f in enumerate(fixed):
        if f != inp.shape[len(inp.shape) - len(fixed) - i]:
            raise plain_error(op, f"fixed vector size must match input vector for dim {i}")
    for i, f in enumerate(fixed):
        if f != out.shape[len(out.shape) - len(fixed) - i]:
            raise plain_error(op, f"fixed vector size must match output vector for dim {i}")

    ci, co = [constant_int(v) for v in ins], [constant_int(v) for v in outs]
    if None not in ci and None not in co:
        pi = po = 1
        for x in ci:
            pi *= x
        for x in co:
            po *= x
        if pi != po:
            raise plain_error(op, "product of input and output shape sizes must match")


def _valid_shape_cast(a, b):
    """isValidShapeCast: `a` (lower rank) collapses contiguous groups of `b`."""
    ra, rb = len(a), len(b)
    if ra == 0 and all(x == 1 for x in b):  # n-D of unit dims to 0-D
        return True
    i = j = 0
    while i < ra and j < rb:
        da, db = a[i], 1
        while db < da and j < rb:
            db *= b[j]
            j += 1
        if da != db:
            break
        i += 1
        if i < ra and all(x == 1 for x in a[i:]):
            i = ra
        if j < rb and all(x == 1 for x in b[j:]):
            j = rb
    return i == ra and j == rb


def verify_shape_cast(op):
    src, res = op.source.type, op.results[0].type
    if src.element_type is not res.element_type:
        raise op_error(op, "source/result vectors must have same element type")
    if src.num_elements != res.num_elements:
        raise op_error(op, "source/result number of elements must match")
    if len(src.shape) < len(res.shape):
        if not _valid_shape_cast(src.shape, res.shape):
            raise op_error(op, "invalid shape cast")
    elif len(src.shape) > len(res.shape):
        if not _valid_shape_cast(res.shape, src.shape):
            raise op_error(op, "invalid shape cast")


def verify_bitcast(op):
    src, res = op.source.type, op.results[0].type
    if len(src.shape) != len(res.shape):
        raise op_error(op, "failed to verify that all of {source, result} have same rank")
    for i in range(len(src.shape) - 1):
        if src.shape[i] != res.shape[i]:
            raise op_error(op, f"dimension size mismatch at: {i}")
    sb, rb = bit_width(src.element_type), bit_width(res.element_type)
    if not src.shape:
        if sb != rb:
            raise op_error(op, "source/result bitwidth of the 0-D vector element types must be "
                           "equal")
    elif sb * src.shape[-1] != rb * res.shape[-1]:
        raise op_error(op, "source/result bitwidth of the minor 1-D vectors must be equal")


def _flat_shape(t):
    shape = list(t.shape)
    e = t.element_type
    if type(e) is VectorType:
        shape += list(e.shape)
    return shape


def verify_type_cast(op):
    src, res = op.memref.type, op.results[0].type
    if not layout_is_identity(canonicalize_strided_layout(src)):
        raise op_error(op, "expects operand to be a memref with identity layout")
    if not layout_is_identity(res):
        raise op_error(op, "expects result to be a memref with identity layout")
    if res.memory_space is not src.memory_space:
        raise op_error(op, "expects result in same memory space")
    if elem_or_self(src.element_type) is not elem_or_self(res.element_type):
        raise op_error(op, f"expects result and operand with same underlying scalar type: "
                       f"{res}")
    if _flat_shape(src) != _flat_shape(res):
        raise op_error(op, f"expects concatenated result and operand shapes to be equal: "
                       f"{res}")


def verify_transpose(op):
    same_elem(op, 0, 0, "operand and result have same element type")
    v, res = op.vector.type, op.results[0].type
    rank = len(res.shape)
    if len(v.shape) != rank:
        raise op_error(op, f"vector result rank mismatch: {rank}")
    perm = op.get_attr("permutation").values
    if len(perm) != rank:
        raise op_error(op, f"transposition length mismatch: {len(perm)}")
    seen = [False] * rank
    for i, p in enumerate(perm):
        if p < 0 or p >= rank:
            raise op_error(op, f"transposition index out of range: {p}")
        if seen[p]:
            raise op_error(op, f"duplicate position index: {p}")
        seen[p] = True
        if res.shape[i] != v.shape[p]:
            raise op_error(op, f"dimension size mismatch at: {p}")


def verify_flat_transpose(op):
    same_elem(op, 0, 0, "source operand and result have same element type")


def verify_matmul(op):
    same_elem(op, 0, 0, "lhs operand and result have same element type")
    same_elem(op, 0, 1, "rhs operand and result have same element type")


# ---------------------------------------------------------------------------- masks
def verify_constant_mask(op):
    t = op.results[0].type
    sizes = ints(op.get_attr("mask_dim_sizes"))
    if not t.shape:
        if len(sizes) != 1:
            raise plain_error(op, "array attr must have length 1 for 0-D vectors")
        if sizes[0] not in (0, 1):
            raise plain_error(op, "mask dim size must be either 0 or 1 for 0-D vectors")
        return
    if len(sizes) != len(t.shape):
        raise op_error(op, "must specify array attr of size equal vector result rank")
    for i, s in enumerate(sizes):
        if s < 0 or s > t.shape[i]:
            raise op_error(op, "array attr of size out of bounds of vector result dimension "
                           "size")
        if t.scalable_dims[i] and s != 0 and s != t.shape[i]:
            raise op_error(op, "only supports 'none set' or 'all set' scalable dimensions")
    if 0 in sizes and any(sizes):
        raise op_error(op, "expected all mask dim sizes to be zeros, as a result of conjunction "
                       "with zero mask dim")


def verify_create_mask(op):
    t = op.results[0].type
    n = len(op.operand_slots)
    if not t.shape:
        if n != 1:
            raise op_error(op, "must specify exactly one operand for 0-D create_mask")
    elif n != len(t.shape):
        raise op_error(op, "must specify an operand for each result vector dimension")


# ---------------------------------------------------------------------------- print
def verify_print(op):
    s = op.get_attr("stringLiteral")
    p = op.get_attr("punctuation")
    if s is not None and (op.operand_slots or (p is not None and p.keyword != "newline")):
        raise op_error(op, "failed to verify that `source` or `punctuation` are not set when "
                       "printing strings")


# ---------------------------------------------------------------------------- regions
def expected_mask_type(op):
    """MaskableOpInterface::getExpectedMaskType of the maskable ops (None: not maskable)."""
    from pyopt.ir.types import I1
    name = op.name
    if name == "vector.transfer_read":
        return transfer_mask_type(op.results[0].type, op.get_attr("permutation_map").value)
    if name == "vector.transfer_write":
        return transfer_mask_type(op.vector.type, op.get_attr("permutation_map").value)
    if name in ("vector.reduction", "vector.multi_reduction"):
        t = (op.vector if name == "vector.reduction" else op.source).type
        return vec(t.shape, I1, t.scalable_dims)
    if name == "vector.outerproduct":
        t = op.results[0].type
        return vec(t.shape, I1, t.scalable_dims)
    if name == "vector.gather":
        t = op.index_vec.type
        return vec(t.shape, I1, t.scalable_dims)
    if name == "vector.contract":
        lhs, rhs = op.lhs.type, op.rhs.type
        maps = [a.value for a in op.get_attr("indexing_maps")]
        n = maps[0].num_dims
        shape, scal = [DYNAMIC] * n, [False] * n
        for t, m in ((lhs, maps[0]), (rhs, maps[1])):
            for i, d in enumerate(t.shape):
                p = m.results[i].position
                shape[p], scal[p] = d, t.scalable_dims[i]
        return vec(shape, I1, scal)
    return None


_MASKABLE = {"vector.transfer_read", "vector.transfer_write", "vector.reduction",
             "vector.multi_reduction", "vector.outerproduct", "vector.gather",
             "vector.contract"}
_PASSTHRU = {"vector.transfer_read"}  # (the only op whose supportsPassthru() is true)


def verify_mask(op):
    block = op.regions[0].blocks[0]
    ops = list(block.ops) if hasattr(block, "ops") else _block_ops(block)
    if not ops:
        raise op_error(op, "expects a terminator within the mask region")
    if len(ops) > 2:
        raise op_error(op, "expects only one operation to mask")
    term = ops[-1]
    if term.name != "vector.yield":
        raise op_error(op, "expects a terminator within the mask region")
    if len(term.operand_slots) != len(op.results):
        raise op_error(op, "expects number of results to match mask region yielded values")
    inner = ops[0]
    if inner.name not in _MASKABLE:
        return
    if len(inner.results) != len(op.results):
        raise op_error(op, "expects number of results to match maskable operation number of "
                       "results")
    if [r.type for r in inner.results] != [r.type for r in op.results]:
        raise op_error(op, "expects result type to match maskable operation result type")
    if sum(1 for r in inner.results if type(r.type) is VectorType) > 1:
        raise op_error(op, "multiple vector results not supported")
    expected = expected_mask_type(inner)
    if op.mask.type is not expected:
        raise op_error(op, f"expects a '{expected}' mask for the maskable operation")
    if len(op.operand_slots) > 1:
        pt = op.passthru
        if inner.name not in _PASSTHRU:
            raise op_error(op, "doesn't expect a passthru argument for this maskable operation")
        if len(inner.results) != 1:
            raise op_error(op, "expects result when passthru argument is provided")
        if pt.type is not inner.results[0].type:
            raise op_error(op, "expects passthru type to match result type")


def verify_mask_structure(op):
    """The mask region's one block, then verify_mask."""
    r = op.regions[0]
    if len(r.blocks) != 1:
        raise op_error(op, "expects region #0 to have 0 or 1 blocks" if r.blocks else
                       "region #0 ('maskRegion') failed to verify constraint: region with 1 "
                       "blocks")
    verify_mask(op)


def _block_ops(block):
    out = []
    o = block.first
    while o is not None:
        out.append(o)
        o = o.next
    return out


def _distributed(op, expanded, distributed, warp):
    if expanded is distributed:
        return
    if type(expanded) is not VectorType or type(distributed) is not VectorType:
        raise op_error(op, "expected vector type for distributed operands.")
    if len(expanded.shape) != len(distributed.shape) or \
            expanded.element_type is not distributed.element_type:
        raise op_error(op, "expected distributed vectors to have same rank and element type.")
    total = 1
    for i, (e, d) in enumerate(zip(expanded.shape, distributed.shape)):
        if e == d:
            continue
        if e % d:
            raise op_error(op, f"expected expanded vector dimension #{i} ({e}) to be a "
                           f"multipler of the distributed vector dimension ({d})")
        total *= e // d
    if total != warp:
        raise op_error(op, f"incompatible distribution dimensions from '{expanded}' to "
                       f"'{distributed}' with warp size = {warp}")


def verify_warp(op):
    block = op.regions[0].blocks[0]
    args = op.args
    if len(args) != len(block.args):
        raise op_error(op, "expected same number op arguments and block arguments.")
    term = block.last
    if term is None or len(term.operand_slots) != len(op.results):
        raise op_error(op, "expected same number of yield operands and return values.")
    warp = op.get_attr("warp_size").value
    for ba, a in zip(block.args, args):
        _distributed(op, ba.type, a.type, warp)
    for s, r in zip(term.operand_slots, op.results):
        _distributed(op, s.value.type, r.type, warp)


# the verifiers of the memory ops (loads, stores, gathers, transfers) live in their own module
from pyopt.dialects.vector.memory_verifiers import (  # noqa: E402,F401
    verify_maskedload, verify_expandload, verify_maskedstore, verify_compressstore,
    _minor_unit_stride, _verify_load_store, verify_load, verify_store,
    _check_indices, _masked_load_like, _masked_store_like, verify_gather,
    verify_scatter, inverse_projected, transfer_mask_type, minor_identity_map,
    _verify_perm_map, _verify_transfer, verify_transfer_read, verify_transfer_write)
from pyopt.dialects.vector.contraction_verifiers import (  # noqa: E402,F401
    _dim_map, _result_index, _dim_map_ok, verify_contract,
    _verify_contract_output, verify_outerproduct)
