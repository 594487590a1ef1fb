// RUN: pyopt %s -mlir-print-debuginfo -mlir-pretty-debuginfo | filecheck %s

// Pretty locations are written inline, but aliases are still defined for them and for the
// locations inside them (which are referenced through those aliases); argument locations
// (affine.for induction variables too) are defined at the top.
func.func @f(%a: i32) -> i32 {
  %0 = arith.addi %a, %a : i32 loc(fused["x.c":1:2, "y.c":3:4])
  %1 = arith.muli %0, %0 : i32 loc(callsite("f"("a.c":1:1) at "b.c":2:2))
  return %1 : i32 loc(unknown)
}

func.func @loop(%n: index) {
  affine.for %i = 0 to %n {
  } loc("l.c":5:5)
  return
}

// CHECK: #[[ARG:loc[0-9]*]] = {{.*}}pretty-debuginfo.mlir:
// CHECK: func.func @f(%arg0: i32 {{.*}}pretty-debuginfo.mlir:{{[0-9]+}}:{{[0-9]+}}) -> i32 {
// CHECK-NEXT: arith.addi %arg0, %arg0 : i32 [#[[X:loc[0-9]*]], #[[Y:loc[0-9]*]]]
// CHECK-NEXT: arith.muli %0, %0 : i32 #[[F:loc[0-9]*]] at #[[B:loc[0-9]*]]
// CHECK-NEXT: return %1 : i32 [unknown]
// CHECK: affine.for %arg1 {{.*}}pretty-debuginfo.mlir:{{[0-9]+}}:{{[0-9]+}} = 0 to %arg0 {
// CHECK-NEXT: } l.c:5:5
// CHECK-DAG: #[[X]] = x.c:1:2
// CHECK-DAG: #[[Y]] = y.c:3:4
// CHECK-DAG: #[[A:loc[0-9]*]] = a.c:1:1
// CHECK-DAG: #[[B]] = b.c:2:2
// CHECK-DAG: #{{loc[0-9]*}} = [unknown]
// CHECK-DAG: #{{loc[0-9]*}} = [#[[X]], #[[Y]]]
// CHECK-DAG: #[[F]] = "f"(#[[A]])
// CHECK-DAG: #{{loc[0-9]*}} = #[[F]] at #[[B]]
