"""Computed goto through pytranslate (beyond MLIR 19): test/difftest/programs/computed_goto.c
compiled by clang-19 at -O0 and -O2, imported with --import-computed-goto, exported, linked
and run must behave as the native build; without the option the import fails as
mlir-translate-19's does. Skipped when clang-19 is absent."""
import os
import subprocess
import sys

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "difftest"))
import difftest  # noqa: E402

SRC = os.path.join(os.path.dirname(__file__), "..", "difftest", "programs", "computed_goto.c")
CLANG = difftest.tool("clang")
pytestmark = pytest.mark.skipif(CLANG is None, reason="clang-19 not installed")


def _run(cmd, **kw):
    return subprocess.run(cmd, capture_output=True, text=True, timeout=300, **kw)


@pytest.mark.parametrize("opt", ["-O0", "-O2"])
def test_round_trip_behaves_as_native(tmp_path, opt):
    ll, mlir, out = tmp_path / "in.ll", tmp_path / "in.mlir", tmp_path / "rt.ll"
    assert _run([CLANG, opt, "-w", "-S", "-emit-llvm", SRC, "-o", str(ll)]).returncode == 0
    native = tmp_path / "native"
    assert _run([CLANG, opt, "-w", SRC, "-o", str(native)]).returncode == 0
    py = difftest.pytranslate_cmd()
    r = _run(py + ["--import-llvm", str(ll)])
    assert r.returncode == 1 and "blockaddress(...) is unsupported" in r.stderr
    r = _run(py + ["--import-llvm", "--import-computed-goto", str(ll), "-o", str(mlir)])
    assert r.returncode == 0, r.stderr
    assert "llvm.indirectbr" in mlir.read_text() and "llvm.blocktag" in mlir.read_text()
    r = _run(py + ["--mlir-to-llvmir", str(mlir), "-o", str(out)])
    assert r.returncode == 0, r.stderr
    ours = tmp_path / "ours"
    assert _run([CLANG, opt, "-w", str(out), "-o", str(ours)]).returncode == 0
    want, got = _run([str(native)]), _run([str(ours)])
    assert (got.returncode, got.stdout) == (want.returncode, want.stdout)
    assert "2870" in got.stdout
