"""Smoke test of the benchmark generator: its modules parse, verify and print in pyopt, and
printing is a fixed point (print(parse(print(parse(x)))) == print(parse(x))). No timing."""
import os
import shutil
import subprocess
import sys

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "bench"))

from gen_module import ALL_DIALECTS, KINDS, generate, pyopt_ops  # noqa: E402
from pyopt.dialects import make_context  # noqa: E402
from pyopt.ir.location import SourceBuffer  # noqa: E402
from pyopt.ir.verifier import verify  # noqa: E402
from pyopt.syntax.printer import Printer, PrintFlags  # noqa: E402
from pyopt.tool import parse_module  # noqa: E402

MLIR_OPT = shutil.which("mlir-opt-19") or (
    "/usr/lib/llvm-19/bin/mlir-opt" if os.access("/usr/lib/llvm-19/bin/mlir-opt", os.X_OK)
    else None)


def _roundtrip(text, generic=False):
    ctx = make_context()
    module, _ = parse_module(SourceBuffer("gen.mlir", text), ctx)
    verify(module, ctx)
    return Printer(PrintFlags(generic=generic), ctx).print_top(module), module


def _available_dialects():
    have = {n.split(".", 1)[0] for n in pyopt_ops()}
    return [d for d in ALL_DIALECTS if d in have and d not in ("func", "builtin")]


def test_generator_is_deterministic_and_sized():
    a, n, _ = generate(300, seed=3)
    b, m, _ = generate(300, seed=3)
    c, _, _ = generate(300, seed=4)
    assert a == b and n == m
    assert a != c
    assert 300 <= n <= 360


@pytest.mark.parametrize("dialects", ["func,builtin"] + [f"func,builtin,{d}"
                                                         for d in _available_dialects()]
                         + ["auto"])
def test_parse_verify_print_fixed_point(dialects):
    text, count, kinds = generate(200, seed=1, dialects=dialects)
    first, module = _roundtrip(text)
    # Every generated op made it into the IR (the count includes the module).
    assert sum(1 for _ in module.walk_ops()) == count
    second, _ = _roundtrip(first)
    assert second == first
    # The generic form also round-trips to the same custom text.
    generic, _ = _roundtrip(first, generic=True)
    assert _roundtrip(generic)[0] == first


def test_kinds_follow_registered_ops():
    text, _, kinds = generate(200, seed=2, dialects="all")
    reg = pyopt_ops()
    for k in kinds:
        assert all(o in reg for o in KINDS[k][1])


@pytest.mark.skipif(MLIR_OPT is None, reason="mlir-opt-19 not installed")
def test_all_dialects_accepted_by_mlir_opt():
    text, _, kinds = generate(400, seed=5, dialects="all", filter_unsupported=False)
    assert len(kinds) == len(KINDS)
    r = subprocess.run([MLIR_OPT, "-", "-o", os.devnull], input=text, text=True,
                       capture_output=True)
    assert r.returncode == 0, r.stderr


@pytest.mark.skipif(MLIR_OPT is None, reason="mlir-opt-19 not installed")
def test_output_matches_mlir_opt():
    text, _, _ = generate(200, seed=6)
    r = subprocess.run([MLIR_OPT, "-"], input=text, text=True, capture_output=True)
    assert r.returncode == 0, r.stderr
    # mlir-opt ends its output with one more newline than Printer.print_top.
    assert _roundtrip(text)[0] + "\n" == r.stdout
