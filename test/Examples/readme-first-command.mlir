// The README's first command, after the install: examples/collatz.mlir lowered to the LLVM
// dialect by pyopt, translated to LLVM IR by pytranslate, run by pyrunner, which prints the
// result (the Collatz steps of 27).
// RUN: pyopt %S/../../examples/collatz.mlir --convert-scf-to-cf --convert-to-llvm -o %t.llvm.mlir && pytranslate --mlir-to-llvmir %t.llvm.mlir -o %t.ll && pyrunner %t.llvm.mlir -e main --entry-point-result=i64 | filecheck %s
// RUN: filecheck %s --check-prefix=LLVMIR < %t.ll

// CHECK: {{^}}111{{$}}

// LLVMIR: define i64 @collatz_steps(i64
// LLVMIR: urem i64
// LLVMIR: define i64 @main()
// LLVMIR: call i64 @collatz_steps(i64 27)
