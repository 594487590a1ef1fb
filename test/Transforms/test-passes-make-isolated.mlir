// RUN: pyopt %s -allow-unregistered-dialect -test-make-isolated-from-above=simple | filecheck %s
// RUN: pyopt %s -allow-unregistered-dialect -test-make-isolated-from-above=clone-ops-with-operands | filecheck %s --check-prefix=ALL

// CHECK-LABEL: func.func @capture
// CHECK-SAME: (%[[X:.*]]: f32, %[[Y:.*]]: f32)
// CHECK: %[[S:.*]] = arith.addf %[[X]], %[[Y]]
// CHECK: test.isolated_one_region_op %[[S]], %[[X]] {
// CHECK-NEXT: ^bb0(%[[A:.*]]: f32, %[[B:.*]]: f32):
// CHECK-NEXT: "use"(%[[A]], %[[B]])
// CHECK-NEXT: } : f32, f32

// ALL-LABEL: func.func @capture
// ALL-SAME: (%[[X:.*]]: f32, %[[Y:.*]]: f32)
// ALL: test.isolated_one_region_op %[[X]], %[[Y]] {
// ALL-NEXT: ^bb0(%[[A:.*]]: f32, %[[B:.*]]: f32):
// ALL-NEXT: %[[S:.*]] = arith.addf %[[A]], %[[B]]
// ALL-NEXT: "use"(%[[S]], %[[A]])
func.func @capture(%x: f32, %y: f32) {
  %s = arith.addf %x, %y : f32
  "test.one_region_with_operands_op"() ({
    "use"(%s, %x) : (f32, f32) -> ()
  }) : () -> ()
  return
}
