// The textual pipeline and the flag form build the same op-anchored pipeline.
// RUN: pyopt %s --pass-pipeline="builtin.module(func.func(cse,canonicalize{max-iterations=3}))" | filecheck %s
// RUN: pyopt %s -cse -canonicalize=max-iterations=3 | filecheck %s
// RUN: pyopt %s --pass-pipeline="builtin.module(func.func(cse))" --mlir-print-ir-before=cse --mlir-print-ir-after-all -o /dev/null 2>&1 | filecheck %s --check-prefix=DUMP
// RUN: pyopt %s -cse -canonicalize --mlir-print-ir-after-all --mlir-print-ir-after-change -o /dev/null 2>&1 | filecheck %s --check-prefix=CHANGE
// RUN: pyopt %s --pass-pipeline="builtin.module(func.func(cse))" --mlir-timing -o /dev/null 2>&1 | filecheck %s --check-prefix=TIME
// RUN: pyopt %s -cse --mlir-pass-statistics -o /dev/null 2>&1 | filecheck %s --check-prefix=STATS
// RUN: pyopt --list-passes | filecheck %s --check-prefix=LIST

// CHECK-LABEL: func.func @f
// CHECK-NEXT: %[[M:.*]] = arith.muli %arg0, %arg0 : i32
// CHECK-NEXT: return %[[M]] : i32
func.func @f(%a: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %0 = arith.addi %a, %c0 : i32
  %1 = arith.addi %a, %c0 : i32
  %2 = arith.muli %0, %1 : i32
  return %2 : i32
}

// DUMP: // -----// IR Dump Before CSE (cse) //----- //
// DUMP-NEXT: func.func @f(%arg0: i32) -> i32 {
// DUMP: %1 = arith.addi %arg0, %c0_i32 : i32
// DUMP: // -----// IR Dump After CSE (cse) //----- //
// DUMP-NEXT: func.func @f(%arg0: i32) -> i32 {
// DUMP-NOT: %2 =
// DUMP: %1 = arith.muli %0, %0 : i32

// The canonicalizer changes the IR, so its dump follows the CSE one.
// CHANGE: IR Dump After CSE (cse)
// CHANGE-NEXT: module {
// CHANGE: IR Dump After Canonicalizer (canonicalize)
// CHANGE-NEXT: module {
// CHANGE-NEXT: func.func @f(%arg0: i32) -> i32 {
// CHANGE-NEXT: arith.muli %arg0, %arg0

// TIME: Execution time report
// TIME: 'func.func' Pipeline
// TIME: CSE
// TIME: Total

// STATS: Pass statistics report
// STATS: CSE
// STATS-NEXT: (S) 1 num-cse'd - Number of operations CSE'd

// LIST: --canonicalize
// LIST: --max-iterations
// LIST: --cse
// LIST: --symbol-dce
