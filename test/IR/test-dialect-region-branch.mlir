// RUN: pyopt %s | filecheck %s
// Custom forms of the test dialect's region-branching ops.

// CHECK-LABEL: func @branches
// CHECK: %[[R:.*]] = test.loop_block %arg0 : (i32) -> f32 {
// CHECK-NEXT: ^bb0(%{{.*}}: i32):
// CHECK-NEXT: test.loop_block_term iter %arg0 exit %arg1
// CHECK: test.switch_with_no_break %arg2
// CHECK-NEXT: case 3 {
// CHECK-NEXT: "test.in_case"() : () -> ()
// CHECK-NEXT: }
// CHECK-NEXT: case 7 {
// CHECK-NEXT: "test.other_case"() : () -> ()
// CHECK-NEXT: }
func.func @branches(%i: i32, %f: f32, %x: index) -> f32 {
  %r = test.loop_block %i : (i32) -> f32 {
  ^bb0(%a: i32):
    test.loop_block_term iter %i exit %f
  }
  test.switch_with_no_break %x
  case 3 {
    "test.in_case"() : () -> ()
  }
  case 7 {
  ^bb0:
    "test.other_case"() : () -> ()
  }
  return %r : f32
}
