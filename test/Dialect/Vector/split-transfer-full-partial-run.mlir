// RUN: pyopt %s -test-transform-dialect-erase-schedule -convert-linalg-to-loops -test-lower-to-llvm \
// RUN: | pyrunner -e main -entry-point-result=void | filecheck %s --check-prefixes=CHECK,SAME
// RUN: pyopt %s -transform-interpreter=entry-point=vector_transfer -test-transform-dialect-erase-schedule \
// RUN:   -convert-linalg-to-loops -test-lower-to-llvm \
// RUN: | pyrunner -e main -entry-point-result=void | filecheck %s --check-prefixes=CHECK,SAME
// RUN: pyopt %s -transform-interpreter=entry-point=linalg_copy -test-transform-dialect-erase-schedule \
// RUN:   -convert-linalg-to-loops -test-lower-to-llvm \
// RUN: | pyrunner -e main -entry-point-result=void | filecheck %s --check-prefixes=CHECK,COPY

// Transfers split into full / partial paths read and write what the unsplit ones do, both
// when the window fits and when it crosses the memref's end ("vector-transfer"). The
// "linalg-copy" write copies back the alloca window at the write's indices into the memref
// at index 0 (19's createSubViewIntersection puts the offsets on the alloca for writes), so
// a partial write leaves the memref's window unchanged there: mlir-opt-19's lowering of this
// program prints the same lines.

// CHECK:      ( ( 0, 1, 2, 3 ), ( 10, 11, 12, 13 ) )
// CHECK-NEXT: ( ( 22, 23, 24, 25 ), ( -1, -1, -1, -1 ) )
// SAME-NEXT:  ( ( 111, 112, 113, 14 ), ( 21, 100, 101, 102 ) )
// SAME-NEXT:  ( ( 21, 100, 101, 102 ), ( -1, -1, -1, -1 ) )
// COPY-NEXT:  ( ( 111, 112, 113, 14 ), ( 21, 22, 23, 24 ) )
// COPY-NEXT:  ( ( 21, 22, 23, 24 ), ( -1, -1, -1, -1 ) )

func.func @read2(%A: memref<?x?xf32>, %i: index, %j: index) -> vector<2x4xf32> {
  %f0 = arith.constant -1.0 : f32
  %v = vector.transfer_read %A[%i, %j], %f0 : memref<?x?xf32>, vector<2x4xf32>
  return %v : vector<2x4xf32>
}
func.func @write2(%v: vector<2x4xf32>, %A: memref<?x?xf32>, %i: index, %j: index) {
  vector.transfer_write %v, %A[%i, %j] : vector<2x4xf32>, memref<?x?xf32>
  return
}
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c6 = arith.constant 6 : index
  %c10 = arith.constant 10 : i32
  %A = memref.alloc(%c3, %c6) : memref<?x?xf32>
  scf.for %i = %c0 to %c3 step %c1 {
    scf.for %j = %c0 to %c6 step %c1 {
      %ii = arith.index_cast %i : index to i32
      %jj = arith.index_cast %j : index to i32
      %t = arith.muli %ii, %c10 : i32
      %s = arith.addi %t, %jj : i32
      %f = arith.sitofp %s : i32 to f32
      memref.store %f, %A[%i, %j] : memref<?x?xf32>
    }
  }
  %r0 = func.call @read2(%A, %c0, %c0) : (memref<?x?xf32>, index, index) -> vector<2x4xf32>
  vector.print %r0 : vector<2x4xf32>
  %r1 = func.call @read2(%A, %c2, %c2) : (memref<?x?xf32>, index, index) -> vector<2x4xf32>
  vector.print %r1 : vector<2x4xf32>
  %w = arith.constant dense<[[100.0, 101.0, 102.0, 103.0], [110.0, 111.0, 112.0, 113.0]]> : vector<2x4xf32>
  func.call @write2(%w, %A, %c2, %c2) : (vector<2x4xf32>, memref<?x?xf32>, index, index) -> ()
  func.call @write2(%w, %A, %c0, %c0) : (vector<2x4xf32>, memref<?x?xf32>, index, index) -> ()
  %r2 = func.call @read2(%A, %c1, %c1) : (memref<?x?xf32>, index, index) -> vector<2x4xf32>
  vector.print %r2 : vector<2x4xf32>
  %r3 = func.call @read2(%A, %c2, %c1) : (memref<?x?xf32>, index, index) -> vector<2x4xf32>
  vector.print %r3 : vector<2x4xf32>
  memref.dealloc %A : memref<?x?xf32>
  return
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @vector_transfer(%m: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} in %m : (!transform.any_op) -> !transform.any_op
    transform.apply_patterns to %f {
      transform.apply_patterns.vector.split_transfer_full_partial split_transfer_strategy = "vector-transfer"
    } : !transform.any_op
    transform.yield
  }
  transform.named_sequence @linalg_copy(%m: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} in %m : (!transform.any_op) -> !transform.any_op
    transform.apply_patterns to %f {
      transform.apply_patterns.vector.split_transfer_full_partial split_transfer_strategy = "linalg-copy"
    } : !transform.any_op
    transform.yield
  }
}
