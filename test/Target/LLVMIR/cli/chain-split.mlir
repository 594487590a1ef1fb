// Several translations run one after the other, each reading what the previous wrote (as
// mlir-translate 19 does); a custom split marker; a near miss of the marker is a warning.
// RUN: pytranslate --mlir-to-llvmir --import-llvm %S/Inputs/two-chunks.mlir --split-input-file='// =====' --output-split-marker=NEXT 2>&1 | filecheck %s
// RUN: not pytranslate --mlir-to-llvmir --mlir-to-llvmir %s 2>&1 | filecheck %s --check-prefix=TWICE
// RUN: not pytranslate --import-llvm %s 2>&1 | filecheck %s --check-prefix=WRONG
// RUN: pytranslate --mlir-to-llvmir %S/Inputs/two-chunks.mlir --split-input-file='// =====' --mlir-timing --mlir-timing-display=list -o %t.ll 2>&1 | filecheck %s --check-prefix=TIME
// RUN: pytranslate --mlir-to-llvmir %s --mlir-timing --mlir-output-format=json -o %t.ll 2>&1 | filecheck %s --check-prefix=JSON

// CHECK: two-chunks.mlir:4:7: warning: near miss with file split marker
// CHECK-NEXT: // ===x
// CHECK-NEXT: {{^      \^$}}
// CHECK: module attributes
// CHECK:   llvm.func @first()
// CHECK: NEXT
// CHECK:   llvm.func @second() -> i32
// CHECK-NOT: llvm.func

llvm.func @answer() {
  llvm.return
}

// The second translation reads LLVM IR text as MLIR: an error in the unnamed buffer.
// TWICE: -:1:1: error: unexpected character
// TWICE-NOT: ^

// MLIR given to the LLVM IR reader: LLVM's own diagnostic inside an unknown-location error.
// WRONG: <unknown>:0: error: {{.*}}chain-split.mlir:1:1: error: expected top-level entity
// WRONG-NEXT: // Several translations
// WRONG-NEXT: ^
// WRONG-EMPTY:
// WRONG-EMPTY:

// TIME:      ... Execution time report ...
// TIME:        Total Execution Time: {{[0-9.]+}} seconds
// TIME-EMPTY:
// TIME-NEXT:   ----Wall Time----  ----Name----
// TIME-DAG:    {{ +[0-9.]+ \(100.0%\)}}  root
// TIME-DAG:    {{ +[0-9.]+ \( *[0-9.]+%\)}}  Translate MLIR to LLVMIR
// TIME:        {{ +[0-9.]+ \( *[0-9.]+%\)}}  Rest
// TIME-NEXT:   {{ +[0-9.]+ \(100.0%\)}}  Total

// JSON:      [
// JSON-NEXT: {"wall": {"duration": {{ *[0-9.]+}}, "percentage": {{ *[0-9.]+}}}, "name": "Translate MLIR to LLVMIR", "passes": [
// JSON-NEXT: {}]},
// JSON-NEXT: {"wall": {{.*}}, "name": "Rest"},
// JSON-NEXT: {"wall": {{.*}}, "name": "Total"}
// JSON-NEXT: ]
