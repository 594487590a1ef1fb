"""`llvm.call_intrinsic "llvm.name"(args)`: a call of the LLVM intrinsic of that name, found in
LLVM 19's intrinsic table; overloaded intrinsics get the suffixes of the matching overload,
and calls that fit no signature are diagnosed as MLIR 19 does (two errors: the reason, then
"LLVM Translation failed for operation")."""
from __future__ import annotations

from pytranslate import llvm_intrinsics as LI
from pytranslate.export.types import llvm_name


def _fail(op, message):
    from pyopt.ir.diagnostics import MLIRError, Diagnostic
    err = MLIRError(Diagnostic("error", op.loc, message))
    err.more = [Diagnostic("error", op.loc, f"LLVM Translation failed for operation: {op.name}")]
    raise err


def translate_call_intrinsic(t, op):
    name = op.properties["intrin"].value
    intr = LI.lookup(name)
    if intr is None:
        _fail(op, f'could not find LLVM intrinsic: "{name}"')
    from pyopt.dialects.llvm.types import LLVMVoidType
    rt = op.results[0].type if op.results else None
    ret = LI.from_mlir(rt) if rt is not None and type(rt) is not LLVMVoidType else ("void",)
    args = [LI.from_mlir(a.type) for a in op.operands]
    tys = ()
    if intr.overloaded:
        tys = LI.match_signature(intr, ret, args)
        fn = None
        if tys is not None:
            try:
                fn = LI.function_type(intr, tys)
            except (IndexError, TypeError):
                fn = None
        if fn is None:
            sig = LI.type_text(("func", ret, tuple(args), False))
            _fail(op, f'call intrinsic signature {sig} to overloaded intrinsic "{name}" does '
                      "not match any of the overloads")
        full = LI.overloaded_name(intr, tys)
    else:
        fn = LI.function_type(intr)
        full = intr.name
    fret, params, vararg = fn
    if ret != fret:
        _fail(op, f"intrinsic call returns {LI.type_text(ret)} but \"{name}\" actually returns "
                  f"{LI.type_text(fret)}")
    if not vararg and len(args) != len(params):
        _fail(op, f"intrinsic call has {len(args)} operands but \"{name}\" expects "
                  f"{len(params)}")
    if vararg and len(args) < len(params):
        _fail(op, f"intrinsic call has {len(args)} operands but variadic \"{name}\" expects "
                  f"at least {len(params)}")
    for i, (want, got) in enumerate(zip(params, args)):
        if want != got:
            _fail(op, f"intrinsic call operand #{i} has type {LI.type_text(got)} but "
                      f"\"{name}\" expects {LI.type_text(want)}")
    _emit(t, op, full, rt, fret, params, vararg)


def _emit(t, op, full, rt, fret, params, vararg):
    from pytranslate.export.function import _intrinsic_decl, fmf_text
    m = t.m
    ret_text = LI.type_text(fret)
    ptexts = [LI.type_text(p) for p in params]
    if full not in m.intrinsics and full not in m.functions:
        fi = _intrinsic_decl(full, ret_text, ptexts)
        fi.var_arg = vararg
        m.intrinsics[full] = fi
    callee = ret_text
    if vararg:  # a variadic callee is called with its function type
        callee = f"{ret_text} ({', '.join(ptexts + ['...'])})"
    parts = [f"call {fmf_text(op)}{callee} {llvm_name('@', full)}("]
    for i, a in enumerate(op.operands):
        if i:
            parts.append(", ")
        parts += t.tv(a)
    parts.append(")")
    t.emit(op, parts, rt)
