"""A module for the linalg benchmark: functions over static and dynamic memrefs running
linalg named ops (matmul, matvec, conv_2d_nhwc_hwcf with strides, pooling, fill, copy,
elementwise) and linalg.generic with linalg.index, counted with their payload ops.

    python bench/gen_linalg_module.py --ops 100000 -o m.mlir
"""
import argparse
import random

ARGS = ("%A: memref<?x?xf32>, %B: memref<?x?xf32>, %C: memref<?x?xf32>, %v: memref<?xf32>, "
        "%w: memref<?xf32>, %I: memref<1x18x18x4xf32>, %K: memref<3x3x4x8xf32>, "
        "%O: memref<1x8x8x8xf32>, %P: memref<2x2xf32>, %Q: memref<1x4x4x8xf32>, %s: f32")

# (text, ops it counts: the op, its body ops and its yield)
KINDS = [
    ("linalg.matmul ins(%A, %B : memref<?x?xf32>, memref<?x?xf32>) outs(%C : memref<?x?xf32>)",
     4),
    ("linalg.matvec ins(%A, %v : memref<?x?xf32>, memref<?xf32>) outs(%w : memref<?xf32>)", 4),
    ("linalg.fill ins(%s : f32) outs(%C : memref<?x?xf32>)", 2),
    ("linalg.copy ins(%A : memref<?x?xf32>) outs(%C : memref<?x?xf32>)", 2),
    ("linalg.conv_2d_nhwc_hwcf {strides = dense<2> : tensor<2xi64>, dilations = dense<1> : "
     "tensor<2xi64>} ins(%I, %K : memref<1x18x18x4xf32>, memref<3x3x4x8xf32>) outs(%O : "
     "memref<1x8x8x8xf32>)", 4),
    ("linalg.pooling_nhwc_max {strides = dense<2> : tensor<2xi64>, dilations = dense<1> : "
     "tensor<2xi64>} ins(%O, %P : memref<1x8x8x8xf32>, memref<2x2xf32>) outs(%Q : "
     "memref<1x4x4x8xf32>)", 3),
    ("linalg.elemwise_binary {fun = #linalg.binary_fn<mul>} ins(%A, %B : memref<?x?xf32>, "
     "memref<?x?xf32>) outs(%C : memref<?x?xf32>)", 3),
    ("linalg.dot ins(%v, %w : memref<?xf32>, memref<?xf32>) outs(%z : memref<f32>)", 4),
]
GENERIC = """linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j)>,
                  affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
      ins(%A, %v : memref<?x?xf32>, memref<?xf32>) outs(%C : memref<?x?xf32>) {
  ^bb0(%a: f32, %b: f32, %c: f32):
    %i = linalg.index 0 : index
    %ii = arith.index_cast %i : index to i32
    %f = arith.sitofp %ii : i32 to f32
    %m = arith.mulf %a, %b : f32
    %r = arith.addf %m, %f : f32
    linalg.yield %r : f32
  }"""


def function(r, name, ops):
    out = [f"func.func @{name}({ARGS}) {{", "  %z = memref.alloca() : memref<f32>"]
    emitted = 3
    while emitted < ops:
        if r.random() < 0.2:
            out.append("  " + GENERIC)
            emitted += 7
        else:
            text, n = r.choice(KINDS)
            out.append("  " + text)
            emitted += n
    out += ["  return", "}"]
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--ops", type=int, default=10000)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("-o", "--output")
    a = ap.parse_args()
    r = random.Random(a.seed)
    lines, total, k = [], 0, 0
    per = 500
    while total < a.ops:
        n = min(per, a.ops - total)
        lines += function(r, f"f{k}", n)
        total += n
        k += 1
    text = "\n".join(lines) + "\n"
    if a.output:
        with open(a.output, "w") as f:
            f.write(text)
    else:
        print(text, end="")


if __name__ == "__main__":
    main()
