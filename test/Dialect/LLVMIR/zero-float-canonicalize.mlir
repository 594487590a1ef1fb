// llvm.mlir.zero of a float or float vector type folds to a zero held as bits: canonicalize
// keeps the ops as mlir-opt-19 does (it used to stop with an internal error).
// RUN: pyopt %s --canonicalize | filecheck %s

// CHECK-LABEL: func.func @float_zeros
// CHECK: %[[S:.*]] = llvm.mlir.zero : f32
// CHECK: %[[V:.*]] = llvm.mlir.zero : vector<2xf32>
// CHECK: return %[[S]], %[[V]] : f32, vector<2xf32>
func.func @float_zeros() -> (f32, vector<2xf32>) {
  %0 = llvm.mlir.zero : f32
  %1 = llvm.mlir.zero : vector<2xf32>
  return %0, %1 : f32, vector<2xf32>
}
