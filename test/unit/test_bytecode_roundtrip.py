"""Bytecode against mlir-opt-19 in both directions (see bytecode_roundtrip.py) on a fixed
sample of the .mlir inputs of test/, and a fuzz of malformed bytecode. The whole corpus:
    python test/unit/bytecode_roundtrip.py -j 4 -v
or PYOPT_BYTECODE_FULL=1 for this test. Skipped when mlir-opt-19 is absent."""
import os
import random
import sys

import pytest

sys.path.insert(0, os.path.dirname(__file__))
import bytecode_roundtrip as rt  # noqa: E402

SAMPLE = 30  # files, spread evenly over the sorted list


def _sample():
    files = rt.inputs()
    if os.environ.get("PYOPT_BYTECODE_FULL"):
        return files
    step = max(1, len(files) // SAMPLE)
    return files[::step]


@pytest.mark.skipif(rt.ORACLE is None, reason="mlir-opt-19 (the oracle) is not installed")
def test_round_trips_with_mlir_opt():
    stats, failures = rt.run_all(_sample(), jobs=4)
    assert stats["chunks"] > 0
    assert not failures, failures


def test_malformed_bytecode_gives_diagnostics():
    """Cut-off and corrupted bytecode is an MLIR diagnostic, never a Python exception."""
    from pyopt.bytecode import write_bytecode
    from pyopt.dialects import make_context
    from pyopt.ir.location import SourceBuffer
    from pyopt.ir.diagnostics import MLIRError
    from pyopt.tool import parse_module
    text = open(os.path.join(rt.ROOT, "test", "IR", "bytecode", "roundtrip.mlir")).read()
    ctx = make_context(True)
    module, _ = parse_module(SourceBuffer("in.mlir", text), ctx)
    data = write_bytecode(module, ctx)
    rng = random.Random(7)
    cases = [data[:n] for n in range(4, len(data), max(1, len(data) // 60))]
    for _ in range(150):
        b = bytearray(data)
        for _ in range(rng.randint(1, 4)):
            b[rng.randrange(4, len(b))] = rng.randrange(256)
        cases.append(bytes(b))
    for case in cases:
        try:
            parse_module(SourceBuffer("bad.mlirbc", case.decode("utf-8", "surrogateescape")),
                         make_context(True))
        except MLIRError:
            pass
