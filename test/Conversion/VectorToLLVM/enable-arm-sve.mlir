// RUN: pyopt %s --convert-vector-to-llvm=enable-arm-sve --allow-unregistered-dialect | filecheck %s
// RUN: not pyopt %s --convert-vector-to-llvm=enable-arm-sve 2>&1 | filecheck %s --check-prefix=ERR
// RUN: pyopt %s --convert-vector-to-llvm | filecheck %s --check-prefix=NOSVE

// With enable-arm-sve, an SVE-predicate-sized scalable mask is ArmSVE's whilelt intrinsic; the
// arm_sve dialect is not available here, so it is only accepted as an unregistered op.
// CHECK-LABEL: func.func @mask
// CHECK:         %[[N:.*]] = builtin.unrealized_conversion_cast %arg0 : index to i64
// CHECK:         %[[Z:.*]] = llvm.mlir.zero : i64
// CHECK:         "arm_sve.intr.whilelt"(%[[Z]], %[[N]]) : (i64, i64) -> vector<[8]xi1>
// ERR: error: 'arm_sve.intr.whilelt' op created with unregistered dialect
// NOSVE-LABEL: func.func @mask
// NOSVE:         llvm.intr.experimental.stepvector : vector<[8]xi32>
func.func @mask(%n: index) -> vector<[8]xi1> {
  %m = vector.create_mask %n : vector<[8]xi1>
  return %m : vector<[8]xi1>
}
