"""Verifiers of the vector dialect's memory ops: load/store, masked and expanding loads and
stores, gather/scatter and the transfer ops (with their permutation maps and masks)."""
from __future__ import annotations

from pyopt.ir.attributes import AffineMapAttr
from pyopt.ir.affine import AffineConstantExpr, AffineDimExpr
from pyopt.ir.types import (VectorType, MemRefType, RankedTensorType, IntegerType, IndexType,
                         FloatType)
from pyopt.ir.memref_layout import layout_is_identity, strides_and_offset
from pyopt.ir.verifier import op_error
from pyopt.dialects.vector.verifiers import bit_width, vec


# ---------------------------------------------------------------------------- memory
def _minor_unit_stride(t):
    if layout_is_identity(t):
        return True
    r = strides_and_offset(t)
    if r is None:
        return False
    strides = r[0]
    return not strides or strides[-1] == 1


def _verify_load_store(op, vec_t, mem_t, what):
    if not _minor_unit_stride(mem_t):
        raise op_error(op, "most minor memref dim must have unit stride")
    me = mem_t.element_type
    if type(me) is VectorType:
        if me is not vec_t:
            raise op_error(op, f"base memref and {what} vector types should match")
        me = me.element_type
    if vec_t.element_type is not me:
        raise op_error(op, f"base and {what} element type" +
                       ("s should match" if what == "result" else " should match"))


def verify_load(op):
    mem = op.base.type
    _verify_load_store(op, op.results[0].type, mem, "result")
    _check_indices(op, op.indices, mem)


def verify_store(op):
    mem = op.base.type
    _verify_load_store(op, op.valueToStore.type, mem, "valueToStore")
    _check_indices(op, op.indices, mem)


def _check_indices(op, indices, shaped):
    if len(indices) != len(shaped.shape):
        raise op_error(op, f"requires {len(shaped.shape)} indices")


def _masked_load_like(op, check_pass=True):
    mem = op.base.type
    indices = op.indices
    mask, pas = op.mask.type, op.pass_thru.type
    res = op.results[0].type
    if res.element_type is not mem.element_type:
        raise op_error(op, "base and result element type should match")
    _check_indices(op, indices, mem)
    if res.shape[0] != mask.shape[0]:
        raise op_error(op, "expected result dim to match mask dim")
    if res is not pas:
        raise op_error(op, "expected pass_thru of same type as result type")


def _masked_store_like(op):
    mem = op.base.type
    indices = op.indices
    mask, val = op.mask.type, op.valueToStore.type
    if val.element_type is not mem.element_type:
        raise op_error(op, "base and valueToStore element type should match")
    _check_indices(op, indices, mem)
    if val.shape[0] != mask.shape[0]:
        raise op_error(op, "expected valueToStore dim to match mask dim")


verify_maskedload = _masked_load_like
verify_expandload = _masked_load_like
verify_maskedstore = _masked_store_like
verify_compressstore = _masked_store_like


def verify_gather(op):
    base = op.base.type
    indices = op.indices
    ind, mask, pas = op.index_vec.type, op.mask.type, op.pass_thru.type
    res = op.results[0].type
    if type(base) not in (MemRefType, RankedTensorType):
        raise op_error(op, "requires base to be a memref or ranked tensor type")
    if res.element_type is not base.element_type:
        raise op_error(op, "base and result element type should match")
    _check_indices(op, indices, base)
    if res.shape != ind.shape:
        raise op_error(op, "expected result dim to match indices dim")
    if res.shape != mask.shape:
        raise op_error(op, "expected result dim to match mask dim")
    if res is not pas:
        raise op_error(op, "expected pass_thru of same type as result type")


def verify_scatter(op):
    mem = op.base.type
    indices = op.indices
    ind, mask, val = op.index_vec.type, op.mask.type, op.valueToStore.type
    if val.element_type is not mem.element_type:
        raise op_error(op, "base and valueToStore element type should match")
    _check_indices(op, indices, mem)
    if val.shape[0] != ind.shape[0]:
        raise op_error(op, "expected valueToStore dim to match indices dim")
    if val.shape[0] != mask.shape[0]:
        raise op_error(op, "expected valueToStore dim to match mask dim")


# ---------------------------------------------------------------------------- transfers
def inverse_projected(perm_map):
    """inversePermutation(compressUnusedDims(map)): for each used dim (in dim order), the
    position of the result that reads it."""
    pos = {}
    for i, e in enumerate(perm_map.results):
        if type(e) is AffineDimExpr and e.position not in pos:
            pos[e.position] = i
    return [pos[d] for d in sorted(pos)]


def transfer_mask_type(vtype, perm_map):
    """inferTransferOpMaskType."""
    from pyopt.ir.types import I1
    order = inverse_projected(perm_map)
    return vec([vtype.shape[i] for i in order], I1, [vtype.scalable_dims[i] for i in order])


def minor_identity_map(shaped, vtype):
    """getTransferMinorIdentityMap."""
    from pyopt.ir.affine import AffineMap, constant
    erank = len(shaped.element_type.shape) if type(shaped.element_type) is VectorType else 0
    if not shaped.shape and tuple(vtype.shape) == (1,):
        return AffineMap.get(0, 0, [constant(0)])
    return AffineMap.get_minor_identity(len(shaped.shape), len(vtype.shape) - erank)


def _verify_perm_map(op, m):
    seen = set()
    for e in m.results:
        if type(e) is AffineConstantExpr:
            if e.value != 0:
                raise op_error(op, "requires a projected permutation_map (at most one dim or the "
                               "zero constant can appear in each result)")
            continue
        if type(e) is not AffineDimExpr:
            raise op_error(op, "requires a projected permutation_map (at most one dim or the "
                           "zero constant can appear in each result)")
        if e.position in seen:
            raise op_error(op, "requires a permutation_map that is a permutation (found one dim "
                           "used more than once)")
        seen.add(e.position)


def _verify_transfer(op, shaped, vtype, mask, perm_map, in_bounds):
    if "masked" in op.attributes:
        raise op_error(op, "masked attribute has been removed. Use in_bounds instead.")
    if type(shaped) not in (MemRefType, RankedTensorType):
        raise op_error(op, "requires source to be a memref or ranked tensor type")
    elem = shaped.element_type
    vminor = vtype.shape[-1] if vtype.shape else 1
    if type(elem) is VectorType:
        src_bits = bit_width(elem.element_type) * elem.shape[-1]
        res_bits = bit_width(vtype.element_type) * vminor
        if src_bits and res_bits % src_bits:
            raise op_error(op, "requires the bitwidth of the minor 1-D vector to be an integral "
                           "multiple of the bitwidth of the minor 1-D vector of the source")
        if len(elem.shape) > len(vtype.shape):
            raise op_error(op, "requires source vector element and vector result ranks to "
                           "match.")
        if perm_map.num_results != len(vtype.shape) - len(elem.shape):
            raise op_error(op, "requires a permutation_map with result dims of the same rank as "
                           "the vector type")
        if mask is not None:
            raise op_error(op, "does not support masks with vector element type")
    else:
        res_bits = bit_width(vtype.element_type) * vminor
        eb = bit_width(elem)
        if eb and res_bits % eb:
            raise op_error(op, "requires the bitwidth of the minor 1-D vector to be an integral "
                           "multiple of the bitwidth of the source element type")
        if perm_map.num_results != len(vtype.shape):
            raise op_error(op, "requires a permutation_map with result dims of the same rank as "
                           "the vector type")
    if perm_map.num_symbols:
        raise op_error(op, "requires permutation_map without symbols")
    if perm_map.num_dims != len(shaped.shape):
        raise op_error(op, "requires a permutation_map with input dims of the same rank as the "
                       "source type")
    if mask is not None:
        inferred = transfer_mask_type(vtype, perm_map)
        if mask is not inferred:
            raise op_error(op, f"inferred mask type ('{inferred}') and mask operand type "
                           f"('{mask}') don't match")
    if perm_map.num_results != len(in_bounds):
        from pyopt.syntax.printer import attr_to_str
        raise op_error(op, f"expects the in_bounds attr of same rank as permutation_map "
                       f"results: {attr_to_str(AffineMapAttr(perm_map))} vs inBounds of size: "
                       f"{len(in_bounds)}")
    for i, e in enumerate(perm_map.results):
        if type(e) is AffineConstantExpr and not in_bounds[i].value:
            raise op_error(op, "requires broadcast dimensions to be in-bounds")


def verify_transfer_read(op):
    shaped = op.source.type
    indices = op.indices
    pad = op.padding.type
    mask = op.mask
    vtype = op.results[0].type
    perm = op.get_attr("permutation_map").value
    _check_indices(op, indices, shaped)
    _verify_transfer(op, shaped, vtype, mask.type if mask is not None else None, perm,
                     op.get_attr("in_bounds"))
    elem = shaped.element_type
    if type(elem) is VectorType:
        if elem is not pad:
            raise op_error(op, "requires source element type and padding type to match.")
    else:
        if not isinstance(pad, (IntegerType, IndexType, FloatType)):
            raise op_error(op, "requires valid padding vector elemental type")
        if pad is not elem:
            raise op_error(op, "requires formal padding and source of the same elemental type")
    _verify_perm_map(op, perm)


def verify_transfer_write(op):
    vtype = op.vector.type
    shaped = op.source.type
    indices = op.indices
    mask = op.mask
    perm = op.get_attr("permutation_map").value
    _check_indices(op, indices, shaped)
    if any(type(e) is AffineConstantExpr for e in perm.results):
        raise op_error(op, "should not have broadcast dimensions")
    _verify_transfer(op, shaped, vtype, mask.type if mask is not None else None, perm,
                     op.get_attr("in_bounds"))
    _verify_perm_map(op, perm)
