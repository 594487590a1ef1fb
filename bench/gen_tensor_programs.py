"""A large linalg-on-tensors module for `bench_lower.py --workload tensor`: the differential
tester's random tensor kernels (test/difftest/tensorgen.py: elementwise arith on tensors,
generic, matmul, transpose, reduce, extract/insert_slice, pad, collapse/expand, scf.for with
tensor iter_args; no calls between kernels: mlir-opt-19 segfaults bufferizing some of them)
until the module has --ops ops, plus the @main that calls and hashes each kernel.

    python bench/gen_tensor_programs.py --ops 100000 -o m.mlir
"""
import argparse
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "test",
                                "difftest"))
from tensorgen import TensorGen  # noqa: E402


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--ops", type=int, default=10000)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("-o", "--output", default="-")
    a = ap.parse_args(argv)
    text = TensorGen(a.seed, steps=10, call_window=16, call_args=False).program(min_ops=a.ops)
    if a.output == "-":
        sys.stdout.write(text)
    else:
        with open(a.output, "w") as f:
            f.write(text)


if __name__ == "__main__":
    main()
