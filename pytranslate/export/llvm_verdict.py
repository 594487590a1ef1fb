"""LLVM's own check of the translated text (mlir-translate's verifyModule): llvmlite parses and
verifies it in a forked child, where an abort of LLVM's becomes a diagnostic too."""
from __future__ import annotations

from pytranslate.export.module import raise_translation_error


def verify_with_llvm(text, module_op):
    """Parse and verify the output with LLVM (llvmlite): a module LLVM rejects is an error.
    LLVM runs in a forked child: where it aborts (an assertion of its own, a crash) the
    abort becomes that error too, in words about the module rather than LLVM's internals."""
    import os
    if os.environ.get("PYTRANSLATE_NO_VERIFY"):  # debugging aid: print what would be verified
        return
    try:
        import llvmlite.binding  # noqa: F401  (loaded once, shared with the child)
    except ImportError:  # pragma: no cover
        return
    from pytranslate.llvmcheck import Isolated, crash_message
    kind, msg = Isolated(_llvm_verdict, text).result()
    if kind == "crash":
        raise_translation_error(module_op, f"LLVM IR fails to verify: {crash_message(msg)}")
    if msg is None or _version_only_difference(msg):
        return
    raise_translation_error(module_op, f"LLVM IR fails to verify: {msg}")


def _without_module_flags(text):
    """`text` with its (first) `!llvm.module.flags = ...` line emptied."""
    key = "!llvm.module.flags = "
    if text.startswith(key):
        start = 0
    else:
        start = text.find("\n" + key) + 1
        if start == 0:
            return text
    end = text.find("\n", start)
    return text[:start] + text[end:] if end >= 0 else text[:start]


def _llvm_verdict(text):
    """None, or LLVM's complaint about the output `text` (llvmlite's own heading removed).
    (Runs in the child: the text is adapted to the newer LLVM there too.)"""
    import llvmlite.binding as llvm
    from pytranslate.llvmcheck import llvmlite_error_text, for_newer_llvm
    # Without the "Debug Info Version" flag LLVM's parser does not run its own verifier (which
    # aborts the process on a broken module); verify() then reports the problem.
    body = _without_module_flags(for_newer_llvm(text))
    try:
        with _quiet_stderr("!DI" in body):
            # (without the flag LLVM warns that it drops the debug info)
            mod = llvm.parse_assembly(body)
        mod.verify()
    except RuntimeError as e:
        return llvmlite_error_text(str(e))
    return None


class _quiet_stderr:
    """Silences the process's stderr (LLVM writes warnings there) when `on`."""

    def __init__(self, on):
        self.on = on
        self.saved = None

    def __enter__(self):
        import os
        import sys
        if self.on:
            sys.stderr.flush()
            self.saved = os.dup(2)
            null = os.open(os.devnull, os.O_WRONLY)
            os.dup2(null, 2)
            os.close(null)
        return self

    def __exit__(self, *exc):
        import os
        if self.saved is not None:
            os.dup2(self.saved, 2)
            os.close(self.saved)
        return False


def _version_only_difference(msg):
    # llvmlite's LLVM is newer than 19: constructs it dropped are not errors of ours, nor are
    # intrinsics whose signature changed since (e.g. llvm.coro.end returns void now).
    if "x86_mmx" in msg:
        return True
    lines = [x for x in msg.splitlines() if x.strip()]
    return bool(lines) and all("ntrinsic" in x or "@llvm." in x for x in lines)
