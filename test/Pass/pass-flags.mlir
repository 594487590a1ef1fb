// Pass flags run in command-line order; unknown flags are diagnosed.
// RUN: pyopt %s --strip-debuginfo --mlir-print-debuginfo | filecheck %s
// RUN: not pyopt %s --no-such-pass 2>&1 | filecheck %s --check-prefix=UNKNOWN
// RUN: pyopt --help | filecheck %s --check-prefix=HELP

// CHECK: func.func private @f() loc(#[[LOC:loc[0-9]*]])
// CHECK: #[[LOC]] = loc(unknown)
func.func private @f() loc("somewhere.c":3:4)

// UNKNOWN: pyopt: Unknown command line argument '--no-such-pass'.
// --help is laid out as mlir-opt 19's (llvm::cl): categories, then the passes with their
// options nested under "Compiler passes to run".
// HELP: OVERVIEW: MLIR modular optimizer driver
// HELP: Available Dialects: {{.*}}arith, {{.*}}builtin, {{.*}}func
// HELP: USAGE: pyopt [options] <input file>
// HELP: General options:
// HELP: -o <filename> {{ +}}- Output filename
// HELP: --split-input-file[=<string>]
// HELP: Compiler passes to run
// HELP-NEXT: Passes:
// HELP: --canonicalize {{ +}}-   Canonicalize operations
// HELP-NEXT: --disable-patterns=<string> {{ +}}- Labels of patterns
// HELP: --max-iterations=<int>
// HELP: --region-simplify=<value>
// HELP-NEXT: =disabled
// HELP: --strip-debuginfo
// HELP: --verify-each {{ +}}- Run the verifier after each transformation pass
// HELP: Generic Options:
// HELP: --version

// Pass flags may come before the input file, with one or two dashes.
// RUN: pyopt -strip-debuginfo %s --mlir-print-debuginfo | filecheck %s
