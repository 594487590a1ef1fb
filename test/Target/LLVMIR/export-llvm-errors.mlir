// RUN: not pytranslate --mlir-to-llvmir %s -o %t.out 2>&1 | filecheck %s
// RUN: not test -e %t.out

// What LLVM (llvmlite) says about the output is reported in LLVM's words: a parse error
// at its line and column of the output text, without llvmlite's own heading or buffer
// name. (LLVM's integers are at most 2^23 bits wide; mlir-translate-19 writes the type
// regardless.)

// CHECK: error: LLVM IR fails to verify: line {{[0-9]+}}:{{[0-9]+}}: bitwidth for integer type out of range
// CHECK-NEXT: define i10000000 @wide(i10000000 %0) {
// CHECK-NOT: LLVM IR parsing error
// CHECK-NOT: <string>
llvm.func @wide(%a: i10000000) -> i10000000 {
  llvm.return %a : i10000000
}
