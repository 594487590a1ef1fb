"""test/difftest/known19.py: export differences where mlir-translate-19 is known to be wrong
(a splat -0.0 array written as zeroinitializer) are recognised, and nothing else is."""
import os
import shutil
import subprocess
import sys

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "difftest"))
import known19  # noqa: E402

REF = """@s = internal constant float -0.000000e+00
@a = internal constant [2 x double] zeroinitializer
@n = internal constant [2 x [2 x float]] zeroinitializer
@h = internal constant [2 x half] zeroinitializer
@p = internal constant [2 x float] zeroinitializer
define [2 x float] @f() {
  ret [2 x float] zeroinitializer
}
"""
OURS = """@s = internal constant float -0.000000e+00
@a = internal constant [2 x double] [double -0.000000e+00, double -0.000000e+00]
@n = internal constant [2 x [2 x float]] [[2 x float] [float -0.000000e+00, float -0.000000e+00], [2 x float] [float -0.000000e+00, float -0.000000e+00]]
@h = internal constant [2 x half] [half 0xH8000, half 0xH8000]
@p = internal constant [2 x float] zeroinitializer
define [2 x float] @f() {
  ret [2 x float] [float -0.000000e+00, float -0.000000e+00]
}
"""


def test_negative_zero_splats_are_19s_bug():
    assert known19.classify_export_diff(OURS, REF) == known19.NEG_ZERO_SPLAT
    assert known19.classify_export_diff(OURS.encode(), REF.encode()) == known19.NEG_ZERO_SPLAT


def test_equal_texts_need_no_reason():
    assert known19.classify_export_diff(REF, REF) is None


def test_other_differences_are_not_explained():
    # a real difference beside the known one
    assert known19.classify_export_diff(OURS.replace("@s =", "@t ="), REF) is None
    # a +0.0 among the elements: not a splat of -0.0
    mixed = OURS.replace("[double -0.000000e+00, double -0.000000e+00]",
                         "[double -0.000000e+00, double 0.000000e+00]")
    assert known19.classify_export_diff(mixed, REF) is None
    # +0.0 written out where 19 writes zeroinitializer (that would be ours to fix)
    plus = OURS.replace("[half 0xH8000, half 0xH8000]", "[half 0xH0000, half 0xH0000]")
    assert known19.classify_export_diff(plus, REF) is None
    # a line more or less
    assert known19.classify_export_diff(OURS + "\n", REF) is None


def test_negative_zero_aggregates():
    assert known19.is_negative_zero_aggregate("[float -0.000000e+00]")
    assert known19.is_negative_zero_aggregate(
        "[<2 x float> <float -0.000000e+00, float -0.000000e+00>]")
    assert known19.is_negative_zero_aggregate("[bfloat 0xR8000, bfloat 0xR8000]")
    assert not known19.is_negative_zero_aggregate("[i32 0, i32 0]")
    assert not known19.is_negative_zero_aggregate("[]")
    assert not known19.is_negative_zero_aggregate("zeroinitializer")


MLIR = """llvm.mlir.global internal constant @g(dense<-0.0> : tensor<4xf32>) : !llvm.array<4 x f32>
llvm.mlir.global internal constant @v(dense<-0.0> : vector<4xf32>) : vector<4xf32>
"""


@pytest.mark.skipif(shutil.which("mlir-translate-19") is None, reason="no mlir-translate-19")
def test_with_the_tools(tmp_path):
    src = tmp_path / "g.mlir"
    src.write_text(MLIR)
    ref = subprocess.run(["mlir-translate-19", "--mlir-to-llvmir", str(src)],
                         capture_output=True, check=True).stdout
    ours = subprocess.run([sys.executable, "-m", "pytranslate.cli", "--mlir-to-llvmir",
                           str(src)], capture_output=True, check=True).stdout
    assert b"@g = internal constant [4 x float] zeroinitializer" in ref  # (19's bug)
    assert known19.classify_export_diff(ours, ref) == known19.NEG_ZERO_SPLAT
