"""Differential test: random programs around tensor.pack / tensor.unpack and convolutions
(relayout_gen.py) run through the relayout and winograd passes by pyopt and by mlir-opt-19 must give the same output, diagnostics
and exit status. Skipped when mlir-opt-19 is absent."""
import os
import shutil
import subprocess
import sys

import pytest

sys.path.insert(0, os.path.dirname(__file__))
import relayout_gen as gen  # noqa: E402

ORACLE = shutil.which("mlir-opt-19") or (
    "/usr/lib/llvm-19/bin/mlir-opt" if os.path.exists("/usr/lib/llvm-19/bin/mlir-opt") else None)
PYOPT = shutil.which("pyopt")

pytestmark = pytest.mark.skipif(ORACLE is None or PYOPT is None,
                                reason="mlir-opt-19 (the oracle) is not installed")

N = 40  # programs per case, run as one split input

CASES = [
    ("propagation", gen.elementwise_with_relayout, ["-test-linalg-data-layout-propagation"]),
    ("block-pack", gen.matmul, ["-linalg-block-pack-matmul=block-factors=8,16,4", "-canonicalize"]),
    ("block-pack-options", gen.matmul,
     ["-linalg-block-pack-matmul=block-factors=4,4,4 mnk-padded-multiples=8,16,32 "
      "mnk-order=1,0,2 lhs-transpose-outer-blocks=true rhs-transpose-inner-blocks=false"]),
    ("generalize-pack", gen.unit_outer_relayout,
     ["--test-linalg-transform-patterns=test-generalize-tensor-pack"]),
    ("generalize-unpack", gen.unit_outer_relayout,
     ["--test-linalg-transform-patterns=test-generalize-tensor-unpack"]),
    ("canonicalize", gen.relayout_pair, ["-canonicalize"]),
    ("simplify", gen.relayout_pair,
     ["-test-tensor-transform-patterns=test-simplify-pack-unpack-patterns"]),
    ("winograd", gen.conv2d, ["-test-linalg-transform-patterns=test-winograd-conv2d",
                              "-test-linalg-transform-patterns=test-decompose-winograd-ops"]),
]


def _run(tool, text, args):
    p = subprocess.run([tool, "-", "-split-input-file"] + args, input=text, capture_output=True,
                       text=True)
    return p.returncode, p.stdout, p.stderr


@pytest.mark.parametrize("name, make, args", CASES, ids=[c[0] for c in CASES])
def test_relayout_matches_mlir_opt(name, make, args):
    text = "\n// -----\n".join(make(seed) for seed in range(7000, 7000 + N))
    assert _run(PYOPT, text, args) == _run(ORACLE, text, args)
