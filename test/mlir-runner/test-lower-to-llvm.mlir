// RUN: pyopt %s --test-lower-to-llvm | filecheck %s --check-prefix=IR
// RUN: pyopt %s --test-lower-to-llvm | \
// RUN:   pyrunner -e main -entry-point-result=void -shared-libs=libmlir_runner_utils.so | \
// RUN:   filecheck %s --check-prefix=OUT

// test-lower-to-llvm on a program mixing func, arith, math, scf, affine (loads with an
// iv-dependent map) and memref (alloc, subview, cast, alloca, dealloc): everything ends in
// the llvm dialect (mlir-opt 19 gives the same text) and the program runs.

func.func private @printMemrefF32(memref<*xf32>)

// Sums m[i][i+1] over i < n with affine loads, plus a math.exp and a subview read.
func.func @kernel(%m: memref<?x?xf32>, %n: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0.0 : f32
  %s = memref.subview %m[1, 1][2, 2][1, 1] : memref<?x?xf32> to memref<2x2xf32, strided<[?, 1], offset: ?>>
  %w = memref.load %s[%c0, %c1] : memref<2x2xf32, strided<[?, 1], offset: ?>>
  %r = affine.for %i = 0 to %n iter_args(%acc = %z) -> f32 {
    %v = affine.load %m[%i, %i + 1] : memref<?x?xf32>
    %a = arith.addf %acc, %v : f32
    affine.yield %a : f32
  }
  %t = arith.addf %r, %w : f32
  %e = math.sqrt %t : f32
  return %e : f32
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %m = memref.alloc(%c3, %c4) : memref<?x?xf32>
  scf.for %i = %c0 to %c3 step %c1 {
    scf.for %j = %c0 to %c4 step %c1 {
      %k = arith.muli %i, %c4 : index
      %l = arith.addi %k, %j : index
      %v = arith.index_cast %l : index to i32
      %f = arith.sitofp %v : i32 to f32
      memref.store %f, %m[%i, %j] : memref<?x?xf32>
    }
  }
  %u = memref.cast %m : memref<?x?xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  %r = call @kernel(%m, %c3) : (memref<?x?xf32>, index) -> f32
  %out = memref.alloca() : memref<f32>
  memref.store %r, %out[] : memref<f32>
  %ou = memref.cast %out : memref<f32> to memref<*xf32>
  call @printMemrefF32(%ou) : (memref<*xf32>) -> ()
  memref.dealloc %m : memref<?x?xf32>
  return
}

// IR-NOT: {{^ *(%[0-9]+ = )?(affine|scf|memref|math|arith|func|index|cf|builtin)\.}}
// IR-DAG: llvm.func @printMemrefF32(i64, !llvm.ptr)
// IR-DAG: llvm.func @free(!llvm.ptr)
// IR-DAG: llvm.func @malloc(i64) -> !llvm.ptr
// IR:     llvm.func @kernel(%arg0: !llvm.ptr, %arg1: !llvm.ptr, %arg2: i64, %arg3: i64, %arg4: i64, %arg5: i64, %arg6: i64, %arg7: i64) -> f32 {
// IR:       llvm.intr.sqrt
// IR:     llvm.func @main() {
// IR:       llvm.call @printMemrefF32
// IR:       llvm.call @kernel
// IR-NOT: {{^ *(%[0-9]+ = )?(affine|scf|memref|math|arith|func|index|cf|builtin)\.}}

// OUT:      Unranked Memref base@ = 0x{{[0-9a-f]+}} rank = 2 offset = 0 sizes = [3, 4] strides = [4, 1] data =
// OUT-NEXT: {{\[\[}}0,   1,   2,   3],
// OUT-NEXT: [4,   5,   6,   7],
// OUT-NEXT: [8,   9,   10,   11]]
// OUT-NEXT: Unranked Memref base@ = 0x{{[0-9a-f]+}} rank = 0 offset = 0 sizes = [] strides = [] data =
// OUT-NEXT: [4.89898]
