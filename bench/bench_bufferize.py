"""Benchmark of one-shot bufferization against mlir-opt 19, at growing sizes: issue 22's
tensor road on bench/gen_tensor_module.py's linalg-on-tensors modules.

    python bench/bench_bufferize.py                        # 10k, 100k, 300k ops
    python bench/bench_bufferize.py --ops 10000,30000 --only-bufferize

Measured as bench_lower.py measures (fresh processes, wall/CPU time and peak RSS from rusage,
pass times from --mlir-timing, outputs compared byte for byte), through the pipeline

    --one-shot-bufferize=bufferize-function-boundaries --buffer-deallocation-pipeline
    --convert-bufferization-to-memref --convert-linalg-to-loops --expand-strided-metadata
    --lower-affine --convert-scf-to-cf --convert-arith-to-llvm --finalize-memref-to-llvm
    --convert-func-to-llvm --convert-cf-to-llvm --reconcile-unrealized-casts

or `--only-bufferize`: -one-shot-bufferize alone. Targets (issue 22): 6x mlir-opt's wall time,
2.5x its peak RSS, bufferization time per op flat.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import bench_lower  # noqa: E402

BUFFERIZE = ["--one-shot-bufferize=bufferize-function-boundaries"]
PIPELINE = BUFFERIZE + [
    "--buffer-deallocation-pipeline", "--convert-bufferization-to-memref",
    "--convert-linalg-to-loops", "--expand-strided-metadata", "--lower-affine",
    "--convert-scf-to-cf", "--convert-arith-to-llvm", "--finalize-memref-to-llvm",
    "--convert-func-to-llvm", "--convert-cf-to-llvm", "--reconcile-unrealized-casts"]
PASS_NAMES = bench_lower.LINALG_PASS_NAMES + (
    "OneShotBufferize", "ConvertBufferizationToMemRef", "ExpandStridedMetadata")


def main(argv=None):
    argv = list(sys.argv[1:] if argv is None else argv)
    only = "--only-bufferize" in argv
    if only:
        argv.remove("--only-bufferize")
    bench_lower.PASSES = BUFFERIZE if only else PIPELINE
    bench_lower.PASS_NAMES = ("OneShotBufferize",) if only else PASS_NAMES
    bench_lower.GENERATOR, bench_lower.GEN_ARGS = "gen_tensor_module.py", []
    bench_lower.WALL_TARGET, bench_lower.RSS_TARGET = 6.0, 2.5
    return bench_lower.main(argv)


if __name__ == "__main__":
    sys.exit(main())
