"""`test-vector-linearize`: n-D vectors (n >= 2, at most one scalable dimension) become 1-D
vectors of the same element count (MLIR's VectorLinearize). Constants and elementwise ops are
retyped; vector.shuffle / extract / insert / extract_strided_slice become 1-D shuffles with
linearized indices; vector.shape_cast bridges to the unconverted rest. Only ops whose
trailing dimension is narrower than `target-vector-bitwidth` bits are linearized."""
from __future__ import annotations

from pyopt.ir.attributes import ArrayAttr, DenseElementsAttr, IntegerAttr
from pyopt.ir.opdef import ELEMENTWISE
from pyopt.ir.types import I64, INDEX, VectorType
from pyopt.pass_registry import PassOption, register_pass
from pyopt.rewrite.conversion import (ConversionPattern, ConversionTarget, OpConversionPattern,
                                      TypeConverter, apply_partial_conversion)

_UNLIMITED = 2 ** 32 - 1  # (unsigned max: every vector is narrower)


def _trailing_bits(t):
    """Bits of the trailing dimension of a non-0-D, non-index vector type; None otherwise."""
    if type(t) is not VectorType or t.element_type is INDEX or not t.shape:
        return None
    return t.shape[-1] * t.element_type.width


def _narrower(op, width):
    """isLessThanTargetBitWidth: every result is a vector with a trailing dim < `width` bits."""
    for r in op.results:
        b = _trailing_bits(r.type)
        if b is None or b >= width:
            return False
    return True


def _at_most(t, width):
    b = _trailing_bits(t)
    return b is not None and b <= width


# ops with MLIR's Vectorizable trait (ElementwiseMappable): every arith op but the constant,
# every math op, vector.fma (pyopt does not declare the trait on all of them)
_VECTORIZABLE_DIALECTS = ("arith", "math")


def _vectorizable(op):
    name = op.name
    if name.split(".", 1)[0] in _VECTORIZABLE_DIALECTS:
        return name != "arith.constant"
    if name == "vector.fma":
        return True
    d = op.opdef
    return d is not None and ELEMENTWISE in d.traits


def _linearizable(t):
    return len(t.shape) > 1 and sum(1 for s in t.scalable_dims if s) <= 1


def _num_elements(t):
    n = 1
    for s in t.shape:
        n *= s
    return n


def _shuffle(rw, op, dst, v1, v2, indices):
    mask = ArrayAttr([IntegerAttr(I64, i) for i in indices])
    rw.replace_op_with_new_op(op, "vector.shuffle", [v1, v2], [dst],
                              properties={"mask": mask})
    return True


class _Linearize(OpConversionPattern):
    def __init__(self, tc, width, root=None):
        super().__init__(tc, root=root or self.root)
        self.width = width


class LinearizeConstant(_Linearize):
    root = "arith.constant"

    def match_and_rewrite(self, op, adaptor, rw):
        rt = self.type_converter.convert_type(op.results[0].type)
        if type(rt) is not VectorType:
            return rw.notify_match_failure(op, "can't convert return type")
        value = op.get_attr("value")
        if rt.is_scalable and not (type(value) is DenseElementsAttr and value.is_splat):
            return rw.notify_match_failure(
                op, "Cannot linearize a constant scalable vector that's not a splat")
        if not _narrower(op, self.width):
            return rw.notify_match_failure(op, "Can't flatten since targetBitWidth <= OpSize")
        if type(value) is not DenseElementsAttr:
            return rw.notify_match_failure(op, "unsupported attr type")
        rw.replace_op_with_new_op(op, op.name, [], [rt], properties={
            "value": DenseElementsAttr(rt, value.values, value.is_splat)})
        return True


class LinearizeVectorizable(ConversionPattern):
    """Any elementwise op: the same op on the converted operands and result types."""

    def __init__(self, tc, width):
        super().__init__(tc)
        self.width = width

    def match_and_rewrite(self, op, adaptor, rw):
        if not _vectorizable(op) or not _narrower(op, self.width):
            return False
        types = self.type_converter.convert_types(op.result_types)
        if types is None:
            return False
        rw.replace_op_with_new_op(op, op.name, list(adaptor), types,
                                  properties=dict(op.properties),
                                  attributes=dict(op.attributes))
        return True


class LinearizeExtractStridedSlice(_Linearize):
    root = "vector.extract_strided_slice"

    def match_and_rewrite(self, op, adaptor, rw):
        st = op.vector.type
        dst = self.type_converter.convert_type(op.results[0].type)
        if st.is_scalable or dst.is_scalable:
            return rw.notify_match_failure(op, "scalable vectors are not supported.")
        if not _narrower(op, self.width):
            return rw.notify_match_failure(op, "Can't flatten since targetBitWidth <= OpSize")
        offsets = [a.value for a in op.get_attr("offsets").value]
        sizes = [a.value for a in op.get_attr("sizes").value]
        if op.get_attr("strides").value[0].value != 1:
            return rw.notify_match_failure(
                op, "Strided slice with stride != 1 is not supported.")
        k = len(offsets)
        # the trailing dims not named by the offsets are taken whole
        grain = _num_elements(VectorType(st.shape[k:], st.element_type))
        src_strides = [grain] * k
        for i in range(k - 2, -1, -1):
            src_strides[i] = src_strides[i + 1] * st.shape[i + 1]
        out_strides = [1] * k
        for i in range(k - 2, -1, -1):
            out_strides[i] = out_strides[i + 1] * sizes[i + 1]
        count = 1
        for s in sizes:
            count *= s
        indices = []
        for i in range(count):
            base = 0
            for j in range(k):
                pos, i = divmod(i, out_strides[j])
                base += (offsets[j] + pos) * src_strides[j]
            indices.extend(range(base, base + grain))
        v = adaptor[0]
        return _shuffle(rw, op, dst, v, v, indices)


class LinearizeShuffle(_Linearize):
    root = "vector.shuffle"

    def match_and_rewrite(self, op, adaptor, rw):
        dst = self.type_converter.convert_type(op.results[0].type)
        if not _narrower(op, self.width):
            return rw.notify_match_failure(op, "Can't flatten since targetBitWidth <= OpSize")
        shape = op.v1.type.shape
        slice_len = _num_elements(VectorType(shape[1:], I64)) if len(shape) > 1 else 1
        indices = []
        for a in op.get_attr("mask").value:
            v = a.value & ((1 << 64) - 1)
            indices.extend(range(slice_len * v, slice_len * (v + 1)))
        return _shuffle(rw, op, dst, adaptor[0], adaptor[1], indices)


def _dynamic_position(op):
    return len(op.operands) > (2 if op.name == "vector.insert" else 1)


class LinearizeExtract(_Linearize):
    root = "vector.extract"

    def match_and_rewrite(self, op, adaptor, rw):
        vt = op.vector.type
        dst = self.type_converter.convert_type(op.results[0].type)
        if vt.is_scalable or (type(dst) is VectorType and dst.is_scalable):
            return rw.notify_match_failure(op, "scalable vectors are not supported.")
        if not _narrower(op, self.width):
            return rw.notify_match_failure(op, "Can't flatten since targetBitWidth <= OpSize")
        if _dynamic_position(op):
            return rw.notify_match_failure(op, "dynamic position is not supported.")
        size = _num_elements(vt)
        offset = 0
        for i, p in enumerate(op.get_attr("static_position").values):
            size //= vt.shape[i]
            offset += p * size
        v = adaptor[0]
        return _shuffle(rw, op, dst, v, v, range(offset, offset + size))


class LinearizeInsert(_Linearize):
    root = "vector.insert"

    def match_and_rewrite(self, op, adaptor, rw):
        src_t, dest_t = op.source.type, op.dest.type
        dst = self.type_converter.convert_type(dest_t)
        if dest_t.is_scalable or dst.is_scalable:
            return rw.notify_match_failure(op, "scalable vectors are not supported.")
        if not _at_most(src_t, self.width):
            return rw.notify_match_failure(op, "Can't flatten since targetBitWidth < OpSize")
        if _dynamic_position(op):
            return rw.notify_match_failure(op, "dynamic position is not supported.")
        if type(src_t) is not VectorType:
            return rw.notify_match_failure(op, "scalars are not supported.")
        n_src, n_dst = _num_elements(src_t), _num_elements(dest_t)
        size, offset = n_dst, 0
        for i, p in enumerate(op.get_attr("static_position").values):
            size //= dest_t.shape[i]
            offset += p * size
        indices = list(range(offset)) + list(range(n_dst, n_dst + n_src)) + \
            list(range(offset + n_src, n_dst))
        return _shuffle(rw, op, dst, adaptor[1], adaptor[0], indices)


def _shape_cast(builder, result_type, inputs, loc):
    if len(inputs) != 1 or type(inputs[0].type) is not VectorType or \
            type(result_type) is not VectorType:
        return None
    return builder.create("vector.shape_cast", [inputs[0]], [result_type],
                          loc=loc).results[0]


def linearize_type_converter():
    tc = TypeConverter()

    @tc.add_conversion
    def vector(t):
        if type(t) is not VectorType:
            return None
        if not _linearizable(t):
            return t
        return VectorType([_num_elements(t)], t.element_type, [t.is_scalable])
    tc.add_argument_materialization(_shape_cast)
    tc.add_source_materialization(_shape_cast)
    tc.add_target_materialization(_shape_cast)
    return tc


@register_pass("test-vector-linearize", "Linearizes ND vectors for N >= 2 into 1D vectors",
               options=[PassOption("target-vector-bitwidth", int, _UNLIMITED,
                                   "Minimum vector bitwidth to enable the flattening "
                                   "transformation")],
               display_name="TestVectorLinearize")
def test_vector_linearize(root, ctx, options):
    width = options.get("target-vector-bitwidth", _UNLIMITED)
    tc = linearize_type_converter()
    target = ConversionTarget(ctx)

    def unknown(op):
        if op.name == "arith.constant" or _vectorizable(op):
            return tc.is_legal(op) if _narrower(op, width) else True
        return None
    target.mark_unknown_op_dynamically_legal(unknown)
    target.add_dynamically_legal_op("vector.shuffle", lambda op: (
        tc.is_legal(op) and len(op.results[0].type.shape) == 1)
        if _narrower(op, width) else True)
    pats = [LinearizeConstant(tc, width), LinearizeVectorizable(tc, width)]
    pats += [cls(tc, width) for cls in (LinearizeShuffle, LinearizeExtract, LinearizeInsert,
                                        LinearizeExtractStridedSlice)]
    apply_partial_conversion(root, target, pats, ctx)
