"""Float constant folding in the export against mlir-translate-19 (skipped without it): every
pair of a set of edge values (NaNs quiet and signaling of either sign, infinities, zeros,
numbers whose results leave the type's range) through each arithmetic op, scalar and
vector."""
import itertools
import shutil
import subprocess
import sys

import pytest

ORACLE = shutil.which("mlir-translate-19")

F32 = ["0x7FC00001", "0xFFC00002", "0x7F800003", "0xFF800005", "0x7F800000", "0xFF800000",
       "0.0", "-0.0", "1.0", "-2.5", "3.0e38", "-3.0e38", "1.0e-45", "0x00000001"]
F64 = ["0x7FF8000000000011", "0xFFF8000000000022", "0x7FF0000000000033", "0x7FF0000000000000",
       "0.0", "-0.0", "1.0", "1.7e308", "-1.7e308", "5.0e-324"]
OPS = ["fadd", "fsub", "fmul", "fdiv", "frem"]
VECTORS = [("[0x7FC00001, 1.0]", "[2.0, 0x7F800003]"), ("[0.0, 0x7F800000]", "[0.0, 0x7F800000]"),
           ("[3.0e38, 1.0]", "[3.0e38, 0x7FC00000]")]


def _module():
    lines = ["llvm.func @use32(f32)", "llvm.func @use64(f64)", "llvm.func @usev(vector<2xf32>)",
             "llvm.func @f() {"]
    n = 0
    for t, vals, use in (("f32", F32, "@use32"), ("f64", F64, "@use64")):
        names = {}
        for v in vals:
            n += 1
            lines.append(f"  %c{n} = llvm.mlir.constant({v} : {t}) : {t}")
            names[v] = f"%c{n}"
        for op in OPS:
            for a, b in itertools.product(vals, vals):
                n += 1
                lines.append(f"  %r{n} = llvm.{op} {names[a]}, {names[b]} : {t}")
                lines.append(f"  llvm.call {use}(%r{n}) : ({t}) -> ()")
    vt = "vector<2xf32>"
    for op in OPS:
        for a, b in VECTORS:
            n += 1
            lines.append(f"  %a{n} = llvm.mlir.constant(dense<{a}> : {vt}) : {vt}")
            lines.append(f"  %b{n} = llvm.mlir.constant(dense<{b}> : {vt}) : {vt}")
            lines.append(f"  %v{n} = llvm.{op} %a{n}, %b{n} : {vt}")
            lines.append(f"  llvm.call @usev(%v{n}) : ({vt}) -> ()")
    return "\n".join(lines + ["  llvm.return", "}"]) + "\n"


@pytest.mark.skipif(ORACLE is None, reason="needs mlir-translate-19")
def test_float_folding_matches_mlir_translate_19(tmp_path):
    src = tmp_path / "fold.mlir"
    src.write_text(_module())
    ref = subprocess.run([ORACLE, "--mlir-to-llvmir", str(src)], capture_output=True,
                         text=True, check=True).stdout
    ours = subprocess.run([sys.executable, "-m", "pytranslate.cli", "--mlir-to-llvmir",
                           str(src)], capture_output=True, text=True)
    assert ours.returncode == 0, ours.stderr
    assert ours.stdout == ref
    # (every op folds: only the calls of the constants are left)
    assert ref.count("call void") == len(OPS) * (len(F32) ** 2 + len(F64) ** 2 + len(VECTORS))
    assert not any(f" = {op} " in ref for op in OPS)
