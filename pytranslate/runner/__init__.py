"""`pyrunner`: an mlir-cpu-runner on llvmlite's JIT.

The input is LLVM-dialect MLIR: it is translated with the exporter (`--mlir-to-llvmir`),
optimised at -O0..3, compiled by MCJIT and its entry function is called. The C runner utils
MLIR programs call (printI64, printMemrefF32, ...) are Python callbacks (utils.py); extra
shared libraries are loaded with `--shared-libs`.
"""
from __future__ import annotations

import re
import sys
from pytranslate.llvmcheck import for_execution

RESULT_KINDS = ("void", "i32", "i64", "f32")


class RunnerError(Exception):
    def __init__(self, message, bare=False):
        super().__init__(message)
        self.bare = bare  # printed as is, without the "Error: " prefix


def _referenced(ir, name):
    """Whether the LLVM IR text refers to @name outside its own declaration."""
    import re
    sym = re.escape(name) if re.fullmatch(r"[-a-zA-Z$._][-a-zA-Z$._0-9]*", name) else \
        '"' + re.escape(name) + '"'
    uses = re.findall(r"@" + sym + r"(?![-a-zA-Z$._0-9])", ir)
    return len(uses) > 1


def _unresolved(llvm, mod, ir):
    """Functions the module declares that nothing provides (MCJIT would crash on them)."""
    import ctypes
    process = ctypes.CDLL(None)
    out = []
    for f in mod.functions:
        name = f.name
        if not f.is_declaration or name.startswith("llvm."):
            continue
        if not _referenced(ir, name):
            continue  # (a declaration nothing uses needs no definition)
        if llvm.address_of_symbol(name) is None and not hasattr(process, name):
            out.append(name)
    return out


def _default_handler(diag):
    """MLIRContext's own diagnostic handler (mlir-cpu-runner installs no other): errors only,
    the location in MLIR syntax, no source line and no notes."""
    from pyopt.ir.location import UnknownLoc
    if diag.severity != "error":
        return
    loc = diag.loc
    prefix = ""
    if loc is not None and not isinstance(loc, UnknownLoc):
        from pyopt.syntax.printer import Printer, PrintFlags
        prefix = Printer(PrintFlags(local_scope=True)).loc_str(loc) + ": "
    sys.stderr.write(f"{prefix}error: {diag.message}\n")


def _report(err):
    _default_handler(err.diag)
    for d in err.more:
        _default_handler(d)


def translate(text, name, entry=None, result=None):
    """MLIR text -> LLVM IR text as mlir-cpu-runner gets there: the input is parsed and
    verified ("could not parse the input IR" after its error), the entry function checked
    (when `entry` is given; RunnerError), then translated. Returns None after a reported
    failure."""
    from pyopt.ir.location import SourceBuffer
    from pyopt.ir.verifier import verify
    from pyopt.ir.diagnostics import MLIRError
    from pyopt.syntax.printer import PrintFlags
    from pyopt.tool import parse_module
    from pytranslate.cli import TranslateOptions
    from pytranslate.export import _verify_and_translate
    ctx = _runner_context()
    buffer = SourceBuffer(name, text)
    try:
        module, _ = parse_module(buffer, ctx, True)
        verify(module, ctx)
    except MLIRError as e:
        _report(e)
        sys.stderr.write("could not parse the input IR\n")
        return None
    except RecursionError:
        sys.stderr.write("error: input is nested too deeply\ncould not parse the input IR\n")
        return None
    if entry is not None:
        check_entry(module, entry, result)
    options = TranslateOptions(print_flags=PrintFlags())
    options.emit = _default_handler
    try:
        return _verify_and_translate(module, buffer, ctx, options)
    except MLIRError as e:
        _report(e)
        raise RunnerError("could not convert to LLVM IR")


# mlir-cpu-runner 19 registers only the dialects that translate to LLVM IR (of ours: builtin
# and llvm); anything else in its input is an unknown dialect
RUNNER_DIALECTS = ("builtin", "llvm")


def _runner_context():
    import importlib
    from pyopt.dialects import DIALECT_MODULES
    from pyopt.ir.opdef import Context
    ctx = Context(False)
    for name in RUNNER_DIALECTS:
        ctx.register(getattr(importlib.import_module(f"pyopt.dialects.{name}"),
                             DIALECT_MODULES[name]))
    return ctx


def check_entry(module, entry, result):
    """mlir-cpu-runner's checks of the function to call, in its order (RunnerError)."""
    from pyopt.ir.types import IntegerType, FloatType
    from pyopt.dialects.llvm.types import VOID
    if result not in RESULT_KINDS:
        raise RunnerError("unsupported function type")
    fn = None
    for op in module.regions[0].blocks[0].ops if module.regions and module.regions[0].blocks \
            else ():
        sym = op.get_attr("sym_name")
        if sym is not None and getattr(sym, "value", None) == entry:
            fn = op
            break
    if fn is None or fn.name != "llvm.func" or not fn.regions or not fn.regions[0].blocks:
        raise RunnerError("entry point not found")
    ftype = fn.get_attr("function_type")
    ftype = getattr(ftype, "value", ftype)
    ret = ftype.return_type
    if result == "void":
        if ret != VOID:
            raise RunnerError("expected void function")
        if ftype.params:  # (19 calls it with a null argument and crashes)
            raise RunnerError("function inputs not supported")
        return
    if ftype.params:
        raise RunnerError("function inputs not supported")
    width = {"i32": 32, "i64": 64}.get(result)
    if width is not None:
        if not (isinstance(ret, IntegerType) and ret.width == width):
            raise RunnerError(f"only single {result} function result supported")
    elif not (isinstance(ret, FloatType) and str(ret) == "f32"):
        raise RunnerError("only single f32 function result supported")


def _init_llvm():
    import llvmlite.binding as llvm
    try:
        llvm.initialize()
    except Exception:  # noqa: BLE001 - newer llvmlite initialises itself
        pass
    llvm.initialize_native_target()
    llvm.initialize_native_asmprinter()
    llvm.initialize_native_asmparser()  # inline asm is parsed at code generation
    return llvm


# MLIR's runner utils libraries (any directory, any version suffix): built in when absent
_BUILTIN_LIB = re.compile(r"(lib)?mlir_(c_)?runner_utils(\.so[.\d]*|\.dylib|\.dll)?")


def is_builtin_lib(path):
    import os
    return not os.path.exists(path) and _BUILTIN_LIB.fullmatch(os.path.basename(path)) is not None


def _load_library(llvm, lib):
    """Loads one -shared-libs entry. As mlir-cpu-runner, a library that cannot be loaded is
    reported on stderr (under its cwd-absolute path) and the program still runs: a missing
    runtime function is then the error, not the library."""
    import os
    import sys
    path = lib if os.path.isabs(lib) else os.path.join(os.getcwd(), lib)
    if not os.path.exists(path):
        sys.stderr.write(f"Failed to create MemoryBuffer for: {path}\nError: No such file or directory\n")
        return False
    try:
        llvm.load_library_permanently(path)
    except RuntimeError as e:
        sys.stderr.write(f"Could not load {path}:\n  {e}\n")
        return False
    return True


def compile_and_run(ir, entry="main", result="void", opt=0, shared_libs=(), llvm_options=()):
    """JIT-compiles LLVM IR text, calls `entry` and returns the value to print (or None).
    A library of `shared_libs` naming MLIR's runner utils that is not on disk is served by
    the built-in versions (utils.py); one that is on disk is loaded and takes precedence."""
    import ctypes
    from pytranslate.runner import utils
    llvm = _init_llvm()
    if "@llvm.matrix." in ir and "-enable-matrix" not in llvm_options:
        # instruction selection has no rule for the matrix intrinsics (LLVM aborts, as lli
        # and mlir-cpu-runner do without -enable-matrix): lower them as -enable-matrix does
        llvm_options = tuple(llvm_options) + ("-enable-matrix",)
    for o in llvm_options:  # LLVM's own command-line options (e.g. -enable-matrix)
        llvm.set_option("pyrunner", o)
    loaded = False
    for lib in shared_libs:
        if not is_builtin_lib(lib):
            loaded = _load_library(llvm, lib) or loaded
    for name, addr in utils.runtime_symbols().items():
        if loaded and llvm.address_of_symbol(name) is not None:
            continue  # a loaded library provides its own version
        llvm.add_symbol(name, addr)
    try:
        mod = llvm.parse_assembly(for_execution(ir))
        mod.verify()
    except RuntimeError as e:
        from pytranslate.llvmcheck import llvmlite_error_text
        raise RunnerError(llvmlite_error_text(str(e)))
    missing = _unresolved(llvm, mod, ir)
    if missing:
        raise RunnerError(f"JIT session error: Symbols not found: [ {', '.join(missing)} ]\n"
                          f"Error: symbol not found: {missing[0]}", bare=True)
    target = llvm.Target.from_default_triple()
    # the host CPU and its features, as mlir-cpu-runner (vector registers, inline asm)
    tm = target.create_target_machine(cpu=llvm.get_host_cpu_name(),
                                      features=llvm.get_host_cpu_features().flatten(),
                                      opt=opt, codemodel="jitdefault")
    if opt or llvm_options:  # (-O0's pipeline matters only for what the options enable)
        pto = llvm.create_pipeline_tuning_options(speed_level=opt)
        pb = llvm.create_pass_builder(tm, pto)
        pb.getModulePassManager().run(mod, pb)
    ee = llvm.create_mcjit_compiler(mod, tm)
    ee.finalize_object()
    ee.run_static_constructors()
    addr = ee.get_function_address(entry)
    if not addr:
        raise RunnerError("entry point not found")
    restype = {"void": None, "i32": ctypes.c_int32, "i64": ctypes.c_int64,
               "f32": ctypes.c_float}[result]
    fn = ctypes.CFUNCTYPE(restype)(addr)
    # (the program's own output stays in the C library's buffer: mlir-cpu-runner's result
    # line goes out before it, see cli.py)
    value = fn()
    ee.run_static_destructors()
    _KEEP_ALIVE.append((ee, mod))
    if result == "void":
        return None
    if result == "f32":
        if value != value:
            return "nan"
        if value in (float("inf"), float("-inf")):
            return "INF" if value > 0 else "-INF"  # (llvm::raw_ostream's spelling)
        return "%e" % value
    return str(value)


_KEEP_ALIVE = []
