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


def _unresolved(llvm, mod):
    """Functions the module declares that nothing provides (MCJIT would crash on them)."""
    import ctypes
    process = ctypes.CDLL(None)
    out = []
    for f in mod.functions:
        name = f.name
        if not f.is_declaration or name.startswith("llvm."):
            continue
        if llvm.address_of_symbol(name) is None and not hasattr(process, name):
            out.append(name)
    return out


def translate(text, name):
    """MLIR text -> LLVM IR text; diagnostics go to stderr. Returns None on failure."""
    import io
    from pytranslate.cli import TranslateOptions, run, TRANSLATIONS
    from pyopt.syntax.printer import PrintFlags
    out = io.StringIO()
    options = TranslateOptions(print_flags=PrintFlags())
    rc = run(text, name, TRANSLATIONS["mlir-to-llvmir"][0], options, out)
    return out.getvalue() if rc == 0 else None


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


def _result_type(ir, entry):
    m = re.search(r"^define [^@\n]*?(\S+) @" + re.escape(entry) + r"\(", ir, re.M)
    if m is None:
        m = re.search(r'^define [^@\n]*?(\S+) @"' + re.escape(entry) + r'"\(', ir, re.M)
    return m.group(1) if m else None


# MLIR's runner utils libraries (any directory, any version suffix): built in when absent
_BUILTIN_LIB = re.compile(r"(lib)?mlir_(c_)?runner_utils(\.so[.\d]*|\.dylib|\.dll)?")


def is_builtin_lib(path):
    import os
    return not os.path.exists(path) and _BUILTIN_LIB.fullmatch(os.path.basename(path)) is not None


def compile_and_run(ir, entry="main", result="void", opt=0, shared_libs=(), llvm_options=()):
    """JIT-compiles LLVM IR text, calls `entry` and returns the value to print (or None).
    A library of `shared_libs` naming MLIR's runner utils that is not on disk is served by
    the built-in versions (utils.py); one that is on disk is loaded and takes precedence."""
    import ctypes
    from pytranslate.runner import utils
    llvm = _init_llvm()
    for o in llvm_options:  # LLVM's own command-line options (e.g. -enable-matrix)
        llvm.set_option("pyrunner", o)
    loaded = False
    for lib in shared_libs:
        if is_builtin_lib(lib):
            continue
        try:
            llvm.load_library_permanently(lib)
            loaded = True
        except RuntimeError as e:
            raise RunnerError(f"Failed to load shared library '{lib}': {e}")
    for name, addr in utils.runtime_symbols().items():
        if loaded and llvm.address_of_symbol(name) is not None:
            continue  # a loaded library provides its own version
        llvm.add_symbol(name, addr)
    try:
        mod = llvm.parse_assembly(for_execution(ir))
        mod.verify()
    except RuntimeError as e:
        raise RunnerError(str(e).strip())
    missing = _unresolved(llvm, mod)
    if missing:
        raise RunnerError(f"JIT session error: Symbols not found: [ {', '.join(missing)} ]\n"
                          f"Error: symbol not found: {missing[0]}", bare=True)
    rtype = _result_type(ir, entry)
    if rtype is None:
        raise RunnerError("entry point not found")
    expected = {"void": "void", "i32": "i32", "i64": "i64", "f32": "float"}[result]
    if rtype != expected:
        if result == "void":
            raise RunnerError("expected void function")
        raise RunnerError(f"only single {result} function result supported")
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
    try:
        value = fn()
    finally:
        utils.flush()
    ee.run_static_destructors()
    _KEEP_ALIVE.append((ee, mod))
    if result == "void":
        return None
    if result == "f32":
        return "%e" % value
    return str(value)


_KEEP_ALIVE = []
