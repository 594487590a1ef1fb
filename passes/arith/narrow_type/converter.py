"""The narrow-type emulation type converter (MLIR's NarrowTypeEmulationConverter plus the memref
conversion): memrefs of integers narrower than the load/store width become 1-D memrefs of
that width holding the packed elements; other types are kept unless a caller adds rules
(the test pass widens scalar and vector integers to the arith compute width)."""
from __future__ import annotations

from pyopt.ir.attributes import StridedLayoutAttr
from pyopt.ir.memref_layout import strides_and_offset
from pyopt.ir.types import DYNAMIC, IntegerType, MemRefType
from pyopt.rewrite.conversion import TypeConverter
from pyopt.rewrite.conversion.func_conversions import function_type_conversion_patterns


class NarrowTypeConverter(TypeConverter):
    def __init__(self, load_store_bitwidth):
        super().__init__()
        self.load_store_bitwidth = load_store_bitwidth
        self.add_conversion(lambda t: t)  # unknown types are legal as they are
        self.add_function_type_conversion()

    def add_memref_conversion(self):
        """populateMemRefNarrowTypeEmulationConversions."""
        self.add_conversion(self._memref)

    def _memref(self, t):
        if type(t) is not MemRefType:
            return None
        et = t.element_type
        width, wide = getattr(et, "width", None), self.load_store_bitwidth
        if type(et) is not IntegerType or width >= wide:
            return t
        # Layouts it cannot pack answer None, as MLIR's std::nullopt: the later rules (finally
        # the identity) apply, so such memrefs stay legal and their ops unconverted.
        so = strides_and_offset(t)
        if so is None:
            return None
        strides, offset = so
        if strides and strides[-1] != 1:
            return None
        layout = None
        if offset != 0:  # (a zero offset with unit stride needs no layout)
            if offset != DYNAMIC:
                if offset * width % wide:
                    return None
                offset = offset * width // wide
            layout = StridedLayoutAttr(offset, [1])
        return MemRefType(linearized_shape(t.shape, width, wide),
                          IntegerType(wide, et.signedness), layout, t.memory_space)


def linearized_shape(shape, src_bits, dst_bits):
    if not shape:
        return []
    n = 1
    for s in shape:
        if s == DYNAMIC:
            return [DYNAMIC]
        n *= s
    scale = dst_bits // src_bits
    return [(n + scale - 1) // scale]


def func_patterns(tc):
    """populateArithNarrowTypeEmulationPatterns: signatures, calls and returns."""
    return function_type_conversion_patterns(tc, forwarding_ops=("func.return", "func.call"))
