"""arith's float folds against mlir-opt-19 (skipped without it): each binary float op over
every pair of a set of edge values (NaNs quiet and signaling of either sign, infinities,
signed zeros, numbers whose results leave the type's range) in f16, bf16, f32 and f64, one
function per fold."""
import itertools
import re
import shutil
import subprocess
import sys

import pytest

ORACLE = shutil.which("mlir-opt-19")

VALUES = {"f32": ["0x7FC00001", "0xFFC00002", "0x7F800003", "0xFF800005", "0x7F800000",
                  "0xFF800000", "0.0", "-0.0", "1.0", "3.0e38"],
          "f64": ["0x7FF8000000000011", "0xFFF0000000000022", "0x7FF0000000000000", "0.0",
                  "-0.0", "1.7e308"],
          "f16": ["0x7E01", "0xFD02", "0x7C00", "0.0", "1.0", "6.0e4"],
          "bf16": ["0x7FC1", "0xFF82", "0x7F80", "0.0", "1.0", "3.0e38"]}
OPS = ["addf", "subf", "mulf", "divf", "remf", "maximumf", "minimumf", "maxnumf", "minnumf"]


def _module():
    lines = []
    for t, vals in VALUES.items():
        for op in OPS:
            for (i, a), (j, b) in itertools.product(enumerate(vals), enumerate(vals)):
                lines += [f"func.func @{op}_{t}_{i}_{j}() -> {t} {{",
                          f"  %a = arith.constant {a} : {t}", f"  %b = arith.constant {b} : {t}",
                          f"  %r = arith.{op} %a, %b : {t}", f"  return %r : {t}", "}"]
    return "\n".join(lines) + "\n"


def _results(text):
    """Function name -> its body's lines."""
    out, name = {}, None
    for line in text.splitlines():
        m = re.match(r"\s*func\.func @(\w+)\(", line)
        if m:
            name = m.group(1)
            out[name] = []
        elif name is not None:
            out[name].append(line.strip())
    return out


@pytest.mark.skipif(ORACLE is None, reason="needs mlir-opt-19")
def test_float_folds_match_mlir_opt_19(tmp_path):
    src = tmp_path / "folds.mlir"
    src.write_text(_module())
    ref = subprocess.run([ORACLE, "--canonicalize", str(src)], capture_output=True,
                         text=True, check=True).stdout
    ours = subprocess.run([sys.executable, "-m", "pyopt.cli", "--canonicalize", str(src)],
                          capture_output=True, text=True)
    assert ours.returncode == 0, ours.stderr
    want, got = _results(ref), _results(ours.stdout)
    assert len(want) == len(OPS) * sum(len(v) ** 2 for v in VALUES.values())
    assert not any("arith.%s " % op in ref for op in OPS)  # (every one folds)
    wrong = [k for k in want if got.get(k) != want[k]]
    assert not wrong, [(k, want[k], got.get(k)) for k in wrong[:5]]
