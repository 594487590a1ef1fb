// RUN: not pyopt %s --test-lower-to-llvm 2>&1 | filecheck %s
// RUN: not pyopt %s --convert-vector-to-scf 2>&1 | filecheck %s --check-prefix=SCF

// A 2-D transfer needs convert-vector-to-scf's unrolling into loops, which pyopt does not
// have yet: the pipeline (and the pass alone) stop with an error naming the op rather than
// passing it on unlowered.

func.func @read2d(%m: memref<?x?xf32>) -> vector<2x4xf32> {
  %c0 = arith.constant 0 : index
  %p = arith.constant 0.0 : f32
  // CHECK: test-lower-to-llvm-vector.mlir:13:8: error: 'vector.transfer_read' op needs the rewrites of convert-vector-to-scf into scf loops, which pyopt does not implement yet
  // SCF: test-lower-to-llvm-vector.mlir:13:8: error: 'vector.transfer_read' op needs the rewrites of convert-vector-to-scf
  %v = vector.transfer_read %m[%c0, %c0], %p : memref<?x?xf32>, vector<2x4xf32>
  return %v : vector<2x4xf32>
}
