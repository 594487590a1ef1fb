; RUN: pytranslate -import-llvm %s | filecheck %s

; The alignment operand of the masked memory intrinsics becomes an attribute; like MLIR 19,
; its constant is still materialised.

; CHECK-LABEL: llvm.func @blend
; CHECK-DAG: llvm.mlir.constant(2 : i32) : i32
; CHECK-DAG: llvm.mlir.constant(32 : i32) : i32
; CHECK: %[[L:.*]] = llvm.intr.masked.load %arg0, %arg1, %arg2 {alignment = 2 : i32} : (!llvm.ptr, vector<8xi1>, vector<8xi16>) -> vector<8xi16>
; CHECK: llvm.intr.masked.store %[[L]], %arg0, %arg1 {alignment = 32 : i32} : vector<8xi16>, vector<8xi1> into !llvm.ptr
; CHECK: %[[G:.*]] = llvm.intr.masked.gather %arg3, %arg1, %arg2 {alignment = 2 : i32} : (!llvm.vec<8 x ptr>, vector<8xi1>, vector<8xi16>) -> vector<8xi16>
; CHECK: llvm.intr.masked.scatter %[[G]], %arg3, %arg1 {alignment = 32 : i32} : vector<8xi16>, vector<8xi1> into !llvm.vec<8 x ptr>
define void @blend(ptr %p, <8 x i1> %m, <8 x i16> %other, <8 x ptr> %ptrs) {
  %l = call <8 x i16> @llvm.masked.load.v8i16.p0(ptr %p, i32 2, <8 x i1> %m, <8 x i16> %other)
  call void @llvm.masked.store.v8i16.p0(<8 x i16> %l, ptr %p, i32 32, <8 x i1> %m)
  %g = call <8 x i16> @llvm.masked.gather.v8i16.v8p0(<8 x ptr> %ptrs, i32 2, <8 x i1> %m, <8 x i16> %other)
  call void @llvm.masked.scatter.v8i16.v8p0(<8 x i16> %g, <8 x ptr> %ptrs, i32 32, <8 x i1> %m)
  ret void
}
