"""pyrunner's printed output against mlir-cpu-runner-19 with MLIR's own runner utils libraries
(skipped when they are not installed): the same program must print the same text, apart from
pointer values."""
import os
import re
import subprocess
import sys

import pytest

LLVM = "/usr/lib/llvm-19"
RUNNER = f"{LLVM}/bin/mlir-cpu-runner"
LIBS = [f"{LLVM}/lib/libmlir_c_runner_utils.so.19.1", f"{LLVM}/lib/libmlir_runner_utils.so.19.1"]
HERE = os.path.dirname(os.path.abspath(__file__))
PROGRAMS = [os.path.join(HERE, "..", "mlir-runner", n)
            for n in ("print-memref.mlir", "print-scalars.mlir")]

pytestmark = pytest.mark.skipif(not all(os.path.exists(p) for p in [RUNNER] + LIBS),
                                reason="mlir-cpu-runner-19 and its runner utils not installed")


def _normalize(text):
    return re.sub(r"0x[0-9a-f]+", "ADDR", text)


@pytest.mark.parametrize("program", PROGRAMS, ids=os.path.basename)
def test_same_output_as_mlir_cpu_runner(program, tmp_path):
    # MLIR 19's libraries have no _mlir_alloc/_mlir_free: use the C allocator they wrap.
    text = open(program).read().replace("_mlir_alloc", "malloc").replace("_mlir_free", "free")
    src = tmp_path / "p.mlir"
    src.write_text(text)
    ref = subprocess.run([RUNNER, str(src), "-e", "main", "--entry-point-result=void",
                          "-shared-libs=" + ",".join(LIBS)], capture_output=True, text=True)
    assert ref.returncode == 0, ref.stderr
    ours = subprocess.run([sys.executable, "-m", "pytranslate.runner.cli", str(src), "-e", "main",
                           "--entry-point-result=void"], capture_output=True, text=True)
    assert ours.returncode == 0, ours.stderr
    assert _normalize(ours.stdout) == _normalize(ref.stdout)
