"""passes/linalg/conv_to_img2col.py (rewriteInIm2Col): the IR built for each supported 2-D
convolution, checked against what mlir-opt-19's transform.structured.convert_conv2d_to_img2col
prints for the same input."""
from pyopt.dialects import make_context
from pyopt.ir.location import SourceBuffer
from pyopt.rewrite.rewriter import PatternRewriter
from pyopt.syntax.printer import print_op
from pyopt.tool import parse_module

from passes.linalg.conv_to_img2col import rewrite_in_im2col

NHWC_HWCF = """
func.func @f(%i: tensor<1x16x16x4xf32>, %f: tensor<3x3x4x16xf32>, %o: tensor<1x7x7x16xf32>) -> tensor<1x7x7x16xf32> {
  %0 = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
    ins(%i, %f : tensor<1x16x16x4xf32>, tensor<3x3x4x16xf32>) outs(%o : tensor<1x7x7x16xf32>) -> tensor<1x7x7x16xf32>
  return %0 : tensor<1x7x7x16xf32>
}
"""

NCHW_MIXED = """
func.func @f(%i: tensor<1x3x10x10xi8>, %f: tensor<5x3x3x3xi8>, %o: tensor<1x5x4x4xi32>) -> tensor<1x5x4x4xi32> {
  %0 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
    ins(%i, %f : tensor<1x3x10x10xi8>, tensor<5x3x3x3xi8>) outs(%o : tensor<1x5x4x4xi32>) -> tensor<1x5x4x4xi32>
  return %0 : tensor<1x5x4x4xi32>
}
"""

DEPTHWISE = """
func.func @f(%i: tensor<1x10x10x4xf32>, %f: tensor<3x3x4xf32>, %o: tensor<1x4x8x4xf32>) -> tensor<1x4x8x4xf32> {
  %0 = linalg.depthwise_conv_2d_nhwc_hwc {dilations = dense<1> : tensor<2xi64>, strides = dense<[2, 1]> : tensor<2xi64>}
    ins(%i, %f : tensor<1x10x10x4xf32>, tensor<3x3x4xf32>) outs(%o : tensor<1x4x8x4xf32>) -> tensor<1x4x8x4xf32>
  return %0 : tensor<1x4x8x4xf32>
}
"""


def _rewrite(src):
    ctx = make_context()
    mod, _ = parse_module(SourceBuffer("t", src), ctx)
    op = next(o for o in mod.walk_ops() if o.name.startswith("linalg.conv") or
              o.name.startswith("linalg.depthwise"))
    r = rewrite_in_im2col(PatternRewriter(ctx), op)
    return mod, r, [ln.strip() for ln in print_op(mod).splitlines()]


def test_nhwc_hwcf_gathers_windows_and_multiplies():
    mod, (im2col, result), lines = _rewrite(NHWC_HWCF)
    assert im2col.name == "linalg.generic" and result.name == "tensor.expand_shape"
    text = "\n".join(lines)
    assert "tensor.collapse_shape %arg1 [[0, 1, 2], [3]] : tensor<3x3x4x16xf32> into " \
           "tensor<36x16xf32>" in text
    assert "tensor.empty() : tensor<1x49x36xf32>" in text
    # the input row/column: (m floordiv 7) * stride + k floordiv 12, composed
    assert "affine_map<(d0, d1) -> ((d0 floordiv 7) * 2 + d1 floordiv 12)>" in text
    assert "affine_map<(d0, d1) -> (d0 * 2 - (d0 floordiv 7) * 14 + (d1 mod 12) floordiv 4)>" \
        in text
    assert any(ln.startswith("%extracted = tensor.extract %arg0[") for ln in lines)
    assert "tensor.expand_shape %2 [[0], [1, 2], [3]] output_shape [1, 7, 7, 16] : " \
           "tensor<1x49x16xf32> into tensor<1x7x7x16xf32>" in text
    assert not any("linalg.conv" in ln for ln in lines)


def test_nchw_filter_is_the_lhs_and_products_are_widened():
    mod, (im2col, result), lines = _rewrite(NCHW_MIXED)
    text = "\n".join(lines)
    assert "tensor.empty() : tensor<1x27x16xi8>" in text
    assert "ins(%collapsed, %1 : tensor<5x27xi8>, tensor<1x27x16xi8>)" in text
    assert "arith.extsi %in : i8 to i32" in text and "arith.muli" in text
    assert "arith.addi" in text


def test_depthwise_uses_batch_matvec_between_transposes():
    mod, (im2col, result), lines = _rewrite(DEPTHWISE)
    names = [o.name for o in mod.walk_ops()]
    assert names.count("linalg.generic") == 5  # 3 transposes in, im2col, 1 transpose out
    assert "linalg.batch_matvec" in names
    assert result.name == "linalg.generic"
    text = "\n".join(lines)
    assert "affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2 * 2 + d4, d3 + d5)>" in text


def test_dynamic_input_or_dilation_is_left_alone():
    src = NHWC_HWCF.replace("dilations = dense<1>", "dilations = dense<2>")
    mod, r, lines = _rewrite(src)
    assert r is None and any("linalg.conv_2d_nhwc_hwcf" in ln for ln in lines)
