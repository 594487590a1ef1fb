"""The differential tester of pyopt's passes (test/difftest/passtest.py): its random programs
are valid for pyopt itself, and a short run against mlir-opt-19 (skipped without the LLVM 19
tools) finds no difference in any mode. The long runs are documented in
test/difftest/README.md."""
import os
import re
import sys

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "difftest"))
import passgen  # noqa: E402
import passtest  # noqa: E402


@pytest.mark.parametrize("seed,features", [(1, ()), (2, ("vector",)), (3, ("affine",)),
                                           (4, ("vector", "affine")), (5, ("linalg",))])
def test_generated_programs_lower_with_pyopt(tmp_path, seed, features):
    text = passgen.program(seed, features)
    assert "func.func @main() -> i32" in text
    rc, out, err = passtest.pyopt_inprocess(text, passtest.LOWER, str(tmp_path))
    assert rc == 0, err
    assert "llvm.func @main" in out and "func.func" not in out


@pytest.mark.parametrize("seed", [6, 7])
def test_linalg_feature_programs_verify(tmp_path, seed):
    """The linalg feature's programs hold linalg ops on memrefs (static and dynamic shapes)
    that pyopt parses and verifies, and that each linalg pass lowers away."""
    text = passgen.program(seed, ("linalg",))
    assert "linalg." in text and "memref.alloc" in text and "@lacc" in text
    rc, out, err = passtest.pyopt_inprocess(text, [], str(tmp_path))
    assert rc == 0, err
    for mode, args in passtest.LINALG_MODES.items():
        rc, out, err = passtest.pyopt_inprocess(text, args, str(tmp_path))
        assert rc == 0, err
        if mode == "tile-vectorize":  # the static ops vectorized, the schedule erased
            def structured(s):
                return len(re.findall(r"\blinalg\.(?!yield|index)\w+", s))
            assert structured(out) < structured(text) and "transform." not in out
            assert "vector.transfer_read" in out or "vector.load" in out
        elif mode != "linalg-generalize":
            assert "linalg." not in out


def test_generator_is_deterministic():
    assert passgen.program(11, ("vector",)) == passgen.program(11, ("vector",))
    assert passgen.program(11, ()) != passgen.program(12, ())
    assert passgen.program(13, ("linalg",)) == passgen.program(13, ("linalg",))


@pytest.mark.skipif(not passtest.Oracle().ok(), reason="mlir-opt-19 / mlir-translate-19 / lli-19 "
                                                       "not installed")
def test_short_run_against_mlir_opt_19(tmp_path):
    rc = passtest.main(["--programs", "2", "--seed", "5", "-j", "2", "-q",
                        "--out", str(tmp_path)])
    assert rc == 0, open(tmp_path / "table.txt").read()
