// RUN: pyopt %s -allow-unregistered-dialect | filecheck %s
// An op wrapping a generic-form op in its region, and region arguments named by an
// attribute.

// CHECK-LABEL: func @wrap
// CHECK: %[[W:.*]]:2 = test.wrapping_region wraps "x.pair"(%arg0) {k = 1 : i64} : (i8) -> (i8, i16)
// CHECK: return %[[W]]#1 : i16
func.func @wrap(%a: i8) -> i16 {
  %w:2 = test.wrapping_region wraps "x.pair"(%a) {k = 1} : (i8) -> (i8, i16)
  return %w#1 : i16
}

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
