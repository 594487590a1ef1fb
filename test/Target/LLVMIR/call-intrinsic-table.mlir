// RUN: pytranslate -mlir-to-llvmir %s | filecheck %s

// Overloads are found from the operand and result types.
llvm.func @overloads(%p: !llvm.vec<4 x ptr>, %m: vector<4xi1>, %v: vector<4xf32>, %s: f32, %a: i32) {
  %c = llvm.mlir.constant(4 : i32) : i32
  // CHECK: call <4 x float> @llvm.masked.gather.v4f32.v4p0(<4 x ptr> %{{.*}}, i32 4, <4 x i1> %{{.*}}, <4 x float> %{{.*}})
  %0 = llvm.call_intrinsic "llvm.masked.gather"(%p, %c, %m, %v) : (!llvm.vec<4 x ptr>, i32, vector<4xi1>, vector<4xf32>) -> vector<4xf32>
  // CHECK: call float @llvm.vector.reduce.fadd.v4f32(float %{{.*}}, <4 x float> %{{.*}})
  %1 = llvm.call_intrinsic "llvm.vector.reduce.fadd"(%s, %v) : (f32, vector<4xf32>) -> f32
  // CHECK: call { i32, i1 } @llvm.sadd.with.overflow.i32(i32 %{{.*}}, i32 %{{.*}})
  %2 = llvm.call_intrinsic "llvm.sadd.with.overflow"(%a, %a) : (i32, i32) -> !llvm.struct<(i32, i1)>
  // An already suffixed name is accepted too.
  // CHECK: call float @llvm.fabs.f32(float %{{.*}})
  %3 = llvm.call_intrinsic "llvm.fabs.f32"(%s) : (f32) -> f32
  // CHECK: call i64 @llvm.ctpop.i64(i64 %{{.*}})
  %4 = llvm.zext %a : i32 to i64
  %5 = llvm.call_intrinsic "llvm.ctpop"(%4) : (i64) -> i64
  llvm.return
}

// CHECK-LABEL: define void @plain
llvm.func @plain() {
  // CHECK: call void @llvm.trap()
  llvm.call_intrinsic "llvm.trap"() : () -> ()
  // CHECK: call ptr @llvm.stacksave.p0()
  %0 = llvm.call_intrinsic "llvm.stacksave"() : () -> !llvm.ptr
  llvm.return
}

// CHECK-DAG: declare <4 x float> @llvm.masked.gather.v4f32.v4p0(<4 x ptr>, i32 immarg, <4 x i1>, <4 x float>)
// CHECK-DAG: declare { i32, i1 } @llvm.sadd.with.overflow.i32(i32, i32)
// CHECK-DAG: declare void @llvm.trap()
