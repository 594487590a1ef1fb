// A failing pipeline leaves a reproducer (the IR before the pipeline plus the pipeline, as
// an mlir_reproducer resource) that --run-reproducer replays; --mlir-generate-reproducer
// writes one after a successful run.
// RUN: rm -rf %t && mkdir -p %t
// RUN: not pyopt %s --allow-unregistered-dialect --pass-pipeline='builtin.module(func.func(cse),symbol-dce)' --mlir-pass-pipeline-crash-reproducer=%t/crash.mlir -o /dev/null 2>&1 | filecheck %s --check-prefix=ERR
// RUN: filecheck %s --check-prefix=CRASH < %t/crash.mlir
// RUN: not pyopt %t/crash.mlir --allow-unregistered-dialect --run-reproducer -o /dev/null 2>&1 | filecheck %s --check-prefix=REPLAY
// RUN: not pyopt %s --allow-unregistered-dialect --pass-pipeline='builtin.module(func.func(cse),symbol-dce)' --mlir-pass-pipeline-crash-reproducer=%t/local.mlir --mlir-pass-pipeline-local-reproducer --mlir-disable-threading -o /dev/null 2>&1 | filecheck %s --check-prefix=LOCAL-ERR
// RUN: filecheck %s --check-prefix=LOCAL < %t/local.mlir
// RUN: pyopt %s --allow-unregistered-dialect --cse --mlir-generate-reproducer=%t/gen.mlir -o /dev/null
// RUN: filecheck %s --check-prefix=GEN < %t/gen.mlir

func.func @dup(%x: i32) -> i32 {
  %a = arith.addi %x, %x : i32
  %b = arith.addi %x, %x : i32
  %s = arith.muli %a, %b : i32
  return %s : i32
}
"mystery.table"() ({
  func.func private @hidden()
}) : () -> ()

// ERR:      error: operation contains potentially unknown symbol table
// ERR:      error: Failures have been detected while processing an MLIR pass pipeline
// ERR:      note: Pipeline failed while executing {{.}}`SymbolDCE` on 'builtin.module' operation{{.}}: reproducer generated at `{{.*}}crash.mlir`

// The IR as it was before CSE ran.
// CRASH:      %1 = arith.addi %arg0, %arg0 : i32
// CRASH:      {-#
// CRASH-NEXT:   external_resources: {
// CRASH-NEXT:     mlir_reproducer: {
// CRASH-NEXT:       pipeline: "builtin.module(func.func(cse), symbol-dce)",
// CRASH-NEXT:       disable_threading: false,
// CRASH-NEXT:       verify_each: true
// CRASH-NEXT:     }
// CRASH-NEXT:   }
// CRASH-NEXT: #-}

// REPLAY: error: operation contains potentially unknown symbol table

// LOCAL-ERR: note: Pipeline failed while executing `SymbolDCE` on 'builtin.module' operation: reproducer generated at

// The local reproducer starts right before the failing pass.
// LOCAL:     %1 = arith.muli %0, %0 : i32
// LOCAL:     pipeline: "builtin.module(symbol-dce)",
// LOCAL-NEXT: disable_threading: true,

// GEN:     %1 = arith.muli %0, %0 : i32
// GEN:     pipeline: "builtin.module(any(cse))",
// GEN-NEXT: disable_threading: false,
// GEN-NEXT: verify_each: false
