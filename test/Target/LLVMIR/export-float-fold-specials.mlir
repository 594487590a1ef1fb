// RUN: pytranslate --mlir-to-llvmir %s | filecheck %s

// Constant folding of float arithmetic at its edges, as LLVM's APFloat does it: a result past
// the largest float is an infinity; an invalid operation (inf - inf, 0 / 0, x rem 0,
// 0 * inf) gives the default NaN (positive, quiet); a NaN operand propagates, the first one
// winning, quieted. A float NaN prints as a double with the same payload, a signaling one
// staying signaling (multiplying by 1.0 is no operation and keeps it so).

// CHECK-LABEL: define void @specials()
// CHECK-NEXT: call void @use(float 0x7FF0000000000000)
// CHECK-NEXT: call void @use(float 0x7FF0000000000000)
// CHECK-NEXT: call void @use(float 0x7FF8000000000000)
// CHECK-NEXT: call void @use(float 0x7FF8000000000000)
// CHECK-NEXT: call void @use(float 0x7FF8000000000000)
// CHECK-NEXT: call void @use(float 0x7FF8000000000000)
// CHECK-NEXT: call void @use(float 0x7FF8000020000000)
// CHECK-NEXT: call void @use(float 0xFFF8000040000000)
// CHECK-NEXT: call void @use(float 0x7FF8000060000000)
// CHECK-NEXT: call void @use(float 0x7FF0000060000000)
// CHECK-NEXT: call void @use(float 0x7FF0000060000000)
// CHECK-NEXT: call void @used(double 0x7FF0000000000000)
// CHECK-NEXT: call void @used(double 0x7FF8000000000033)
// CHECK-NEXT: ret void

llvm.func @use(f32)
llvm.func @used(f64)

llvm.func @specials() {
  %big = llvm.mlir.constant(3.0e38 : f32) : f32
  %inf = llvm.mlir.constant(0x7F800000 : f32) : f32
  %zero = llvm.mlir.constant(0.0 : f32) : f32
  %one = llvm.mlir.constant(1.0 : f32) : f32
  %two = llvm.mlir.constant(2.0 : f32) : f32
  %qnan = llvm.mlir.constant(0x7FC00001 : f32) : f32
  %nqnan = llvm.mlir.constant(0xFFC00002 : f32) : f32
  %snan = llvm.mlir.constant(0x7F800003 : f32) : f32
  %dbig = llvm.mlir.constant(1.7e308 : f64) : f64
  %dsnan = llvm.mlir.constant(0x7FF0000000000033 : f64) : f64
  %0 = llvm.fadd %big, %big : f32
  %1 = llvm.fmul %big, %big : f32
  %2 = llvm.fsub %inf, %inf : f32
  %3 = llvm.fdiv %zero, %zero : f32
  %4 = llvm.frem %one, %zero : f32
  %5 = llvm.fmul %zero, %inf : f32
  %6 = llvm.fadd %qnan, %nqnan : f32
  %7 = llvm.fadd %two, %nqnan : f32
  %8 = llvm.fadd %snan, %two : f32
  %9 = llvm.fmul %snan, %one : f32
  %10 = llvm.fadd %dbig, %dbig : f64
  %11 = llvm.fsub %dsnan, %dbig : f64
  llvm.call @use(%0) : (f32) -> ()
  llvm.call @use(%1) : (f32) -> ()
  llvm.call @use(%2) : (f32) -> ()
  llvm.call @use(%3) : (f32) -> ()
  llvm.call @use(%4) : (f32) -> ()
  llvm.call @use(%5) : (f32) -> ()
  llvm.call @use(%6) : (f32) -> ()
  llvm.call @use(%7) : (f32) -> ()
  llvm.call @use(%8) : (f32) -> ()
  llvm.call @use(%9) : (f32) -> ()
  llvm.call @use(%snan) : (f32) -> ()
  llvm.call @used(%10) : (f64) -> ()
  llvm.call @used(%11) : (f64) -> ()
  llvm.return
}
