// Driver flags as llvm::cl parses them in mlir-opt 19.
// RUN: pyopt --version | filecheck %s --check-prefix=VERSION
// VERSION: pyopt {{.*}}LLVM version 19.1.7
// VERSION-NEXT: Pure Python build.

// RUN: pyopt --show-dialects | filecheck %s --check-prefix=DIALECTS
// DIALECTS: Available Dialects: {{([a-z0-9_]+,)*}}arith,{{([a-z0-9_]+,)*}}builtin,cf,{{([a-z0-9_]+,)*}}func,{{([a-z0-9_]+,)*}}linalg,llvm,math,memref,ml_program,{{([a-z0-9_]+,)*}}scf{{(,[a-z0-9_]+)*$}}

// Boolean options take only llvm::cl's spellings of true and false.
// RUN: not pyopt %s --verify-each=maybe 2>&1 | filecheck %s --check-prefix=BADBOOL
// BADBOOL: pyopt: for the --verify-each option: 'maybe' is invalid value for boolean argument! Try 0 or 1
// RUN: not pyopt %s --mlir-print-op-generic=yes 2>&1 | filecheck %s --check-prefix=BADFLAG
// BADFLAG: pyopt: for the --mlir-print-op-generic option: 'yes' is invalid value for boolean argument! Try 0 or 1
// RUN: pyopt %s --mlir-print-op-generic=1 --verify-each=false --cse | filecheck %s --check-prefix=GENERIC
// GENERIC: "func.func"()
// RUN: pyopt %s --mlir-print-op-generic=0 | filecheck %s --check-prefix=CUSTOM
// CUSTOM: func.func @f()

// Unknown flags suggest the nearest pass or driver option.
// RUN: not pyopt %s --canonicalise 2>&1 | filecheck %s --check-prefix=NEAR1
// NEAR1: pyopt: Unknown command line argument '--canonicalise'.  Try: 'pyopt --help'
// NEAR1-NEXT: pyopt: Did you mean '--canonicalize'?
// RUN: not pyopt %s --split-input-fil 2>&1 | filecheck %s --check-prefix=NEAR2
// NEAR2: pyopt: Did you mean '--split-input-file'?
// RUN: not pyopt %s --mlir-timing-displa=list 2>&1 | filecheck %s --check-prefix=NEAR3
// NEAR3: pyopt: Did you mean '--mlir-timing-display=list'?

// --split-input-file=<marker> cuts at another marker.
// RUN: pyopt %S/Inputs/split-marker.mlir --split-input-file='//====' | filecheck %s --check-prefix=MARKER
// MARKER: func.func @f()
// MARKER: // -----
// MARKER: func.func @g()

func.func @f() {
  return
}
