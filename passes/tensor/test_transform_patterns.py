"""`test-tensor-transform-patterns`: mlir-opt's test driver of tensor rewrite patterns (MLIR 19
test/lib/Dialect/Tensor/TestTensorTransforms.cpp), run on the whole operation. Each set flag
of the table below applies its pattern set greedily, in the table's order.

OPTIONS is the whole option list of the upstream pass, so every upstream spelling parses; a
flag whose implementation is None is not implemented in pyopt (the pass fails with a
diagnostic naming it)."""
from __future__ import annotations

from pyopt.ir.diagnostics import Diagnostic, MLIRError
from pyopt.pass_registry import PassOption, register_pass
from pyopt.rewrite import apply_patterns_greedily
from passes.scf.common import default_greedy_config


def _greedy(patterns):
    def run(op, ctx, options):
        apply_patterns_greedily(op, patterns(), ctx, default_greedy_config())
    return run


def _simplify_pack_unpack():
    from pyopt.dialects.tensor.pack_patterns import simplify_pack_unpack_patterns
    return simplify_pack_unpack_patterns()


def _fold_into_pack_unpack():
    from pyopt.dialects.tensor.pack_patterns import fold_into_pack_unpack_patterns
    return fold_into_pack_unpack_patterns()


def _fold_constant_extract_slice():
    from pyopt.dialects.tensor.slice_patterns import constant_extract_slice_patterns

    def control(op):  # the test's heuristic: a single-use source, at most 1024 elements
        return op.source.has_one_use() and op.result.type.num_elements <= 1024
    return constant_extract_slice_patterns(control)


def _merge_consecutive_insert_extract_slice():
    from pyopt.dialects.tensor.slice_patterns import merge_consecutive_insert_extract_patterns
    return merge_consecutive_insert_extract_patterns()


def _drop_redundant_rank_expansion():
    from pyopt.dialects.tensor.slice_patterns import drop_redundant_rank_expansion_patterns
    return drop_redundant_rank_expansion_patterns()


def _reassociative_reshape_folding():
    from pyopt.dialects.tensor.slice_patterns import reassociative_reshape_folding_patterns
    return reassociative_reshape_folding_patterns()


# (flag, description, implementation or None), in the order upstream runs them
FLAGS = [
    ("test-simplify-pack-unpack-patterns",
     "Test patterns to simplify tensor.pack and tensor.unpack",
     _greedy(_simplify_pack_unpack)),
    ("test-fold-constant-extract-slice", "Test folding arith.constant and tensor.extract_slice",
     _greedy(_fold_constant_extract_slice)),
    ("test-fold-consecutive-insert-extract-slice",
     "Test folding consecutive tensor.insert_slice/tensor.extract_slice",
     _greedy(_merge_consecutive_insert_extract_slice)),
    ("test-drop-redundant-insert-slice-rank-expansion",
     "Test dropping redundant insert_slice rank expansions",
     _greedy(_drop_redundant_rank_expansion)),
    ("test-reassociative-reshape-folding", "Test folding of expand_shape/collapse_shape",
     _greedy(_reassociative_reshape_folding)),
    ("test-fold-into-pack-and-unpack", "Test folding ops into tensor.pack and tensor.unpack",
     _greedy(_fold_into_pack_unpack)),
    ("test-rewrite-extract-slice-from-collapse-shape",
     "Test swapping tensor.extract_slice of a collapse_shape with loop nest", None),
    ("test-tracking-listener", "Test tensor TrackingListener for the transform dialect", None),
]

OPTIONS = [PassOption(name, bool, False, desc) for name, desc, _ in FLAGS] + [
    PassOption("use-foreach", bool, False, "Use the scf.forall operation when generating loop "
               "nests for the extract_slice of collapse_shape pattern")]


@register_pass("test-tensor-transform-patterns",
               "Test Tensor transformation patterns by applying them greedily.",
               options=OPTIONS, display_name="(anonymous namespace)::TestTensorTransforms")
def test_tensor_transform_patterns(op, ctx, options):
    for name, _, impl in FLAGS:
        if not options.get(name):
            continue
        if impl is None:
            raise MLIRError(Diagnostic("error", op.loc, f"test-tensor-transform-patterns: "
                                       f"option '{name}' is not implemented in pyopt"))
        impl(op, ctx, options)
