"""Short run of the differential tester (test/difftest): one random C program at -O0 and -O2
and two random MLIR programs through clang-19 / mlir-opt-19, both translators, link and
run. Skipped when the LLVM 19 tools are absent. The long run is documented in
test/difftest/README.md."""
import os
import sys

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "difftest"))
import difftest  # noqa: E402

pytestmark = pytest.mark.skipif(bool(difftest.missing_tools()),
                                reason="clang-19 / mlir-translate-19 / mlir-opt-19 not installed")


@pytest.fixture(scope="module")
def rows(tmp_path_factory):
    out = str(tmp_path_factory.mktemp("difftest"))
    got = []
    difftest.main(["--c", "1", "--c-seed", "7", "--flags", "O0,O2", "--mlir", "2",
                   "--mlir-seed", "7", "-j", "4", "-q", "--out", out], rows=got)
    return got


def test_reexported_programs_behave_as_native(rows):
    assert len(rows) == 4
    runs = [r for r in rows if r["flags"] != "lowered"]
    assert all(r["run"] == "same" for r in runs), [(r["program"], r["flags"], r["run"], r["reasons"])
                                                   for r in runs]


def test_no_internal_errors(rows):
    bad = [why for r in rows for why in r["reasons"] if "internal" in why or "Traceback" in why]
    assert not bad


@pytest.mark.xfail(strict=False, reason="issue 12: text differences with mlir-translate-19 open")
def test_text_identical_to_mlir_translate(rows):
    assert all(r["ok"] for r in rows), [(r["program"], r["flags"], r["reasons"]) for r in rows
                                        if not r["ok"]]
