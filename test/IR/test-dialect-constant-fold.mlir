// RUN: pyopt %s -canonicalize | filecheck %s
// test.constant is the test dialect's constant: folds of test ops materialize it.

// CHECK-LABEL: func @fold
// CHECK-NEXT: %[[C:.*]] = "test.constant"() <{value = 7 : i16}> : () -> i16
// CHECK-NEXT: return %[[C]], %[[C]] : i16, i16
func.func @fold() -> (i16, i16) {
  %a = "test.constant"() {value = 7 : i16} : () -> i16
  %b = "test.manual_cpp_op_with_fold"(%a) : (i16) -> i16
  %c = "test.constant"() {value = 7 : i16} : () -> i16
  return %b, %c : i16, i16
}
