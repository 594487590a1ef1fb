"""Imports every pass module of the library, which registers its passes. Every module (or
subpackage) of passes/conversion is a conversion pass, so a new one needs no edit here."""
import importlib
import pkgutil

import passes.conversion
from passes.transforms import (canonicalize, cse, symbols, stats, sccp, licm, sroa,  # noqa: F401
                               mem2reg, inline, strip_debuginfo, llvm_ir, arith_expand, memref,
                               arith_emulate_wide_int, runtime_verification,
                               vector_multi_reduction, vector_mask, print_ir,
                               topological_sort, scf_for_to_while, control_flow_sink,
                               float_widening, remove_dead_values, int_range_optimizations,
                               arith_int_narrowing, subset_hoisting, view_op_graph)

_SHARED = {"llvm_common"}  # helpers, not passes
for _m in pkgutil.iter_modules(passes.conversion.__path__):
    if _m.name not in _SHARED:
        importlib.import_module(f"passes.conversion.{_m.name}")
