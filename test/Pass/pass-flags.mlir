// Pass flags run in command-line order; unknown flags are diagnosed.
// RUN: pyopt %s --strip-debuginfo --mlir-print-debuginfo | filecheck %s
// RUN: not pyopt %s --no-such-pass 2>&1 | filecheck %s --check-prefix=UNKNOWN
// RUN: pyopt --help | filecheck %s --check-prefix=HELP

// CHECK: func.func private @f() loc(#[[LOC:loc[0-9]*]])
// CHECK: #[[LOC]] = loc(unknown)
func.func private @f() loc("somewhere.c":3:4)

// UNKNOWN: pyopt: Unknown command line argument '--no-such-pass'.
// HELP: --split-input-file
// HELP: --strip-debuginfo

// Pass flags may come before the input file, with one or two dashes.
// RUN: pyopt -strip-debuginfo %s --mlir-print-debuginfo | filecheck %s
