// RUN: pytranslate -mlir-to-llvmir %s | filecheck %s

// CHECK-LABEL: define void @intrinsics(
llvm.func @intrinsics(%p: !llvm.ptr, %q: !llvm.ptr, %i: i32, %m: vector<4xi1>,
                      %a: vector<8xf32>, %b: vector<8xf32>, %d: f64) {
  // Immediates come from attributes; overloaded types are mangled into the name.
  // CHECK: call i32 @llvm.ctlz.i32(i32 %2, i1 true)
  %0 = "llvm.intr.ctlz"(%i) <{is_zero_poison = true}> : (i32) -> i32
  // CHECK: call void @llvm.memcpy.inline.p0.p0.i64(ptr %0, ptr %1, i64 16, i1 false)
  "llvm.intr.memcpy.inline"(%p, %q) <{isVolatile = false, len = 16 : i64}>
      : (!llvm.ptr, !llvm.ptr) -> ()
  // CHECK: call <4 x float> @llvm.masked.load.v4f32.p0(ptr %0, i32 4, <4 x i1> %3, <4 x float> poison)
  %1 = llvm.intr.masked.load %p, %m {alignment = 4 : i32}
      : (!llvm.ptr, vector<4xi1>) -> vector<4xf32>
  // CHECK: call <4 x float> @llvm.matrix.multiply.v4f32.v8f32.v8f32(<8 x float> %4, <8 x float> %5, i32 2, i32 4, i32 2)
  %2 = llvm.intr.matrix.multiply %a, %b {lhs_rows = 2 : i32, lhs_columns = 4 : i32,
      rhs_columns = 2 : i32} : (vector<8xf32>, vector<8xf32>) -> vector<4xf32>
  // CHECK: call float @llvm.experimental.constrained.fptrunc.f32.f64(double %6, metadata !"round.upward", metadata !"fpexcept.strict") #[[STRICT:[0-9]+]]
  %3 = llvm.intr.experimental.constrained.fptrunc %d upward strict : f64 to f32
  // CHECK: call { i32, i1 } @llvm.sadd.with.overflow.i32(i32 %2, i32 %2)
  %4 = "llvm.intr.sadd.with.overflow"(%i, %i) : (i32, i32) -> !llvm.struct<(i32, i1)>
  llvm.return
}

// Declarations carry LLVM's intrinsic attributes, function attributes in groups.
// CHECK: ; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
// CHECK-NEXT: declare i32 @llvm.ctlz.i32(i32, i1 immarg) #[[PURE:[0-9]+]]
// CHECK: declare void @llvm.memcpy.inline.p0.p0.i64(ptr noalias nocapture writeonly, ptr noalias nocapture readonly, i64, i1 immarg)
// CHECK: declare <4 x float> @llvm.masked.load.v4f32.p0(ptr nocapture, i32 immarg, <4 x i1>, <4 x float>)
// CHECK: attributes #[[PURE]] = { nocallback nofree nosync nounwind speculatable willreturn memory(none) }
// CHECK: attributes #[[STRICT]] = { strictfp }
