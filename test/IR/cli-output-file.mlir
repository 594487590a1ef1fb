// `-o` is all or nothing: a failing run leaves no file behind (not even the chunks before the
// failing one, nor an older file at that path); a bad path is a diagnostic.
// RUN: rm -rf %t && mkdir %t
// RUN: echo stale > %t/out.mlir
// RUN: not pyopt %s --split-input-file -o %t/out.mlir 2>&1 | filecheck %s --check-prefix=FAIL
// RUN: not test -e %t/out.mlir
// RUN: not pyopt %s -o %t/missing/out.mlir 2>&1 | filecheck %s --check-prefix=NODIR
// RUN: not pyopt %s -o %t 2>&1 | filecheck %s --check-prefix=ISDIR
// RUN: not pytranslate --mlir-to-llvmir %s -o %t/missing/out.ll 2>&1 | filecheck %s --check-prefix=NODIR
// A run that succeeds writes the whole output and leaves no temporary file beside it.
// RUN: pyopt %S/Inputs/one-func.mlir -o %t/ok.mlir
// RUN: filecheck %s --check-prefix=OK < %t/ok.mlir
// RUN: ls -A %t | filecheck %s --check-prefix=LS
// A closed pipe ends quietly.
// RUN: pyopt --help | head -1 | filecheck %s --check-prefix=HELP
// RUN: pytranslate --help | head -1 | filecheck %s --check-prefix=THELP

// FAIL: error: operation being parsed with an unregistered dialect
// NODIR: cannot open output file '{{.*}}missing/out.{{mlir|ll}}': No such file or directory
// ISDIR: cannot open output file '{{.*}}': Is a directory
// OK: func.func @one()
// LS: ok.mlir
// LS-NOT: out
// HELP: OVERVIEW: MLIR modular optimizer driver
// HELP-NOT: Error
// THELP: OVERVIEW:

func.func @good() {
  return
}

// -----

func.func @bad() {
  "foo.bar"() : () -> ()
  return
}
