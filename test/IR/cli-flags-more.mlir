// More mlir-opt 19 driver flags: values checked as llvm::cl checks them, printing options.
// RUN: pyopt %s --allow-unregistered-dialect --mlir-print-elementsattrs-with-hex-if-larger=3 | filecheck %s --check-prefix=HEX
// RUN: pyopt %s --allow-unregistered-dialect --mlir-print-elementsattrs-with-hex-if-larger=-1 | filecheck %s --check-prefix=NOHEX
// RUN: not pyopt %s --allow-unregistered-dialect --cse --mlir-print-ir-before=cse,no-such-pass 2>&1 | filecheck %s --check-prefix=BADNAME
// RUN: pyopt %s --allow-unregistered-dialect --verify-each --cse | filecheck %s --check-prefix=HEX-DEFAULT
// RUN: not pyopt %s --mlir-print-op-on-diagnostic=perhaps 2>&1 | filecheck %s --check-prefix=BADBOOL
// RUN: pyopt %s --allow-unregistered-dialect --load-pass-plugin=%t.missing.py --color --mlir-enable-debugger-hook --mlir-print-stacktrace-on-diagnostic 2>&1 | filecheck %s --check-prefix=PLUGIN
// RUN: not pyopt %s --allow-unregistered-dialect --pass-pipeline='builtin.module(symbol-dce)' --mlir-print-op-on-diagnostic=false 2>&1 | filecheck %s --check-prefix=NOOP
// RUN: not pyopt %s --allow-unregistered-dialect --pass-pipeline='builtin.module(symbol-dce)' 2>&1 | filecheck %s --check-prefix=OPNOTE

func.func @f() -> tensor<4xi16> {
  %c = arith.constant dense<[1, 2, 3, 4]> : tensor<4xi16>
  return %c : tensor<4xi16>
}
"opaque.table"() ({
}) : () -> ()

// HEX: dense<"0x0100020003000400"> : tensor<4xi16>
// NOHEX: dense<[1, 2, 3, 4]> : tensor<4xi16>
// HEX-DEFAULT: dense<[1, 2, 3, 4]> : tensor<4xi16>
// BADNAME: pyopt: for the --mlir-print-ir-before option: Cannot find option named 'no-such-pass'!
// BADBOOL: pyopt: for the --mlir-print-op-on-diagnostic option: 'perhaps' is invalid value for boolean argument! Try 0 or 1
// PLUGIN: Failed to load passes from '{{.*}}.missing.py'. Request ignored.
// PLUGIN: func.func @f()

// NOOP: error: operation contains potentially unknown symbol table
// NOOP-NOT: see current operation
// OPNOTE: error: operation contains potentially unknown symbol table
// OPNOTE: note: see current operation:
