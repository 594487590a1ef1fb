"""Short run of the differential tester's tensor mode (test/difftest/tensortest.py): random
linalg-on-tensors programs through issue 22's pipeline by pyopt and by mlir-opt-19, both
exported and run; they must print the same. Skipped without the LLVM 19 tools or cc."""
import os
import sys

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "difftest"))
import tensorgen  # noqa: E402
import tensortest  # noqa: E402


def test_generator_is_deterministic_and_covers_the_tensor_ops():
    texts = [tensorgen.generate(s) for s in range(40)]
    assert texts[:3] == [tensorgen.generate(s) for s in range(3)]
    joined = "\n".join(texts)
    for op in ("tensor.empty", "tensor.extract_slice", "tensor.insert_slice", "tensor.pad",
               "tensor.expand_shape", "tensor.collapse_shape", "linalg.generic",
               "linalg.matmul", "linalg.transpose", "linalg.reduce", "scf.for", "iter_args",
               "func.call @k", "arith.addi"):
        assert op in joined, op


@pytest.mark.skipif(bool(tensortest.missing_tools()), reason="LLVM 19 tools or cc missing")
def test_pyopt_pipeline_runs_like_mlir_opt_19(tmp_path):
    rows = []
    tensortest.main(["--programs", "3", "--seed", "11", "-j", "2", "-q",
                     "--out", str(tmp_path)], rows=rows)
    assert len(rows) == 3
    bad = [r for r in rows if r["status"] not in ("same-ir", "same-run")]
    assert not bad, bad
