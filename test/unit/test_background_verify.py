"""pyopt/background_verify.py: verification in a forked child, and the in-process fallback."""
import os

import pytest

from pyopt.background_verify import BackgroundVerifier, VerifyInProcess, verify_beside
from pyopt.dialects import make_context
from pyopt.ir.diagnostics import MLIRError
from pyopt.ir.location import SourceBuffer
from pyopt.tool import parse_module

pytestmark = pytest.mark.skipif(not hasattr(os, "fork"), reason="needs os.fork")

VALID = "func.func @f(%a: i32) -> i32 {\n  return %a : i32\n}\n"
REMARK = '%c = arith.constant 0 : i32\n"test.verifiers"(%c) ({\n}) : (i32) -> ()\n'


def _module(text):
    ctx = make_context()
    module, _ = parse_module(SourceBuffer("t", text), ctx)
    return module, ctx


def _broken():
    """A module whose function argument is now an i64 where its signature says i32."""
    module, ctx = _module(VALID)
    from pyopt.ir.types import I64
    ret = next(o for o in module.walk_ops() if o.name == "func.return")
    ret.operand(0).type = I64
    return module, ctx


def test_valid_module_passes(monkeypatch):
    monkeypatch.delenv("PYOPT_NO_FORK", raising=False)
    monkeypatch.delenv("PYTRANSLATE_NO_FORK", raising=False)
    module, ctx = _module(VALID)
    bg = BackgroundVerifier.create(ctx)
    bg.start(module)
    bg.start(module)  # (a second snapshot while the first may still run)
    assert bg.finish() is True
    assert not bg.pending


def test_invalid_module_fails_and_later_starts_refuse(monkeypatch):
    monkeypatch.delenv("PYOPT_NO_FORK", raising=False)
    module, ctx = _broken()
    bg = BackgroundVerifier.create(ctx)
    bg.start(module)
    assert bg.finish() is False
    with pytest.raises(VerifyInProcess):
        bg.start(module)


def test_a_verifier_remark_means_redo_in_process(monkeypatch):
    # The child cannot show the remark, so it does not report success.
    monkeypatch.delenv("PYOPT_NO_FORK", raising=False)
    module, ctx = _module(REMARK)
    bg = BackgroundVerifier.create(ctx)
    bg.start(module)
    assert bg.finish() is False


def test_small_inputs_are_verified_in_process(monkeypatch):
    monkeypatch.delenv("PYOPT_NO_FORK", raising=False)
    monkeypatch.delenv("PYTRANSLATE_NO_FORK", raising=False)
    module, ctx = _broken()
    with pytest.raises(MLIRError, match="must match the type of the corresponding argument"):
        verify_beside(module, ctx, 100)
    good, ctx2 = _module(VALID)
    assert verify_beside(good, ctx2, 100) is None
    assert verify_beside(good, ctx2, 1 << 20).finish() is True


def test_without_fork_verification_is_in_process(monkeypatch):
    monkeypatch.setenv("PYOPT_NO_FORK", "1")
    module, ctx = _broken()
    assert BackgroundVerifier.create(ctx) is None
    with pytest.raises(MLIRError, match="must match the type of the corresponding argument"):
        verify_beside(module, ctx, 1 << 20)
    good, ctx2 = _module(VALID)
    assert verify_beside(good, ctx2, 1 << 20) is None
