// The command line of pytranslate follows mlir-translate 19 (llvm::cl): its messages for
// unknown or malformed arguments, exit code 1, nothing translated.
// RUN: not pytranslate --mlir-to-llvmir --frobnicate %s 2>&1 | filecheck %s --check-prefix=UNKNOWN
// RUN: not pytranslate --mlir-to-llvm %s 2>&1 | filecheck %s --check-prefix=NEAR
// RUN: not pytranslate %s 2>&1 | filecheck %s --check-prefix=NONE
// RUN: not pytranslate --mlir-to-llvmir=yes %s 2>&1 | filecheck %s --check-prefix=NOVALUE
// RUN: not pytranslate --mlir-to-llvmir --no-implicit-module=maybe %s 2>&1 | filecheck %s --check-prefix=BOOL
// RUN: not pytranslate --mlir-to-llvmir --mlir-elide-elementsattrs-if-larger=-3 %s 2>&1 | filecheck %s --check-prefix=UINT
// RUN: not pytranslate --mlir-to-llvmir --mlir-print-elementsattrs-with-hex-if-larger=ten %s 2>&1 | filecheck %s --check-prefix=LONG
// RUN: not pytranslate --mlir-to-llvmir --mlir-timing-display=flat %s 2>&1 | filecheck %s --check-prefix=ENUM
// RUN: not pytranslate --mlir-to-llvmir %s -o 2>&1 | filecheck %s --check-prefix=NEEDVAL
// RUN: not pytranslate --mlir-to-llvmir %s %s 2>&1 | filecheck %s --check-prefix=POSITIONAL
// RUN: not pytranslate --mlir-to-llvmir %s -ofile.ll 2>&1 | filecheck %s --check-prefix=GROUP
// Values after `=` or as the next argument, one or two dashes, `--` ends the options.
// RUN: pytranslate -mlir-to-llvmir -mlir-elide-elementsattrs-if-larger 0x10 --no-implicit-module=false -- %s | filecheck %s
// RUN: pytranslate --help | filecheck %s --check-prefix=HELP
// RUN: pytranslate --help-hidden | filecheck %s --check-prefix=HIDDEN
// RUN: pytranslate --mlir-to-llvmir --frobnicate --version | filecheck %s --check-prefix=VERSION

// UNKNOWN: pytranslate: Unknown command line argument '--frobnicate'.  Try: '{{.*}}pytranslate --help'
// UNKNOWN-NEXT: pytranslate: Did you mean '-o'?
// NEAR: pytranslate: Did you mean '--mlir-to-llvmir'?
// NEAR-NEXT: Translations to perform option: must be specified at least once!
// NONE: Translations to perform option: must be specified at least once!
// NOVALUE: Translations to perform option: does not allow a value! 'yes' specified.
// BOOL: pytranslate: for the --no-implicit-module option: 'maybe' is invalid value for boolean argument! Try 0 or 1
// UINT: pytranslate: for the --mlir-elide-elementsattrs-if-larger option: '-3' value invalid for uint argument!
// LONG: pytranslate: for the --mlir-print-elementsattrs-with-hex-if-larger option: 'ten' value invalid for long argument!
// ENUM: pytranslate: for the --mlir-timing-display option: Cannot find option named 'flat'!
// NEEDVAL: pytranslate: for the -o option: requires a value!
// POSITIONAL: pytranslate: Too many positional arguments specified!
// POSITIONAL-NEXT: Can specify at most 1 positional arguments: See: {{.*}}pytranslate --help
// GROUP: pytranslate: for the -o option: may not occur within a group!
// GROUP-NEXT: pytranslate: Unknown command line argument '-ofile.ll'.

// CHECK: define void @answer()

// HELP: OVERVIEW: MLIR Translation Testing Tool
// HELP-NEXT: USAGE: pytranslate [options] <input file>
// HELP: General options:
// HELP-EMPTY:
// HELP-NEXT:   --allow-unregistered-dialect {{ +}} - Allow operation with no registered dialects
// HELP:        --mlir-timing-display=<value> {{ +}} - Display method for timing data
// HELP-NEXT:     =list {{ +}} -   display the results in a list sorted by total time
// HELP:        -o <filename> {{ +}} - Output filename
// HELP:        --split-input-file[=<string>] {{ +}} - Split the input file into chunks
// HELP-NEXT:   Translations to perform
// HELP-NEXT:       --import-llvm {{ +}} - Translate LLVMIR to MLIR
// HELP-NEXT:       --mlir-to-llvmir {{ +}} - Translate MLIR to LLVMIR
// HELP-NEXT:   --verify-diagnostics
// HELP:      Generic Options:
// HELP-EMPTY:
// HELP-NEXT:   --help {{ +}} - Display available options (--help-hidden for more)
// HELP-NOT: --mlir-print-op-generic
// HIDDEN: --mlir-print-op-generic
// HIDDEN: --help-list-hidden
// The unknown argument after the version request is never looked at.
// VERSION: pytranslate version
// VERSION-NEXT: MLIR/LLVM 19.1.7

llvm.func @answer() {
  llvm.return
}
