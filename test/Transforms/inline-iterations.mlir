// RUN: pyopt %s -inline | filecheck %s --check-prefix=FOUR
// RUN: pyopt %s -inline='max-iterations=1' | filecheck %s --check-prefix=ONE

// FOUR-NOT:  func.func private
// FOUR-LABEL: func.func @root(
// FOUR-NEXT:   %[[C:.*]] = arith.constant 1 : i32
// FOUR-NEXT:   %[[R:.*]] = arith.addi %arg0, %[[C]] : i32
// FOUR-NEXT:   return %[[R]] : i32

// ONE-LABEL: func.func private @inc(
// ONE-NOT:   func.func private @apply
// ONE-LABEL: func.func @root(
// ONE-NEXT:    %[[F:.*]] = constant @inc : (i32) -> i32
// ONE-NEXT:    %[[R:.*]] = call_indirect %[[F]](%arg0) : (i32) -> i32
// ONE-NEXT:    return %[[R]] : i32

// The function value only becomes a known callee after @apply is inlined and the result is
// simplified again: that takes a second round of simplification and inlining.
func.func private @inc(%x: i32) -> i32 {
  %c1 = arith.constant 1 : i32
  %0 = arith.addi %x, %c1 : i32
  return %0 : i32
}

func.func private @apply(%f: (i32) -> i32, %x: i32) -> i32 {
  %0 = func.call_indirect %f(%x) : (i32) -> i32
  return %0 : i32
}

func.func @root(%x: i32) -> i32 {
  %f = func.constant @inc : (i32) -> i32
  %0 = call @apply(%f, %x) : ((i32) -> i32, i32) -> i32
  return %0 : i32
}
