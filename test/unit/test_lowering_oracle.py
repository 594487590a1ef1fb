"""Differential test: random func/arith/cf/scf/math programs (lowering_gen.py) lowered to the
LLVM dialect by pyopt and by mlir-opt-19 must give the same text and exit status. Skipped
when mlir-opt-19 is absent."""
import os
import shutil
import subprocess
import sys

import pytest

sys.path.insert(0, os.path.dirname(__file__))
from lowering_gen import PIPELINE, program  # noqa: E402

ORACLE = shutil.which("mlir-opt-19") or (
    "/usr/lib/llvm-19/bin/mlir-opt" if os.path.exists("/usr/lib/llvm-19/bin/mlir-opt") else None)
PYOPT = shutil.which("pyopt")

pytestmark = pytest.mark.skipif(ORACLE is None or PYOPT is None,
                                reason="mlir-opt-19 (the oracle) is not installed")


def _run(tool, text):
    p = subprocess.run([tool, "-"] + PIPELINE, input=text, capture_output=True, text=True)
    return p.returncode, p.stdout


@pytest.mark.parametrize("seed", range(1000, 1024))
def test_lowering_matches_mlir_opt(seed):
    text = program(seed)
    assert _run(PYOPT, text) == _run(ORACLE, text), text
