// Malformed or unsupported bytecode gives MLIR 19's diagnostics, located at the file.
// RUN: printf 'ML\357R\017' > %t.newer.mlirbc
// RUN: not pyopt %t.newer.mlirbc 2>&1 | filecheck %s --check-prefix=NEWER
// NEWER: newer.mlirbc:0:0: error: bytecode version 7 is newer than the current version 6

// RUN: printf 'ML\357R\015X' > %t.producer.mlirbc
// RUN: not pyopt %t.producer.mlirbc 2>&1 | filecheck %s --check-prefix=PRODUCER
// PRODUCER: error: malformed null-terminated string, no null character found

// RUN: printf 'ML\357R\015X\000\011\003\001' > %t.section.mlirbc
// RUN: not pyopt %t.section.mlirbc 2>&1 | filecheck %s --check-prefix=SECTION
// SECTION: section.mlirbc:0:0: error: invalid section ID: 9
// SECTION-NEXT: section.mlirbc:0:0: note: in bytecode version 6 produced by: X

// RUN: printf 'ML\357R\015X\000\001\003\001\001\003\001' > %t.dup.mlirbc
// RUN: not pyopt %t.dup.mlirbc 2>&1 | filecheck %s --check-prefix=DUP
// DUP: error: duplicate top-level section: Dialect (1)

// The magic decides, not the file name; a cut-off file is reported, not a traceback.
// RUN: pyopt %s --emit-bytecode -o %t.bc.mlir
// RUN: pyopt %t.bc.mlir | filecheck %s
// RUN: head -c 60 %t.bc.mlir > %t.cut.mlir
// RUN: not pyopt %t.cut.mlir 2>&1 | filecheck %s --check-prefix=CUT
// CUT: cut.mlir:0:0: error: attempting to parse {{[0-9]+}} bytes when only {{[0-9]+}} remain
// CUT-NEXT: note: in bytecode version 6 produced by: MLIR19.1.7

// Versions outside [0, 6] are refused when writing; a version without --emit-bytecode too.
// RUN: not pyopt %s --emit-bytecode --emit-bytecode-version=7 2>&1 | filecheck %s --check-prefix=RANGE
// RANGE: error: unsupported version requested 7, must be in range [0, 6]
// RANGE-NEXT: note: see current operation:
// RUN: not pyopt %s --emit-bytecode-version=3 2>&1 | filecheck %s --check-prefix=NOEMIT
// NOEMIT: <unknown>:0: error: bytecode version while not emitting bytecode
// RUN: not pyopt %s --emit-bytecode --emit-bytecode-version=two 2>&1 | filecheck %s --check-prefix=NOTINT
// NOTINT: for the --emit-bytecode-version option: Invalid argument 'two', only integer is supported.

// CHECK: func.func @f
func.func @f() {
  return
}
