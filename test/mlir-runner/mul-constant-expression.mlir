// RUN: pytranslate --mlir-to-llvmir %s | filecheck %s --check-prefix=IR
// RUN: pyrunner %s -e main -entry-point-result=i64 | filecheck %s

// LLVM 19 keeps `mul` constant expressions (here 8 * sizeof(f32)); the JIT's newer LLVM no
// longer reads them, so pyrunner hands it an equal-valued form and the program still runs.
// IR: ret i64 mul (i64 ptrtoint (ptr getelementptr (float, ptr null, i32 1) to i64), i64 8)
// CHECK: 32
llvm.func @main() -> i64 {
  %null = llvm.mlir.zero : !llvm.ptr
  %one = llvm.getelementptr %null[1] : (!llvm.ptr) -> !llvm.ptr, f32
  %size = llvm.ptrtoint %one : !llvm.ptr to i64
  %eight = llvm.mlir.constant(8 : i64) : i64
  %bytes = llvm.mul %size, %eight : i64
  llvm.return %bytes : i64
}
