"""A module for the vector lowering benchmark: functions over 2-D dynamic memrefs whose loop
bodies read 1-D and 2-D vectors (vector.transfer_read, in bounds or masked), compute on them
(arith on vectors, vector.fma, broadcasts, extracts) and reduce or write them back.

    python bench/gen_vector_module.py --ops 100000 -o v.mlir
"""
import gen_memref_module  # (run from bench/: its command-line driver)

V1, V2 = "vector<8xf32>", "vector<4x8xf32>"


def function(r, name, ops):
    out = [f"func.func @{name}(%a: memref<?x?xf32>, %b: memref<?x?xf32>, %n: index) -> f32 {{",
           "  %c0 = arith.constant 0 : index", "  %c1 = arith.constant 1 : index",
           "  %z = arith.constant 0.0 : f32",
           "  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z) -> (f32) {"]
    v1 = [f"%v0"]
    v2 = [f"%w0"]
    out.append(f"    %v0 = vector.transfer_read %a[%i, %c0], %z {{in_bounds = [true]}} : "
               f"memref<?x?xf32>, {V1}")
    out.append(f"    %w0 = vector.transfer_read %b[%i, %c0], %z : memref<?x?xf32>, {V2}")
    scalars = ["%acc"]
    k, emitted = 0, 9
    while emitted < ops:
        k += 1
        c = r.random()
        if c < 0.12:
            out.append(f"    %v{k} = vector.transfer_read %a[%c0, %i], %z {{in_bounds = [true]}}"
                       f" : memref<?x?xf32>, {V1}")
            v1.append(f"%v{k}")
        elif c < 0.18:
            out.append(f"    %w{k} = vector.transfer_read %b[%c0, %i], %z : memref<?x?xf32>, {V2}")
            v2.append(f"%w{k}")
        elif c < 0.45:
            op = r.choice(["addf", "mulf", "subf", "maximumf"])
            out.append(f"    %v{k} = arith.{op} {r.choice(v1)}, {r.choice(v1)} : {V1}")
            v1.append(f"%v{k}")
        elif c < 0.55:
            op = r.choice(["addf", "mulf"])
            out.append(f"    %w{k} = arith.{op} {r.choice(v2)}, {r.choice(v2)} : {V2}")
            v2.append(f"%w{k}")
        elif c < 0.62:
            out.append(f"    %v{k} = vector.fma {r.choice(v1)}, {r.choice(v1)}, {r.choice(v1)}"
                       f" : {V1}")
            v1.append(f"%v{k}")
        elif c < 0.70:
            out.append(f"    %v{k} = vector.extract {r.choice(v2)}[{r.randrange(4)}] : "
                       f"{V1} from {V2}")
            v1.append(f"%v{k}")
        elif c < 0.76:
            out.append(f"    %w{k} = vector.broadcast {r.choice(v1)} : {V1} to {V2}")
            v2.append(f"%w{k}")
        elif c < 0.88:
            kind = r.choice(["add", "mul", "maximumf"])
            out.append(f"    %s{k} = vector.reduction <{kind}>, {r.choice(v1)} : {V1} into f32")
            scalars.append(f"%s{k}")
        elif c < 0.94:
            out.append(f"    %s{k} = arith.addf {r.choice(scalars)}, {r.choice(scalars)} : f32")
            scalars.append(f"%s{k}")
        elif c < 0.97:
            out.append(f"    vector.transfer_write {r.choice(v1)}, %b[%i, %c0] "
                       f"{{in_bounds = [true]}} : {V1}, memref<?x?xf32>")
        else:
            out.append(f"    vector.transfer_write {r.choice(v2)}, %a[%c0, %i] : {V2}, "
                       f"memref<?x?xf32>")
        emitted += 1
    out += [f"    scf.yield {scalars[-1]} : f32", "  }", "  return %r : f32", "}"]
    return out


if __name__ == "__main__":
    gen_memref_module.main(function)
