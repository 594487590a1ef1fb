// RUN: pyopt %s | pyopt | filecheck %s
// RUN: pyopt %s --mlir-print-op-generic | filecheck %s --check-prefix=GENERIC

// The default `#ub.poison` value is elided in the custom form and stored in generic form.
// CHECK-LABEL: func.func @poison
// GENERIC-LABEL: "func.func"
func.func @poison() -> (i32, f32, vector<4xi8>, i64) {
  // CHECK-NEXT: %[[A:.*]] = ub.poison : i32
  // GENERIC: "ub.poison"() <{value = #ub.poison}> : () -> i32
  %0 = ub.poison : i32
  // CHECK-NEXT: %[[B:.*]] = ub.poison : f32
  // GENERIC: "ub.poison"() <{value = #ub.poison}> : () -> f32
  %1 = ub.poison <#ub.poison> : f32
  // CHECK-NEXT: %[[C:.*]] = ub.poison : vector<4xi8>
  %2 = ub.poison : vector<4xi8>
  // CHECK-NEXT: %[[D:.*]] = ub.poison : i64
  // GENERIC: "ub.poison"() <{value = #ub.poison}> : () -> i64
  %3 = "ub.poison"() : () -> i64
  // CHECK-NEXT: return %[[A]], %[[B]], %[[C]], %[[D]]
  return %0, %1, %2, %3 : i32, f32, vector<4xi8>, i64
}
