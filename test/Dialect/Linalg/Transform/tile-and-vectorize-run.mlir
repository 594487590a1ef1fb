// RUN: pyopt %s -transform-interpreter -test-transform-dialect-erase-schedule -lower-vector-multi-reduction -convert-vector-to-scf -convert-linalg-to-loops -lower-affine -convert-scf-to-cf -convert-vector-to-llvm -expand-strided-metadata -lower-affine -finalize-memref-to-llvm -convert-func-to-llvm -convert-arith-to-llvm -convert-cf-to-llvm -reconcile-unrealized-casts \
// RUN: | pyrunner -e main --entry-point-result=void | filecheck %s

// A 6x8 by 8x12 matmul on memrefs, tiled 2x4 with scf.for and each tile vectorized
// (transfer_read / multi_reduction / transfer_write), lowered to LLVM and run. The LLVM dialect
// this pipeline gives is the one mlir-opt-19 gives; A[i][k] = i + k, B[k][j] = j - k.

// CHECK: sizes = [6, 12] strides = [12, 1]
// CHECK-NEXT: [-140,   -112,   -84,   -56,   -28,   0,   28,   56,   84,   112,   140,   168],
// CHECK-NEXT: [-168,   -132,   -96,   -60,   -24,   12,   48,   84,   120,   156,   192,   228],
// CHECK-NEXT: [-196,   -152,   -108,   -64,   -20,   24,   68,   112,   156,   200,   244,   288],
// CHECK-NEXT: [-224,   -172,   -120,   -68,   -16,   36,   88,   140,   192,   244,   296,   348],
// CHECK-NEXT: [-252,   -192,   -132,   -72,   -12,   48,   108,   168,   228,   288,   348,   408],
// CHECK-NEXT: [-280,   -212,   -144,   -76,   -8,   60,   128,   196,   264,   332,   400,   468]]

module attributes {transform.with_named_sequence} {
func.func private @printMemrefF32(memref<*xf32>)

func.func @matmul(%A: memref<6x8xf32>, %B: memref<8x12xf32>, %C: memref<6x12xf32>) {
  linalg.matmul ins(%A, %B : memref<6x8xf32>, memref<8x12xf32>) outs(%C : memref<6x12xf32>)
  return
}

func.func @main() {
  %A = memref.alloc() : memref<6x8xf32>
  %B = memref.alloc() : memref<8x12xf32>
  %C = memref.alloc() : memref<6x12xf32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c6 = arith.constant 6 : index
  %c8 = arith.constant 8 : index
  %c12 = arith.constant 12 : index
  %zero = arith.constant 0.0 : f32
  scf.for %i = %c0 to %c6 step %c1 {
    scf.for %k = %c0 to %c8 step %c1 {
      %s = arith.addi %i, %k : index
      %t = arith.index_cast %s : index to i32
      %f = arith.sitofp %t : i32 to f32
      memref.store %f, %A[%i, %k] : memref<6x8xf32>
    }
  }
  scf.for %k = %c0 to %c8 step %c1 {
    scf.for %j = %c0 to %c12 step %c1 {
      %s = arith.subi %j, %k : index
      %t = arith.index_cast %s : index to i32
      %f = arith.sitofp %t : i32 to f32
      memref.store %f, %B[%k, %j] : memref<8x12xf32>
    }
  }
  linalg.fill ins(%zero : f32) outs(%C : memref<6x12xf32>)
  call @matmul(%A, %B, %C) : (memref<6x8xf32>, memref<8x12xf32>, memref<6x12xf32>) -> ()
  %u = memref.cast %C : memref<6x12xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  memref.dealloc %A : memref<6x8xf32>
  memref.dealloc %B : memref<8x12xf32>
  memref.dealloc %C : memref<6x12xf32>
  return
}

  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %mm = transform.structured.match ops{["linalg.matmul"]} in %root : (!transform.any_op) -> !transform.any_op
    %tiled, %loops:2 = transform.structured.tile_using_for %mm tile_sizes [2, 4] : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    transform.structured.vectorize %tiled : !transform.any_op
    transform.yield
  }
}
