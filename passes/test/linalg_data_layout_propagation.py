"""`test-linalg-data-layout-propagation`: mlir-opt's test driver of the data-layout
propagation patterns (TestDataLayoutPropagation.cpp), applied greedily with propagation
allowed everywhere."""
from __future__ import annotations

from pyopt.ir.diagnostics import pass_failure
from pyopt.pass_registry import register_pass
from pyopt.rewrite import apply_patterns_greedily
from passes.linalg.data_layout_propagation import data_layout_propagation_patterns
from passes.scf.common import default_greedy_config


@register_pass("test-linalg-data-layout-propagation", "Test data layout propagation")
def test_linalg_data_layout_propagation(op, ctx, options):
    if not apply_patterns_greedily(op, data_layout_propagation_patterns(lambda slot: True), ctx,
                                   default_greedy_config()):
        raise pass_failure(op.loc)
