// RUN: pyopt %s | pyopt | filecheck %s
// RUN: pyopt %s --mlir-print-op-generic | pyopt | filecheck %s

// CHECK-LABEL: func.func @caller(
// CHECK-SAME:      %[[A:.*]]: i32, %[[B:.*]]: i32) -> i32 {
// CHECK:         %[[R:.*]] = call @callee(%[[A]]) : (i32) -> i32
// CHECK:         return %[[R]] : i32
func.func @caller(%a: i32, %b: i32) -> i32 {
  %0 = func.call @callee(%a) : (i32) -> i32
  return %0 : i32
}

// CHECK: func.func private @callee(i32) -> i32
func.func private @callee(i32) -> i32

// CHECK-LABEL: func.func @with_attrs(
// CHECK-SAME:      %{{.*}}: i32 {foo.bar}) -> (i32 {foo.baz = 1 : i64}) attributes {foo.fn} {
func.func @with_attrs(%a: i32 {foo.bar}) -> (i32 {foo.baz = 1}) attributes {foo.fn} {
  return %a : i32
}

// CHECK-LABEL: func.func @indirect(
// CHECK:         %[[F:.*]] = constant @callee : (i32) -> i32
// CHECK:         call_indirect %[[F]](%{{.*}}) : (i32) -> i32
func.func @indirect(%x: i32) -> i32 {
  %f = func.constant @callee : (i32) -> i32
  %r = func.call_indirect %f(%x) : (i32) -> i32
  return %r : i32
}
