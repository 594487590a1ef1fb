; RUN: pytranslate -import-llvm %s | filecheck %s

; Found on clang-19 output of real C programs (lua, zlib, lz4):
; - non-default visibility makes a global implicitly dso_local, unless it is extern_weak;
; - MLIR 19 does not import `or disjoint`;
; - the alignment immediate of a masked intrinsic is materialised after the other operands.

; CHECK: llvm.mlir.global external hidden @hid(1 : i32) {addr_space = 0 : i32, dso_local} : i32
@hid = hidden global i32 1
; CHECK: llvm.mlir.global external protected constant @prot(2 : i8) {addr_space = 0 : i32, dso_local} : i8
@prot = protected constant i8 2
; CHECK: llvm.mlir.global extern_weak hidden @weakhid() {addr_space = 0 : i32} : i32
@weakhid = extern_weak hidden global i32
; CHECK: llvm.mlir.global external @plain(3 : i32) {addr_space = 0 : i32} : i32
@plain = global i32 3

; CHECK-LABEL: llvm.func @blend
; CHECK: %0 = llvm.mlir.constant(true) : i1
; CHECK-NEXT: %1 = llvm.mlir.constant(false) : i1
; CHECK-NEXT: %2 = llvm.mlir.constant(dense<[true, false, true, true]> : vector<4xi1>) : vector<4xi1>
; CHECK-NEXT: %3 = llvm.mlir.constant(0 : i32) : i32
; CHECK-NEXT: %4 = llvm.mlir.constant(dense<0> : vector<4xi32>) : vector<4xi32>
; CHECK-NEXT: %5 = llvm.mlir.constant(4 : i32) : i32
; CHECK-NEXT: %6 = llvm.mlir.constant(dense<true> : vector<4xi1>) : vector<4xi1>
; CHECK-NEXT: %7 = llvm.mlir.constant(8 : i32) : i32
; CHECK-NEXT: %8 = llvm.intr.masked.load %arg0, %2, %4 {alignment = 4 : i32} : (!llvm.ptr, vector<4xi1>, vector<4xi32>) -> vector<4xi32>
; CHECK-NEXT: llvm.intr.masked.scatter %8, %arg3, %6 {alignment = 8 : i32} : vector<4xi32>, vector<4xi1> into !llvm.vec<4 x ptr>
; CHECK-NEXT: %9 = llvm.or %arg4, %arg5  : i32
; CHECK-NEXT: %10 = llvm.insertelement %9, %8[%3 : i32] : vector<4xi32>
define <4 x i32> @blend(ptr %p, <4 x i1> %m, <4 x i32> %x, <4 x ptr> %ps, i32 %a, i32 %b) {
  %l = call <4 x i32> @llvm.masked.load.v4i32.p0(ptr %p, i32 4, <4 x i1> <i1 true, i1 false, i1 true, i1 true>, <4 x i32> zeroinitializer)
  call void @llvm.masked.scatter.v4i32.v4p0(<4 x i32> %l, <4 x ptr> %ps, i32 8, <4 x i1> splat (i1 true))
  %o = or disjoint i32 %a, %b
  %v = insertelement <4 x i32> %l, i32 %o, i32 0
  ret <4 x i32> %v
}

