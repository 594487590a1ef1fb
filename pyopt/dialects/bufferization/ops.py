"""The bufferization dialect's tensor <-> memref ops: `bufferization.to_memref`,
`bufferization.to_tensor` (the tensor type is the memref's shape and element type, inferred)
and the other ops one-shot bufferization creates."""
from __future__ import annotations

from pyopt.ir.constraints import AnyMemRef, AnyTensor, UnitAttrC
from pyopt.ir.opdef import Op, PURE
from pyopt.ir.types import MemRefType, RankedTensorType, UnrankedTensorType


def tensor_type_of(memref_type):
    """getTensorTypeFromMemRefType."""
    if isinstance(memref_type, MemRefType):
        return RankedTensorType(memref_type.shape, memref_type.element_type, None)
    return UnrankedTensorType(memref_type.element_type)


TO_MEMREF = Op("bufferization.to_memref", operands=[("tensor", AnyTensor)],
               attrs={"read_only": UnitAttrC().opt()}, results=[("memref", AnyMemRef)],
               traits=[PURE], format="$tensor (`read_only` $read_only^)? attr-dict `:` "
                                     "type($memref)",
               infer={"tensor": lambda known, attrs: tensor_type_of(known["memref"])})
TO_TENSOR = Op("bufferization.to_tensor", operands=[("memref", AnyMemRef)],
               attrs={"restrict": UnitAttrC().opt(), "writable": UnitAttrC().opt()},
               results=[("result", AnyTensor)], effects=frozenset({"read"}),
               format="$memref (`restrict` $restrict^)? (`writable` $writable^)? attr-dict "
                      "`:` type($memref)",
               infer={"result": lambda known, attrs: tensor_type_of(known["memref"])})

OPS = [TO_MEMREF, TO_TENSOR]
