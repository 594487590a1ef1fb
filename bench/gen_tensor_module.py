"""A linalg-on-tensors module for the one-shot bufferization benchmark: functions over
tensor arguments chaining elementwise linalg.generics into tensor.empty, fills,
extract_slice / insert_slice round trips, scf.for loops inserting into an iter_arg, and calls
of a helper function, counted with their payload ops.

    python bench/gen_tensor_module.py --ops 100000 -o m.mlir
"""
import argparse
import random

ID = "affine_map<(d0) -> (d0)>"
HEADER = """func.func @helper(%t: tensor<64xf32>, %v: f32) -> tensor<64xf32> {
  %r = linalg.fill ins(%v : f32) outs(%t : tensor<64xf32>) -> tensor<64xf32>
  return %r : tensor<64xf32>
}
"""


def _generic(k, a, b):
    return ([f"  %e{k} = tensor.empty() : tensor<64xf32>",
             f"  %g{k} = linalg.generic {{indexing_maps = [{ID}, {ID}, {ID}], iterator_types = "
             f"[\"parallel\"]}} ins({a}, {b} : tensor<64xf32>, tensor<64xf32>) outs(%e{k} : "
             f"tensor<64xf32>) {{",
             "  ^bb0(%x: f32, %y: f32, %z: f32):",
             "    %s = arith.addf %x, %y : f32",
             "    %m = arith.mulf %s, %x : f32",
             "    linalg.yield %m : f32",
             "  } -> tensor<64xf32>"], f"%g{k}", 6)


def _slice(k, cur):
    return ([f"  %s{k} = tensor.extract_slice {cur}[%o] [16] [1] : tensor<64xf32> to "
             "tensor<16xf32>",
             f"  %f{k} = linalg.fill ins(%v : f32) outs(%s{k} : tensor<16xf32>) -> "
             "tensor<16xf32>",
             f"  %i{k} = tensor.insert_slice %f{k} into {cur}[%o] [16] [1] : tensor<16xf32> "
             "into tensor<64xf32>"], f"%i{k}", 4)


def _loop(k, cur):
    return ([f"  %l{k} = scf.for %j = %c0 to %c4 step %c1 iter_args(%acc = {cur}) -> "
             "(tensor<64xf32>) {",
             "    %u = tensor.insert %v into %acc[%j] : tensor<64xf32>",
             "    scf.yield %u : tensor<64xf32>",
             "  }"], f"%l{k}", 3)


def _call(k, cur):
    return ([f"  %h{k} = func.call @helper({cur}, %v) : (tensor<64xf32>, f32) -> "
             "tensor<64xf32>"], f"%h{k}", 1)


def function(r, name, ops):
    lines = [f"func.func @{name}(%a: tensor<64xf32>, %b: tensor<64xf32>, %v: f32, %o: index) "
             "-> tensor<64xf32> {",
             "  %c0 = arith.constant 0 : index", "  %c1 = arith.constant 1 : index",
             "  %c4 = arith.constant 4 : index"]
    count, cur, k = 4, "%a", 0
    while count < ops:
        kind = r.random()
        if kind < 0.55:
            body, cur, n = _generic(k, cur, "%b")
        elif kind < 0.75:
            body, cur, n = _slice(k, cur)
        elif kind < 0.9:
            body, cur, n = _loop(k, cur)
        else:
            body, cur, n = _call(k, cur)
        lines += body
        count += n
        k += 1
    lines += [f"  return {cur} : tensor<64xf32>", "}"]
    return lines, count + 1


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--ops", type=int, default=10000)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--per-function", type=int, default=200)
    ap.add_argument("-o", "--output", default="-")
    a = ap.parse_args()
    r = random.Random(a.seed)
    out, total, i = [HEADER], 4, 0
    while total < a.ops:
        lines, n = function(r, f"f{i}", min(a.per_function, a.ops - total))
        out.append("\n".join(lines) + "\n")
        total += n + 1
        i += 1
    text = "".join(out)
    if a.output == "-":
        print(text, end="")
    else:
        with open(a.output, "w") as f:
            f.write(text)


if __name__ == "__main__":
    main()
