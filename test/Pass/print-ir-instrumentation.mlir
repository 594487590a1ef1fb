// IR dumps around passes, as mlir-opt 19 writes them: headers, module scope, only-on-change,
// only-on-failure, and the threading requirement of module scope.
// RUN: pyopt %s --allow-unregistered-dialect --pass-pipeline='builtin.module(func.func(cse))' --mlir-print-ir-after=cse --mlir-print-ir-module-scope --mlir-disable-threading -o /dev/null 2>&1 | filecheck %s --strict-whitespace --check-prefix=SCOPE
// RUN: pyopt %s --allow-unregistered-dialect --pass-pipeline='builtin.module(func.func(cse,cse))' --mlir-print-ir-after-all --mlir-print-ir-after-change -o /dev/null 2>&1 | filecheck %s --check-prefix=CHANGE
// RUN: not pyopt %s --allow-unregistered-dialect --pass-pipeline='builtin.module(func.func(cse),symbol-dce)' --mlir-print-ir-after-failure -o /dev/null 2>&1 | filecheck %s --check-prefix=FAILURE
// RUN: not pyopt %s --allow-unregistered-dialect --pass-pipeline='builtin.module(func.func(cse),symbol-dce)' --mlir-print-ir-after-all -o /dev/null 2>&1 | filecheck %s --check-prefix=ALL
// RUN: not pyopt %s --allow-unregistered-dialect --cse --mlir-print-ir-module-scope -o /dev/null 2>&1 | filecheck %s --check-prefix=THREADS

func.func @sum(%x: i32) -> i32 {
  %a = arith.addi %x, %x : i32
  %b = arith.addi %x, %x : i32
  %s = arith.muli %a, %b : i32
  return %s : i32
}
"other.table"() ({
  func.func private @inner()
}) : () -> ()

// Module scope names the op the pass ran on and prints the whole module.
// SCOPE:      // -----// IR Dump After CSE (cse) ('func.func' operation: @sum) //----- //
// SCOPE-NEXT: module {
// SCOPE-NEXT:   func.func @sum(%arg0: i32) -> i32 {
// SCOPE-NEXT:     %0 = arith.addi %arg0, %arg0 : i32
// SCOPE-NEXT:     %1 = arith.muli %0, %0 : i32
// SCOPE-NEXT:     return %1 : i32
// SCOPE-NEXT:   }
// SCOPE-NEXT:   "other.table"() ({
// SCOPE-NEXT:     func.func private @inner()
// SCOPE-NEXT:   }) : () -> ()
// SCOPE-NEXT: }
// SCOPE-EMPTY:
// SCOPE-EMPTY:

// The second CSE changes nothing: no dump for it.
// CHANGE:     // -----// IR Dump After CSE (cse) //----- //
// CHANGE-NEXT: func.func @sum(%arg0: i32) -> i32 {
// CHANGE-NOT: IR Dump

// Only the failing pass is dumped, after its diagnostic.
// FAILURE-NOT: IR Dump After CSE
// FAILURE:     error: operation contains potentially unknown symbol table
// FAILURE:     note: see current operation:
// FAILURE:     // -----// IR Dump After SymbolDCE Failed (symbol-dce) //----- //
// FAILURE-NEXT: module {

// ALL:     // -----// IR Dump After CSE (cse) //----- //
// ALL:     // -----// IR Dump After SymbolDCE Failed (symbol-dce) //----- //

// THREADS: <unknown>:0: error: IR print for module scope can't be setup on a pass-manager without disabling multi-threading first.
