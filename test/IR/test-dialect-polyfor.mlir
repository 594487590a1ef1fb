// RUN: pyopt %s -allow-unregistered-dialect | filecheck %s
// Region arguments named by the op's arg_names attribute (its custom form, as upstream's,
// prints no attributes, so the names do not survive a second round).

// CHECK-LABEL: func @named_ivs
// CHECK: test.polyfor %row, %col {
// CHECK-NEXT: "x.use"(%row, %col) : (index, index) -> ()
func.func @named_ivs() {
  "test.polyfor"() ({
  ^bb0(%a: index, %b: index):
    "x.use"(%a, %b) : (index, index) -> ()
  }) {arg_names = ["row", "col"]} : () -> ()
  return
}
