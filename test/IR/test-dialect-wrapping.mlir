// RUN: pyopt %s -allow-unregistered-dialect | filecheck %s
// An op wrapping a generic-form op in its region.

// CHECK-LABEL: func @wrap
// CHECK: %[[W:.*]]:2 = test.wrapping_region wraps "x.pair"(%arg0) {k = 1 : i64} : (i8) -> (i8, i16)
// CHECK: return %[[W]]#1 : i16
func.func @wrap(%a: i8) -> i16 {
  %w:2 = test.wrapping_region wraps "x.pair"(%a) {k = 1} : (i8) -> (i8, i16)
  return %w#1 : i16
}
