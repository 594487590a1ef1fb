// A pass that finds nothing to convert leaves the IR as it was and is not verified again, but
// it still drops the analyses it does not declare preserved: the third convert-func-to-llvm
// computes its data layout analysis anew, as mlir-opt's timing report shows.
// RUN: pyopt %s --convert-func-to-llvm --convert-func-to-llvm --convert-func-to-llvm \
// RUN:   --mlir-timing -o /dev/null 2>&1 | filecheck %s

// CHECK:      Parser
// CHECK-NEXT: ConvertFuncToLLVMPass
// CHECK-NEXT: (A) DataLayoutAnalysis
// CHECK-NEXT: ConvertFuncToLLVMPass
// CHECK-NEXT: (A) DataLayoutAnalysis
// CHECK-NEXT: ConvertFuncToLLVMPass
// CHECK-NEXT: (A) DataLayoutAnalysis
// CHECK-NEXT: Output

func.func @id(%a: i32) -> i32 {
  return %a : i32
}
