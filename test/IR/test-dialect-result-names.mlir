// RUN: pyopt %s | filecheck %s
// Results named by the op's `names` attribute; a result left unnamed joins the group of
// the named one before it.

// CHECK-LABEL: func @names
// CHECK: %lhs:2, %rhs = "test.custom_result_name"(%arg0) <{names = ["lhs", "", "rhs"]}> : (i4) -> (i4, i4, i4)
// CHECK: "test.custom_result_name"(%lhs#0, %rhs)
func.func @names(%x: i4) {
  %a:3 = "test.custom_result_name"(%x) {names = ["lhs", "", "rhs"]} : (i4) -> (i4, i4, i4)
  "test.custom_result_name"(%a#0, %a#2) {names = []} : (i4, i4) -> ()
  return
}
