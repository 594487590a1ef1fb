// RUN: pyopt %s -inline='default-pipeline=' | filecheck %s --check-prefix=NOSIMP
// RUN: pyopt %s -inline='inlining-threshold=0' | filecheck %s --check-prefix=NEVER
// RUN: pyopt %s -inline='op-pipelines=func.func(cse)' | filecheck %s --check-prefix=OPPIPE

// Without simplification the constants stay as they are; both private callees are consumed.
// NOSIMP-NOT:  func.func private
// NOSIMP-LABEL: func.func @root(
// NOSIMP-NEXT:   %[[C:.*]] = arith.constant 3 : i32
// NOSIMP-NEXT:   %[[D:.*]] = arith.constant 3 : i32
// NOSIMP-NEXT:   %[[S:.*]] = arith.addi %[[C]], %[[D]] : i32
// NOSIMP-NEXT:   %[[A:.*]] = arith.addi %arg0, %arg0 : i32
// NOSIMP-NEXT:   %[[B:.*]] = arith.addi %[[A]], %[[A]] : i32
// NOSIMP-NEXT:   %[[R:.*]] = arith.addi %[[B]], %[[S]] : i32
// NOSIMP-NEXT:   return %[[R]] : i32

// A zero threshold inlines nothing, but callables are still simplified.
// NEVER-LABEL: func.func private @twice(
// NEVER-LABEL: func.func private @via_twice(
// NEVER-NEXT:    call @twice
// NEVER-NEXT:    call @twice
// NEVER-LABEL: func.func @root(
// NEVER-NEXT:    %[[C:.*]] = arith.constant 6 : i32
// NEVER-NEXT:    %[[V:.*]] = call @via_twice(%arg0)
// NEVER-NEXT:    arith.addi %[[V]], %[[C]] : i32

// A pipeline for func.func replaces the default one: cse merges the equal constants, nothing
// folds them.
// OPPIPE-LABEL: func.func @root(
// OPPIPE-NEXT:   %[[C:.*]] = arith.constant 3 : i32
// OPPIPE-NEXT:   %[[S:.*]] = arith.addi %[[C]], %[[C]] : i32
// OPPIPE-NEXT:   %[[A:.*]] = arith.addi %arg0, %arg0 : i32
// OPPIPE-NEXT:   %[[B:.*]] = arith.addi %[[A]], %[[A]] : i32
// OPPIPE-NEXT:   arith.addi %[[B]], %[[S]] : i32

func.func private @twice(%a: i32) -> i32 {
  %0 = arith.addi %a, %a : i32
  return %0 : i32
}

func.func private @via_twice(%a: i32) -> i32 {
  %0 = call @twice(%a) : (i32) -> i32
  %1 = call @twice(%0) : (i32) -> i32
  return %1 : i32
}

func.func @root(%a: i32) -> i32 {
  %c = arith.constant 3 : i32
  %d = arith.constant 3 : i32
  %s = arith.addi %c, %d : i32
  %0 = call @via_twice(%a) : (i32) -> i32
  %1 = arith.addi %0, %s : i32
  return %1 : i32
}
