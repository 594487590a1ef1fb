// RUN: pyopt %s -p 'builtin.module(func.func(canonicalize))' | filecheck %s
// RUN: pyopt %s -p='builtin.module(func.func(canonicalize))' | filecheck %s

// `-p` is mlir-opt's short name for --pass-pipeline.
// CHECK-LABEL: func.func @fold
// CHECK-NEXT: %[[C:.*]] = arith.constant 5 : i32
// CHECK-NEXT: return %[[C]]
func.func @fold() -> i32 {
  %a = arith.constant 2 : i32
  %b = arith.constant 3 : i32
  %s = arith.addi %a, %b : i32
  return %s : i32
}
