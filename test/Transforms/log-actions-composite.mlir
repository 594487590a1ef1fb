// RUN: pyopt %s --log-actions-to=- --composite-fixed-point-pass='name=Fixpoint pipeline=any(canonicalize)' 2>/dev/null | filecheck %s
// RUN: pyopt %s --log-actions-to=- -pass-pipeline='builtin.module(func.func(cse))' 2>&1 | filecheck %s --check-prefix=NEST

// The composite pass is logged under its name; it runs its pipeline on the functions (via an
// adaptor) a second time because the first run folded the addition.
// CHECK: Action `pass-execution` running `Fixpoint` on Operation `builtin.module` (module {...})`
// CHECK-NEXT: running `mlir::detail::OpToOpPassAdaptor`
// CHECK-NEXT: running `Canonicalizer` on Operation `func.func` (func.func @fold() -> i32 {...})`
// CHECK-NEXT: Action GreedyPatternRewriteIteration(1) (Region #0 for op func.func @fold() -> i32 {...})`
// CHECK: completed `pass-execution`
// CHECK: running `mlir::detail::OpToOpPassAdaptor`
// CHECK: completed `pass-execution`
// CHECK-NEXT: completed `pass-execution`
// CHECK-NEXT: completed `pass-execution`
// CHECK-NEXT: module {

// NEST: ExecutionContext registered on the context
// NEST: running `CSE` on Operation `func.func`
func.func @fold() -> i32 {
  %a = arith.constant 1 : i32
  %b = arith.addi %a, %a : i32
  return %b : i32
}
