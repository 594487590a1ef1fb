// RUN: pyopt %s -allow-unregistered-dialect | filecheck %s
// RUN: pyopt %s -allow-unregistered-dialect -mlir-print-op-generic | filecheck %s --check-prefix=GEN
// An op whose region is printed in short form when it holds the special op, and an op
// naming its blocks.

// CHECK-LABEL: func @short
// CHECK: %[[S:.*]] = test.pretty_printed_region %arg0, %arg1 start test.special.op end : (i8, i8) -> i8
// CHECK: test.pretty_printed_region %[[S]], %arg0 (
// CHECK-NEXT: ^bb0(%{{.*}}: i8, %{{.*}}: i8):
// CHECK-NEXT: "test.other.op"
// GEN: "test.pretty_printed_region"(%arg0, %arg1) ({
// GEN-NEXT: ^bb0(%[[A:[^:]*]]: i8, %[[B:[^:]*]]: i8):
// GEN-NEXT: "test.special.op"(%[[A]], %[[B]]) : (i8, i8) -> i8
func.func @short(%a: i8, %b: i8) -> i8 {
  %s = test.pretty_printed_region %a, %b start test.special.op end : (i8, i8) -> i8
  %t = test.pretty_printed_region %s, %a ({
  ^bb0(%x: i8, %y: i8):
    %z = "test.other.op"(%x, %y) : (i8, i8) -> i8
    "test.return"(%z) : (i8) -> ()
  }) : (i8, i8) -> i8
  return %t : i8
}

// CHECK-LABEL: func @names
// CHECK: test.block_names {
// CHECK-NEXT: cf.br ^foo1
// CHECK-NEXT: ^foo1:
// GEN: "cf.br"()[^bb1]
func.func @names() {
  test.block_names {
    cf.br ^next
  ^next:
    "test.return"() : () -> ()
  }
  return
}
