// A miscompile by a plugin pass (Inputs/miscompile_pass.py swaps the operands of an
// arith.subi of an arith.muli) reduced to what shows it. The tester lowers each candidate with
// the pass and runs it with pyrunner, and compares what it prints with the expected value (the
// run without the pass; on this input 14313288051337, as mlir-cpu-runner-19 prints it, where
// the pass makes it -17920597210447).
// RUN: pyreduce %s '--reduction-tree=test=%S/Inputs/miscompile-test.sh test-arg=%S/Inputs/miscompile_pass.py' -o %t 2> %t.progress
// RUN: filecheck %s < %t
// RUN: filecheck %s --check-prefix=PROGRESS < %t.progress
// The result still shows the miscompile (the tester exits 1).
// RUN: not %S/Inputs/miscompile-test.sh %S/Inputs/miscompile_pass.py %t

// The calls are inlined or gone; one loop iteration's arithmetic is what goes wrong.
// CHECK:      module {
// CHECK-NEXT:   func.func @main() -> i64 {
// CHECK-COUNT-4:  arith.constant
// CHECK-NEXT:     scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[ACC:.*]] = %{{.*}}) -> (i64) {
// CHECK-NEXT:       %[[M:.*]] = arith.muli %[[ACC]], %[[ACC]] : i64
// CHECK-NEXT:       %[[S:.*]] = arith.subi %[[M]], %[[ACC]] : i64
// CHECK-NEXT:       %[[X:.*]] = arith.xori %[[S]], %[[ACC]] : i64
// CHECK-NEXT:       %[[A:.*]] = arith.addi %[[ACC]], %[[X]] : i64
// CHECK-NEXT:       scf.yield %[[A]] : i64
// CHECK-NEXT:     }
// CHECK-NEXT:     return
// CHECK-NEXT:   }
// CHECK-NEXT: }

// PROGRESS: pyreduce: done: 32 -> 16 lines

func.func private @poly(%x: i64) -> i64 {
  %c3 = arith.constant 3 : i64
  %c11 = arith.constant 11 : i64
  %0 = arith.muli %x, %x : i64
  %1 = arith.muli %0, %c3 : i64
  %2 = arith.addi %1, %c11 : i64
  return %2 : i64
}

func.func private @mix(%a: i64, %b: i64) -> i64 {
  %c5 = arith.constant 5 : i64
  %0 = arith.addi %a, %c5 : i64
  %1 = arith.muli %0, %b : i64
  %2 = arith.subi %1, %a : i64
  %3 = arith.xori %2, %b : i64
  return %3 : i64
}

func.func @main() -> i64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c1_i64 = arith.constant 1 : i64
  %r = scf.for %i = %c0 to %c8 step %c1 iter_args(%acc = %c1_i64) -> (i64) {
    %ii = arith.index_cast %i : index to i64
    %p = func.call @poly(%ii) : (i64) -> i64
    %m = func.call @mix(%p, %acc) : (i64, i64) -> i64
    %s = arith.addi %acc, %m : i64
    scf.yield %s : i64
  }
  return %r : i64
}
