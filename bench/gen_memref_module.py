"""A module for the memref lowering benchmark: functions over 2-D dynamic memrefs whose loop
nests (scf.for) are one third memref loads and stores, the rest index and float arithmetic.

    python bench/gen_memref_module.py --ops 100000 -o m.mlir
"""
import argparse
import random


def function(r, name, ops):
    out = [f"func.func @{name}(%a: memref<?x?xf32>, %b: memref<?x?xf32>, %n: index) -> f32 {{",
           "  %c0 = arith.constant 0 : index", "  %c1 = arith.constant 1 : index",
           "  %z = arith.constant 0.0 : f32",
           "  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z) -> (f32) {",
           "    %s = scf.for %j = %c0 to %n step %c1 iter_args(%t = %acc) -> (f32) {"]
    vals, k, emitted = ["%t"], 0, 8
    while emitted < ops:
        k += 1
        c = r.random()
        if c < 0.2:
            out.append(f"      %x{k} = memref.load %a[%i, %j] : memref<?x?xf32>")
            vals.append(f"%x{k}")
        elif c < 0.33:
            out.append(f"      memref.store {r.choice(vals)}, %b[%j, %i] : memref<?x?xf32>")
        elif c < 0.5:
            out.append(f"      %k{k} = arith.addi %i, %j : index")
            out.append(f"      %x{k} = memref.load %b[%k{k}, %j] : memref<?x?xf32>")
            vals.append(f"%x{k}")
            emitted += 1
        else:
            op = r.choice(["addf", "mulf", "subf", "maximumf"])
            out.append(f"      %x{k} = arith.{op} {r.choice(vals)}, {r.choice(vals)} : f32")
            vals.append(f"%x{k}")
        emitted += 1
    out += [f"      scf.yield {vals[-1]} : f32", "    }", "    scf.yield %s : f32", "  }",
            "  return %r : f32", "}"]
    return out


def main(make_function=function):
    """Writes --ops ops as functions of --per-function ops each, made by make_function."""
    ap = argparse.ArgumentParser()
    ap.add_argument("--ops", type=int, default=100000)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--per-function", type=int, default=200)
    ap.add_argument("-o", "--output", required=True)
    a = ap.parse_args()
    r = random.Random(a.seed)
    lines = []
    for f in range(max(1, a.ops // a.per_function)):
        lines += make_function(r, f"kernel{f}", a.per_function)
    with open(a.output, "w") as f:
        f.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
