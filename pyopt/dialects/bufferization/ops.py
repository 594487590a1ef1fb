"""The bufferization dialect's tensor <-> memref ops: `bufferization.to_memref`,
`bufferization.to_tensor` (the tensor type is the memref's shape and element type, inferred),
`alloc_tensor`, `materialize_in_destination` and `dealloc_tensor`. Folds and canonicalization
patterns are in canonicalize.py."""
from __future__ import annotations

from pyopt.ir.constraints import AnyAttr, AnyMemRef, AnyShaped, AnyTensor, Index, UnitAttrC
from pyopt.ir.opdef import (ATTR_SIZED_OPERANDS, Op, PURE, SAME_OPERANDS_AND_RESULT_ELEMENT_TYPE,
                            SAME_OPERANDS_AND_RESULT_SHAPE, segment_sizes)
from pyopt.ir.types import (INDEX, BaseMemRefType, MemRefType, RankedTensorType,
                            UnrankedTensorType, DYNAMIC)

TENSOR_TYPES = (RankedTensorType, UnrankedTensorType)
from pyopt.ir.verify_invariants import op_error, plain_error


def tensor_type_of(memref_type):
    """getTensorTypeFromMemRefType."""
    if isinstance(memref_type, MemRefType):
        return RankedTensorType(memref_type.shape, memref_type.element_type, None)
    return UnrankedTensorType(memref_type.element_type)


def _all_attrs(op):
    if not op.properties:
        return op.attributes
    d = dict(op.properties)
    d.update(op.attributes)
    return d


# ---------------------------------------------------------------------------- alloc_tensor
def _parse_alloc_tensor(p, state):
    sizes = p.parse_operand_list("(")
    copy = hint = None
    if p.accept_keyword("copy"):
        p.expect("(")
        copy = p.parse_operand()
        p.expect(")")
    if p.accept_keyword("size_hint"):
        p.expect("=")
        hint = p.parse_operand()
    state.attributes.update(p.parse_optional_attr_dict())
    state.opdef.split_generic_attrs(state.properties, state.attributes)
    t = p.parse_colon_type()
    state.result_types = [t]
    state.operands = [p.resolve_operand(s, INDEX) for s in sizes]
    if copy is not None:
        state.operands.append(p.resolve_operand(copy, t))
    if hint is not None:
        state.operands.append(p.resolve_operand(hint, INDEX))
    state.properties["operandSegmentSizes"] = segment_sizes(
        [len(sizes), int(copy is not None), int(hint is not None)])


def _print_alloc_tensor(pr, op):
    out = pr.out
    out.append(f"({pr.values(op.dynamic_sizes)})")
    if op.copy is not None:
        out.append(f" copy({pr.value(op.copy)})")
    if op.size_hint is not None:
        out.append(f" size_hint={pr.value(op.size_hint)}")
    out.append(pr.attr_dict_str(_all_attrs(op), ("operandSegmentSizes",)))
    out.append(f" : {pr.type_str(op.result.type)}")


def _verify_alloc_tensor(op):
    t = op.result.type
    copy = op.copy
    if copy is not None and op.dynamic_sizes:
        raise plain_error(op, "dynamic sizes not needed when copying a tensor")
    if copy is None:
        ndyn = t.shape.count(DYNAMIC) if isinstance(t, RankedTensorType) else 0
        if ndyn != len(op.dynamic_sizes):
            raise plain_error(op, f"expected {ndyn} dynamic sizes")
    if copy is not None and copy.type is not t:
        raise plain_error(op, "expected that `copy` and return type match")


ALLOC_TENSOR = Op("bufferization.alloc_tensor",
                  operands=[("dynamic_sizes", Index, "*"), ("copy", AnyTensor, "?"),
                            ("size_hint", Index, "?")],
                  attrs={"memory_space": AnyAttr().opt()}, results=[("result", AnyTensor)],
                  traits=[ATTR_SIZED_OPERANDS], parse=_parse_alloc_tensor,
                  print=_print_alloc_tensor, verify=_verify_alloc_tensor)


# ---------------------------------------------------------------------------- materialize
def _verify_materialize(op):
    dest_t = op.dest.type
    is_memref = isinstance(dest_t, BaseMemRefType)
    if not is_memref and not isinstance(dest_t, TENSOR_TYPES):
        raise op_error(op, "'dest' must be a tensor or a memref")
    if not is_memref:
        if len(op.results) != 1:
            raise op_error(op, "tensor 'dest' implies exactly one tensor result")
        if dest_t is not op.results[0].type:
            raise op_error(op, "result and 'dest' types must match")
    if is_memref and op.results:
        raise op_error(op, "memref 'dest' implies zero results")
    if op.restrict is not None and not is_memref:
        raise op_error(op, "'restrict' is valid only for memref destinations")
    if (op.writable is not None) != is_memref:
        raise op_error(op, "'writable' must be specified if and only if the destination is "
                       "of memref type")
    src_t = op.source.type
    src_ranked = isinstance(src_t, RankedTensorType)
    dest_ranked = dest_t.has_rank
    if src_ranked != dest_ranked:
        raise op_error(op, "source/destination shapes are incompatible")
    if src_ranked:
        if len(src_t.shape) != len(dest_t.shape):
            raise op_error(op, "rank mismatch between source and destination shape")
        for a, b in zip(src_t.shape, dest_t.shape):
            if a != DYNAMIC and b != DYNAMIC and a != b:
                raise op_error(op, "source/destination shapes are incompatible")
    if src_t.element_type is not dest_t.element_type:
        raise op_error(op, "failed to verify that all of {source, dest} have same element "
                       "type")


def _materialize_effects(op):
    return {"write"} if isinstance(op.dest.type, BaseMemRefType) else set()


MATERIALIZE_IN_DESTINATION = Op(
    "bufferization.materialize_in_destination",
    operands=[("source", AnyTensor), ("dest", AnyShaped)],
    attrs={"restrict": UnitAttrC().opt(), "writable": UnitAttrC().opt()},
    results=[("result", AnyTensor, "?")],
    format="$source `in` (`restrict` $restrict^)? (`writable` $writable^)? $dest attr-dict "
           "`:` functional-type(operands, results)",
    verify=_verify_materialize, effects=_materialize_effects)


# ---------------------------------------------------------------------------- dealloc_tensor
DEALLOC_TENSOR = Op("bufferization.dealloc_tensor", operands=[("tensor", AnyTensor)],
                    format="$tensor attr-dict `:` type($tensor)")


# ---------------------------------------------------------------------------- casts
TO_MEMREF = Op("bufferization.to_memref", operands=[("tensor", AnyTensor)],
               attrs={"read_only": UnitAttrC().opt()}, results=[("memref", AnyMemRef)],
               traits=[PURE, SAME_OPERANDS_AND_RESULT_SHAPE,
                       SAME_OPERANDS_AND_RESULT_ELEMENT_TYPE],
               format="$tensor (`read_only` $read_only^)? attr-dict `:` type($memref)",
               infer={"tensor": lambda known, attrs: tensor_type_of(known["memref"])})
TO_TENSOR = Op("bufferization.to_tensor", operands=[("memref", AnyMemRef)],
               attrs={"restrict": UnitAttrC().opt(), "writable": UnitAttrC().opt()},
               results=[("result", AnyTensor)], effects=frozenset({"read"}),
               traits=[SAME_OPERANDS_AND_RESULT_SHAPE, SAME_OPERANDS_AND_RESULT_ELEMENT_TYPE],
               format="$memref (`restrict` $restrict^)? (`writable` $writable^)? attr-dict "
                      "`:` type($memref)",
               infer={"result": lambda known, attrs: tensor_type_of(known["memref"])})

OPS = [ALLOC_TENSOR, MATERIALIZE_IN_DESTINATION, DEALLOC_TENSOR, TO_MEMREF, TO_TENSOR]
