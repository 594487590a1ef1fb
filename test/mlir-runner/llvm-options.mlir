// RUN: pyrunner %s -e entry -entry-point-result=void -O0 -enable-matrix \
// RUN:   -matrix-allow-contract -matrix-default-layout=row-major \
// RUN:   -shared-libs=libmlir_c_runner_utils.so | filecheck %s
// RUN: pyrunner %s -e entry -entry-point-result=void \
// RUN:   -shared-libs=libmlir_c_runner_utils.so | filecheck %s --check-prefix=DEFAULT

// LLVM's matrix options reach LLVM (the matrix intrinsics are lowered even at -O0, as with
// mlir-cpu-runner): the 2x3 row-major matrix transposed, element 1 of the result. Without
// -enable-matrix LLVM cannot compile them (lli and mlir-cpu-runner abort): pyrunner lowers
// them as that option does (default column-major layout).

llvm.func @printF64(f64)
llvm.func @printNewline()
llvm.func @entry() {
  %v = llvm.mlir.constant(dense<[1.0, 2.0, 3.0, 4.0, 5.0, 6.0]> : vector<6xf64>) : vector<6xf64>
  %t = llvm.intr.matrix.transpose %v { rows = 2 : i32, columns = 3 : i32 } : vector<6xf64> into vector<6xf64>
  %i = llvm.mlir.constant(1 : i64) : i64
  %e = llvm.extractelement %t[%i : i64] : vector<6xf64>
  llvm.call @printF64(%e) : (f64) -> ()
  llvm.call @printNewline() : () -> ()
  llvm.return
}

// CHECK: {{^}}4{{$}}
// DEFAULT: {{^}}3{{$}}
