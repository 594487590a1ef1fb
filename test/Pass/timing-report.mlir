// --mlir-timing lays its report out as mlir-opt 19 does: the same header, columns, names and
// nesting (pipelines, passes, analyses), only the times are ours.
// RUN: pyopt %s --pass-pipeline='builtin.module(func.func(cse,canonicalize),symbol-dce)' --mlir-timing --mlir-disable-threading -o /dev/null 2>&1 | filecheck %s --strict-whitespace --check-prefix=TREE
// RUN: pyopt %s --pass-pipeline='builtin.module(func.func(cse,canonicalize),symbol-dce)' --mlir-timing -o /dev/null 2>&1 | filecheck %s --strict-whitespace --check-prefix=THREADS
// RUN: pyopt %s --pass-pipeline='builtin.module(func.func(cse),llvm.func(cse))' --mlir-timing --mlir-disable-threading --mlir-output-format=json -o /dev/null 2>&1 | filecheck %s --strict-whitespace --check-prefix=JSON
// RUN: pyopt %s --cse --mlir-timing --mlir-timing-display=list -o /dev/null 2>&1 | filecheck %s --strict-whitespace --check-prefix=LIST
// RUN: not pyopt %s --mlir-timing-display=flat 2>&1 | filecheck %s --check-prefix=BAD
// RUN: not pyopt %s --mlir-output-format=yaml 2>&1 | filecheck %s --check-prefix=BAD-FORMAT

func.func @twice(%x: i32) -> i32 {
  %a = arith.muli %x, %x : i32
  %b = arith.muli %x, %x : i32
  %s = arith.addi %a, %b : i32
  return %s : i32
}
func.func private @unused()

// TREE:      ===-------------------------------------------------------------------------===
// TREE-NEXT:                          ... Execution time report ...
// TREE-NEXT: ===-------------------------------------------------------------------------===
// TREE-NEXT:   Total Execution Time: {{[0-9]+\.[0-9][0-9][0-9][0-9]}} seconds
// TREE-EMPTY:
// TREE-NEXT:   ----Wall Time----  ----Name----
// TREE-NEXT: {{^ +[0-9]+\.[0-9][0-9][0-9][0-9] \( *[0-9]+\.[0-9]%\)}}  Parser
// TREE-NEXT: {{^ +[0-9]+\.[0-9][0-9][0-9][0-9] \( *[0-9]+\.[0-9]%\)}}  'func.func' Pipeline
// TREE-NEXT: {{^ +[0-9]+\.[0-9][0-9][0-9][0-9] \( *[0-9]+\.[0-9]%\)}}    CSE
// TREE-NEXT: {{^ +[0-9]+\.[0-9][0-9][0-9][0-9] \( *[0-9]+\.[0-9]%\)}}      (A) DominanceInfo
// TREE-NEXT: {{^ +[0-9]+\.[0-9][0-9][0-9][0-9] \( *[0-9]+\.[0-9]%\)}}    Canonicalizer
// TREE-NEXT: {{^ +[0-9]+\.[0-9][0-9][0-9][0-9] \( *[0-9]+\.[0-9]%\)}}  SymbolDCE
// TREE-NEXT: {{^ +[0-9]+\.[0-9][0-9][0-9][0-9] \( *[0-9]+\.[0-9]%\)}}  Output
// TREE-NEXT: {{^ +-?[0-9]+\.[0-9][0-9][0-9][0-9] \( *-?[0-9]+\.[0-9]%\)}}  Rest
// TREE-NEXT: {{^ +[0-9]+\.[0-9][0-9][0-9][0-9] \(100\.0%\)}}  Total

// Two functions would run on two threads in mlir-opt: the report gets a user-time column.
// THREADS:      ----User Time----  ----Wall Time----  ----Name----
// THREADS-NEXT: {{^ +[0-9.]+ \( *[0-9.]+%\) +[0-9.]+ \( *[0-9.]+%\)}}  Parser
// THREADS-NEXT: {{^ +[0-9.]+ \( *[0-9.]+%\) +[0-9.]+ \( *[0-9.]+%\)}}  'func.func' Pipeline
// THREADS-NEXT: {{^ +[0-9.]+ \( *[0-9.]+%\) +[0-9.]+ \( *[0-9.]+%\)}}    CSE
// THREADS:      {{^ +[0-9.]+ \(100\.0%\) +[0-9.]+ \(100\.0%\)}}  Total

// Adjacent nested pipelines share one adaptor, named when it holds more than one pipeline;
// a pipeline that ran on no op has no timer.
// JSON:      [
// JSON-NEXT: {"wall": {"duration": {{ *[0-9.]+}}, "percentage": {{ *[0-9.]+}}}, "name": "Parser", "passes": [
// JSON-NEXT: {}]},
// JSON-NEXT: {"wall": {"duration": {{ *[0-9.]+}}, "percentage": {{ *[0-9.]+}}}, "name": "Pipeline Collection : ['func.func', 'llvm.func']", "passes": [
// JSON-NEXT:   {"wall": {"duration": {{ *[0-9.]+}}, "percentage": {{ *[0-9.]+}}}, "name": "'func.func' Pipeline", "passes": [
// JSON-NEXT:     {"wall": {"duration": {{ *[0-9.]+}}, "percentage": {{ *[0-9.]+}}}, "name": "CSE", "passes": [
// JSON-NEXT:       {"wall": {"duration": {{ *[0-9.]+}}, "percentage": {{ *[0-9.]+}}}, "name": "(A) DominanceInfo", "passes": [
// JSON-NEXT:       {}]},
// JSON-NEXT:     {}]},
// JSON-NEXT:   {}]},
// JSON-NEXT: {}]},
// JSON-NEXT: {"wall": {"duration": {{ *[0-9.]+}}, "percentage": {{ *[0-9.]+}}}, "name": "Output", "passes": [
// JSON-NEXT: {}]},
// JSON-NEXT: {"wall": {"duration": {{ *-?[0-9.]+}}, "percentage": {{ *-?[0-9.]+}}}, "name": "Rest"},
// JSON-NEXT: {"wall": {"duration": {{ *[0-9.]+}}, "percentage": 100.0}, "name": "Total"}
// JSON-NEXT: ]

// The list merges timers by name (the hidden root too) and sorts them by time.
// LIST:      ----Wall Time----  ----Name----
// LIST-NEXT: {{^ +[0-9.]+ \(100\.0%\)}}  root
// LIST-DAG:  {{^ +[0-9.]+ \( *[0-9.]+%\)}}  Parser
// LIST-DAG:  {{^ +[0-9.]+ \( *[0-9.]+%\)}}  CSE
// LIST-DAG:  {{^ +[0-9.]+ \( *[0-9.]+%\)}}  (A) DominanceInfo
// LIST-DAG:  {{^ +[0-9.]+ \( *[0-9.]+%\)}}  Output
// LIST:      {{^ +-?[0-9.]+ \( *-?[0-9.]+%\)}}  Rest
// LIST-NEXT: {{^ +[0-9.]+ \(100\.0%\)}}  Total

// BAD: pyopt: for the --mlir-timing-display option: Cannot find option named 'flat'!
// BAD-FORMAT: pyopt: for the --mlir-output-format option: Cannot find option named 'yaml'!
