// RUN: pyopt %s -test-cf-assert | filecheck %s
// RUN: pyopt %s -test-cf-assert -convert-func-to-llvm | pyrunner -e main -entry-point-result=void | filecheck %s --check-prefix=OUT

// test-cf-assert lowers cf.assert without the abort: a failed assertion prints its message
// and the program goes on.

// CHECK-LABEL: func.func @check
// CHECK: llvm.cond_br %arg0, ^[[CONT:.*]], ^[[FAIL:.*]]
// CHECK: ^[[CONT]]:
// CHECK: ^[[FAIL]]:
// CHECK: llvm.call @puts
// CHECK-NOT: abort
// CHECK: llvm.br ^[[CONT]]
func.func @check(%c: i1) {
  cf.assert %c, "first check failed"
  return
}

// OUT: first check failed
// OUT-NEXT: first check failed
// OUT-NOT: abort
func.func @main() {
  %f = arith.constant false
  %t = arith.constant true
  call @check(%f) : (i1) -> ()
  call @check(%t) : (i1) -> ()
  call @check(%f) : (i1) -> ()
  return
}
