// RUN: pyopt %s --canonicalize | filecheck %s

// A NaN operand of a float fold keeps its payload, as APFloat and llvm::maximum/minnum give
// it: arithmetic returns the first NaN quieted (a signaling one gets its quiet bit);
// maximumf, minimumf and (as 19 folds it) maxnumf return the first NaN as it is; minnumf
// returns the other operand. The host's arithmetic would lose the payloads.

// CHECK-LABEL: func.func @nans()
// CHECK-DAG: %[[SQ:.+]] = arith.constant 0x7FC00003 : f32
// CHECK-DAG: %[[NQ:.+]] = arith.constant 0xFFC00002 : f32
// CHECK-DAG: %[[S:.+]] = arith.constant 0x7F800003 : f32
// CHECK-DAG: %[[Q:.+]] = arith.constant 0x7FC00001 : f32
// CHECK-DAG: %[[ONE:.+]] = arith.constant 1.000000e+00 : f32
// CHECK-DAG: %[[H:.+]] = arith.constant 0x7F01 : f16
// CHECK: return %[[SQ]], %[[NQ]], %[[S]], %[[NQ]], %[[Q]], %[[NQ]], %[[ONE]], %[[H]]

func.func @nans() -> (f32, f32, f32, f32, f32, f32, f32, f16) {
  %q = arith.constant 0x7FC00001 : f32
  %nq = arith.constant 0xFFC00002 : f32
  %s = arith.constant 0x7F800003 : f32
  %one = arith.constant 1.0 : f32
  %h = arith.constant 0x7D01 : f16
  %hone = arith.constant 1.0 : f16
  %0 = arith.mulf %s, %q : f32
  %1 = arith.addf %one, %nq : f32
  %2 = arith.maximumf %s, %q : f32
  %3 = arith.minimumf %one, %nq : f32
  %4 = arith.maxnumf %q, %one : f32
  %5 = arith.minnumf %q, %nq : f32
  %6 = arith.minnumf %s, %one : f32
  %7 = arith.subf %h, %hone : f16
  return %0, %1, %2, %3, %4, %5, %6, %7 : f32, f32, f32, f32, f32, f32, f32, f16
}
