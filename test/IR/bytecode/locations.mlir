// Locations survive the bytecode round trip.
// RUN: pyopt %s --emit-bytecode | pyopt --mlir-print-debuginfo --mlir-print-local-scope | filecheck %s

// CHECK-DAG: "x.c":3:4
// CHECK-DAG: fused["y.c":1:2, "n"("z.c":5:6)]
// CHECK-DAG: callsite("a":1:1 at "b":2:2)
// CHECK-DAG: loc(unknown)
func.func @f(%a: i32 loc("x.c":3:4)) -> i32 {
  %0 = arith.addi %a, %a : i32 loc(callsite("a":1:1 at "b":2:2))
  %1 = arith.muli %0, %0 : i32 loc(unknown)
  return %1 : i32 loc(fused["y.c":1:2, "n"("z.c":5:6)])
}
