// --opt-reduction-pass runs its opt-pass pipeline once and keeps the result when it is
// smaller and still interesting, as mlir-reduce's.
// RUN: pyreduce %s '--opt-reduction-pass=opt-pass=symbol-dce test=%S/Inputs/grep-test.sh test-arg=arith.remui' | filecheck %s
// Two reduction passes in one pipeline run in order.
// RUN: pyreduce %s '--opt-reduction-pass=opt-pass=symbol-dce test=%S/Inputs/grep-test.sh test-arg=arith.remui' '--reduction-tree=test=%S/Inputs/grep-test.sh test-arg=arith.remui' | filecheck %s --check-prefix=BOTH
// A pipeline that would lose the property leaves the input as it is.
// RUN: pyreduce %s '--opt-reduction-pass=opt-pass=symbol-privatize,symbol-dce test=%S/Inputs/grep-test.sh test-arg=arith.remui' | filecheck %s --check-prefix=KEEP

// CHECK-NOT:   @unused
// CHECK-LABEL: func.func @f(
// CHECK:         arith.remui
// CHECK:         arith.addi

// BOTH:      module {
// BOTH-NEXT:   func.func @f(%[[A:.*]]: i32) {
// BOTH-NEXT:     arith.remui %[[A]], %[[A]] : i32
// BOTH-NEXT:     return
// BOTH-NEXT:   }
// BOTH-NEXT: }

// KEEP: func.func private @unused
// KEEP: func.func @f(

func.func private @unused(%x: i32) -> i32 {
  %0 = arith.muli %x, %x : i32
  return %0 : i32
}

func.func @f(%a: i32, %b: i32) -> i32 {
  %0 = arith.remui %a, %b : i32
  %1 = arith.addi %0, %a : i32
  return %1 : i32
}
