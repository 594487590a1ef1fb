// RUN: pyopt %s --test-lower-to-llvm | \
// RUN:   pyrunner -e main -entry-point-result=void -shared-libs=libmlir_runner_utils.so | \
// RUN:   filecheck %s

// n-D transfers through the whole test-lower-to-llvm pipeline (convert-vector-to-scf loops,
// then LLVM): out-of-bounds elements read as the padding, a transposed read, a 2-D write.
// mlir-opt 19 lowers this to the same IR.

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %p = arith.constant -1.0 : f32
  %m = memref.alloca() : memref<3x3xf32>
  scf.for %i = %c0 to %c3 step %c1 {
    scf.for %j = %c0 to %c3 step %c1 {
      %a = arith.muli %i, %c3 : index
      %b = arith.addi %a, %j : index
      %x = arith.index_cast %b : index to i32
      %f = arith.sitofp %x : i32 to f32
      memref.store %f, %m[%i, %j] : memref<3x3xf32>
    }
  }
  %v = vector.transfer_read %m[%c1, %c1], %p : memref<3x3xf32>, vector<3x4xf32>
  vector.print %v : vector<3x4xf32>
  %t = vector.transfer_read %m[%c0, %c1], %p {permutation_map = affine_map<(d0, d1) -> (d1, d0)>} : memref<3x3xf32>, vector<2x3xf32>
  vector.print %t : vector<2x3xf32>
  %w = arith.constant dense<[[10.0, 11.0], [12.0, 13.0]]> : vector<2x2xf32>
  vector.transfer_write %w, %m[%c1, %c1] : vector<2x2xf32>, memref<3x3xf32>
  %r = vector.transfer_read %m[%c0, %c0], %p : memref<3x3xf32>, vector<3x3xf32>
  vector.print %r : vector<3x3xf32>
  return
}

// CHECK:      ( ( 4, 5, -1, -1 ), ( 7, 8, -1, -1 ), ( -1, -1, -1, -1 ) )
// CHECK-NEXT: ( ( 1, 4, 7 ), ( 2, 5, 8 ) )
// CHECK-NEXT: ( ( 0, 1, 2 ), ( 3, 10, 11 ), ( 6, 12, 13 ) )
