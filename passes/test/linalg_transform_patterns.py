"""`test-linalg-transform-patterns`: mlir-opt's test driver of assorted linalg rewrite
patterns (MLIR 19 TestLinalgTransforms.cpp). It runs on each func.func; the first set flag in
the table below (upstream's order) picks what it does.

OPTIONS is the whole option list of the upstream pass, so every upstream spelling parses.
Each flag row names its implementation: a function `fn(func, ctx, options)`, or None when
pyopt does not implement that test yet (the pass then fails with a diagnostic naming the
option). To add one, write the function and put it in its row."""
from __future__ import annotations

from pyopt.ir.diagnostics import Diagnostic, MLIRError
from pyopt.pass_registry import PassOption, register_pass
from pyopt.rewrite import apply_patterns_greedily
from passes.scf.common import default_greedy_config


def _erase_unused_operands_and_results(func, ctx, options):
    from passes.linalg.erase_unused import populate_erase_unused_operands_and_results
    apply_patterns_greedily(func, populate_erase_unused_operands_and_results(), ctx,
                            default_greedy_config())


def _erase_unnecessary_inputs(func, ctx, options):
    from passes.linalg.erase_unused import populate_erase_unnecessary_inputs
    apply_patterns_greedily(func, populate_erase_unnecessary_inputs(), ctx,
                            default_greedy_config())


def _greedy(patterns):
    """An implementation applying the patterns made by `patterns()` greedily."""
    def run(func, ctx, options):
        apply_patterns_greedily(func, patterns(), ctx, default_greedy_config())
    return run


def _swap_pad_slice():
    from passes.linalg.slice_swaps import ExtractSliceOfPadSwap
    return [ExtractSliceOfPadSwap()]


def _swap_fill_slice():
    from passes.linalg.slice_swaps import SwapExtractSliceOfFill
    return [SwapExtractSliceOfFill()]


def _copy_transfer_forwarding():
    from passes.linalg.copy_forwarding import copy_transfer_forwarding_patterns
    return copy_transfer_forwarding_patterns()


def _bubble_up_extract_slice():
    from passes.linalg.slice_swaps import BubbleUpExtractSlice
    return [BubbleUpExtractSlice()]


def _copy_vectorization():
    from passes.linalg.structured_transforms.vectorize_ops import CopyVectorizationPattern
    return [CopyVectorizationPattern()]


def _linalg_to_vector():
    from passes.linalg.vectorize_conv import VectorizeConvolution
    from passes.linalg.vectorize_pad import pad_vectorization_patterns
    return _copy_vectorization() + pad_vectorization_patterns() + [VectorizeConvolution()]


def _generalize_pad():
    from passes.linalg.tensor_to_linalg import GeneralizePad
    return [GeneralizePad()]


def _generalize_pack():
    from passes.linalg.generalize_relayout import generalize_pack_patterns
    return generalize_pack_patterns()


def _winograd_conv2d():
    from passes.linalg.winograd_conv2d import winograd_conv2d_patterns
    return winograd_conv2d_patterns(4, 3) + winograd_conv2d_patterns(2, 5)


def _decompose_winograd():
    from passes.linalg.winograd_decompose import decompose_winograd_patterns
    return decompose_winograd_patterns()


def _generalize_unpack():
    from passes.linalg.generalize_relayout import generalize_unpack_patterns
    return generalize_unpack_patterns()


# (flag, description, implementation or None), in the order upstream tests the flags
FLAGS = [
    ("test-patterns", "Test a mixed set of patterns", _greedy(_copy_vectorization)),
    ("test-vector-transfer-forwarding-patterns",
     "Test a fused pass that forwards memref.copy to vector.transfer",
     _greedy(_copy_transfer_forwarding)),
    ("test-linalg-to-vector-patterns",
     "Test a set of patterns that rewrite a linalg contraction in vector.contract form",
     _greedy(_linalg_to_vector)),
    ("test-generalize-pad-tensor", "Test transform pad tensor by copying with generic ops",
     _greedy(_generalize_pad)),
    ("test-generalize-tensor-pack", "Test transform that generalizes pack ops into a sequence "
     "of tensor and Linalg ops", _greedy(_generalize_pack)),
    ("test-generalize-tensor-unpack", "Test transform that generalizes unpack ops into a "
     "sequence of tensor and Linalg ops", _greedy(_generalize_unpack)),
    ("test-swap-subtensor-padtensor",
     "Test rewrite of subtensor(tensor.pad) into tensor.pad(subtensor)",
     _greedy(_swap_pad_slice)),
    ("test-bubble-up-extract-slice-op-pattern",
     "Test rewrite of linalgOp + extract_slice into extract_slice + linalgOp",
     _greedy(_bubble_up_extract_slice)),
    ("test-swap-extract-slice-with-fill-pattern",
     "Test patterns to swap tensor.extract_slice(linalg.fill())",
     _greedy(_swap_fill_slice)),
    ("test-erase-unused-operands-and-results",
     "Test patterns to erase unused operands and results", _erase_unused_operands_and_results),
    ("test-erase-unnecessary-inputs", "Test patterns to erase unnecessary inputs",
     _erase_unnecessary_inputs),
    ("test-winograd-conv2d", "Test transform conv2d by Winograd conv2d algorithm",
     _greedy(_winograd_conv2d)),
    ("test-decompose-winograd-ops", "Test decompose Winograd ops",
     _greedy(_decompose_winograd)),
]

# the options that parameterize the flags above (none is read by an implemented flag yet)
VALUE_OPTIONS = [
    PassOption("tile-sizes", list, [], "Linalg tile sizes for test-tile-pattern"),
    PassOption("peeled-loops", list, [], "Loops to be peeled when test-tile-pattern"),
    PassOption("skip-partial", bool, False,
               "Skip loops inside partial iterations during peeling"),
    PassOption("loop-type", str, "for",
               "Specify the type of loops to generate: for, parallel or tiled_loop"),
]

OPTIONS = [PassOption(name, bool, False, desc) for name, desc, _ in FLAGS] + VALUE_OPTIONS


@register_pass("test-linalg-transform-patterns",
               "Test Linalg transformation patterns by applying them greedily.",
               options=OPTIONS, anchor="func.func",
               display_name="(anonymous namespace)::TestLinalgTransforms")
def test_linalg_transform_patterns(func, ctx, options):
    for name, _, impl in FLAGS:
        if not options.get(name):
            continue
        if impl is None:
            raise MLIRError(Diagnostic("error", func.loc, f"test-linalg-transform-patterns: "
                                       f"option '{name}' is not implemented in pyopt"))
        impl(func, ctx, options)
        return
