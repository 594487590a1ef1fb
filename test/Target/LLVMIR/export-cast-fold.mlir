// RUN: pytranslate -mlir-to-llvmir %s | filecheck %s

// Casts of constants are folded as LLVM 19's IRBuilder folds them; a cast LLVM 19 has no
// constant expression for, applied to a constant it cannot compute, is an instruction.

llvm.mlir.global external @cell(1 : i32) : i32

// CHECK: @wide = global i64 4294967293
llvm.mlir.global external @wide() : i64 {
  %c = llvm.mlir.constant(-3 : i32) : i32
  %z = llvm.zext %c : i32 to i64
  llvm.return %z : i64
}

llvm.func @sink(i64, f32, i32, vector<2xi64>, f32, i8, f64)

// CHECK-LABEL: define i64 @scale(i64 %0)
// CHECK-NEXT:   %2 = mul i64 %0, 3
// CHECK-NEXT:   %3 = sext i32 ptrtoint (ptr @cell to i32) to i64
// CHECK-NEXT:   call void @sink(i64 %3, float 2.500000e-01, i32 poison, <2 x i64> <i64 254, i64 9>, float 0.000000e+00, i8 ptrtoint (ptr @cell to i8), double -2.000000e+00)
// CHECK-NEXT:   ret i64 %2
llvm.func @scale(%x: i64) -> i64 {
  %three = llvm.mlir.constant(3 : i32) : i32
  %s = llvm.sext %three : i32 to i64
  %m = llvm.mul %x, %s : i64
  %a = llvm.mlir.addressof @cell : !llvm.ptr
  %p = llvm.ptrtoint %a : !llvm.ptr to i32
  %ps = llvm.sext %p : i32 to i64
  %q = llvm.mlir.constant(0.25 : f64) : f64
  %qt = llvm.fptrunc %q : f64 to f32
  %huge = llvm.mlir.constant(1.0e12 : f64) : f64
  %hi = llvm.fptosi %huge : f64 to i32
  %v = llvm.mlir.constant(dense<[-2, 9]> : vector<2xi8>) : vector<2xi8>
  %vz = llvm.zext %v : vector<2xi8> to vector<2xi64>
  %u = llvm.mlir.undef : i32
  %uf = llvm.sitofp %u : i32 to f32
  %t = llvm.trunc %p : i32 to i8
  %n = llvm.mlir.constant(-2 : i16) : i16
  %nf = llvm.sitofp %n : i16 to f64
  llvm.call @sink(%ps, %qt, %hi, %vz, %uf, %t, %nf) : (i64, f32, i32, vector<2xi64>, f32, i8, f64) -> ()
  llvm.return %m : i64
}
