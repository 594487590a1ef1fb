"""MLIR LLVM dialect -> LLVM IR text (mlir-translate --mlir-to-llvmir)."""
from __future__ import annotations


def translate_to_llvmir(buffer, ctx, options):
    """Parses and verifies one chunk of MLIR, returns its LLVM IR as text (LLVM 19 syntax)."""
    import gc
    from pyopt.tool import parse_module
    from pytranslate.export import halves
    # Only live objects are created: the cycle collector's passes over the growing IR and
    # output would find nothing (and cost about a sixth of the time).
    gc_was_enabled = gc.isenabled()
    gc.disable()
    try:
        spans = halves.body_spans(buffer.text)
        if spans is not None:
            try:
                return halves.translate(buffer, ctx, options, spans)
            except halves.Redo:
                pass
        module, _ = parse_module(buffer, ctx, options.implicit_module)
        return _verify_and_translate(module, buffer, ctx, options)
    finally:
        if gc_was_enabled:
            gc.enable()


def _verify_and_translate(module, buffer, ctx, options):
    """The module is verified (in a child process) while it is translated. A verifier failure
    wins: the translation's output and diagnostics are dropped, and the buffer is parsed and
    verified again in-process (the translation changed the module) to raise its error."""
    from pyopt.tool import parse_module
    from pyopt.ir.verifier import verify
    from pyopt.background_verify import verify_beside, passed
    from pytranslate.export.module import translate_module
    from pytranslate.export.llvm_verdict import verify_with_llvm
    from pytranslate.export import constants
    check = verify_beside(module, ctx, len(buffer.text))
    emit, held = options.emit, []
    options.emit = held.append  # (the translation's warnings wait for the verdict)
    text = failure = None
    try:
        constants.RESOURCES = getattr(ctx, "resources", None) or {}
        # (LLVM's own check of the output comes after the verdict: LLVM may abort the
        # process on what an invalid module translates to)
        text = translate_module(module, options, llvm_check=False)
    except Exception as e:
        failure = e
    finally:
        options.emit = emit
    if not passed(check):
        fresh, _ = parse_module(buffer, ctx, options.implicit_module)
        verify(fresh, ctx)
    for d in held:
        emit(d)
    if failure is not None:
        raise failure
    verify_with_llvm(text, module)
    return text
