"""Every `llvm.intr.*` op we define prints in custom form exactly when MLIR 19 has a custom
assembly form for it (otherwise mlir-opt-19 cannot read our output back): probes mlir-opt-19
with the bare op name, which it answers with "has no custom assembly form" for generic-only
ops. Skipped when mlir-opt-19 is absent."""
import os
import re
import shutil
import subprocess

import pytest

import pyopt.dialects.llvm  # noqa: F401  (registers the ops)
from pyopt.dialects.llvm.ops import OPS

ORACLE = shutil.which("mlir-opt-19") or (
    "/usr/lib/llvm-19/bin/mlir-opt" if os.path.exists("/usr/lib/llvm-19/bin/mlir-opt") else None)

pytestmark = pytest.mark.skipif(ORACLE is None, reason="mlir-opt-19 (the oracle) is not installed")


def _intr_ops():
    return sorted({o.name: o for o in OPS if o.name.startswith("llvm.intr.")}.items())


def _oracle_generic_only(names):
    chunks = [f"llvm.func @f() {{\n  {n}\n  llvm.return\n}}\n" for n in names]
    p = subprocess.run([ORACLE, "--split-input-file", "-"], input="// -----\n".join(chunks),
                       capture_output=True, text=True)
    unknown = set(re.findall(r"custom op '([^']+)' is unknown", p.stderr))
    generic = set(re.findall(r"custom op '([^']+)' has no custom assembly form", p.stderr))
    return unknown, generic


def test_llvm_intr_custom_forms_match_mlir19():
    ops = _intr_ops()
    assert ops
    unknown, generic = _oracle_generic_only([n for n, _ in ops])
    assert not unknown, f"ops MLIR 19 does not define: {sorted(unknown)}"
    ours_custom = {n for n, o in ops if o.format is not None or o.print is not None}
    wrong_custom = sorted(ours_custom & generic)
    wrong_generic = sorted(set(n for n, _ in ops) - ours_custom - generic)
    assert not wrong_custom, f"printed in custom form, generic-only in MLIR 19: {wrong_custom}"
    assert not wrong_generic, f"printed generically, MLIR 19 has a custom form: {wrong_generic}"
