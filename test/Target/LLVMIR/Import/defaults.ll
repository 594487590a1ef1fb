; RUN: pytranslate -import-llvm -split-input-file -mlir-print-debuginfo %s | filecheck %s

; Memory accesses without `align` get the alignment LLVM's parser derives from the
; data layout: ABI alignment for loads and stores, the preferred one for allocas and
; the store size for atomics.

target datalayout = "e-i64:64-i128:128-v96:128:128-p3:32:16"

; CHECK-LABEL: llvm.func @implicit_alignment
define void @implicit_alignment(ptr %p, i32 %v) {
  ; CHECK: llvm.alloca %{{.*}} x i16 {alignment = 2 : i64}
  %a = alloca i16
  ; CHECK: llvm.load %{{.*}} {alignment = 8 : i64} : !llvm.ptr -> i64
  %1 = load i64, ptr %p
  ; CHECK: llvm.load %{{.*}} {alignment = 16 : i64} : !llvm.ptr -> i128
  %2 = load i128, ptr %p
  ; CHECK: llvm.load %{{.*}} {alignment = 16 : i64} : !llvm.ptr -> vector<3xi32>
  %3 = load <3 x i32>, ptr %p
  ; CHECK: llvm.load %{{.*}} {alignment = 2 : i64} : !llvm.ptr -> !llvm.ptr<3>
  %4 = load ptr addrspace(3), ptr %p
  ; CHECK: llvm.load %{{.*}} {alignment = 1 : i64} : !llvm.ptr -> !llvm.struct<packed (i8, i32)>
  %5 = load <{ i8, i32 }>, ptr %p
  ; CHECK: llvm.load %{{.*}} {alignment = 8 : i64} : !llvm.ptr -> !llvm.struct<(i8, i64)>
  %6 = load { i8, i64 }, ptr %p
  ; CHECK: llvm.load %{{.*}} {alignment = 16 : i64} : !llvm.ptr -> !llvm.vec<? x 2 x i64>
  %7 = load <vscale x 2 x i64>, ptr %p
  ; CHECK: llvm.store %{{.*}}, %{{.*}} {alignment = 16 : i64} : f80, !llvm.ptr
  store x86_fp80 0xK00000000000000000000, ptr %p
  ; CHECK: llvm.atomicrmw xchg %{{.*}}, %{{.*}} monotonic {alignment = 4 : i64}
  %8 = atomicrmw xchg ptr %p, i32 %v monotonic
  ; CHECK: llvm.cmpxchg %{{.*}}, %{{.*}}, %{{.*}} acq_rel monotonic {alignment = 4 : i64}
  %9 = cmpxchg ptr %p, i32 %v, i32 %v acq_rel monotonic
  ; CHECK: llvm.load %{{.*}} {alignment = 2 : i64} : !llvm.ptr -> i64
  %10 = load i64, ptr %p, align 2
  ret void
}

; // -----

; An empty sync scope is the system scope.
; CHECK-LABEL: llvm.func @system_scope
define void @system_scope(ptr %p) {
  ; CHECK: llvm.fence acquire
  fence syncscope("") acquire
  ; CHECK: llvm.fence syncscope("singlethread") release
  fence syncscope("singlethread") release
  ret void
}

; // -----

; fp128 hex literals spell the low 64-bit word first.
; CHECK: llvm.mlir.global external @quad(-3.500000e+00 : f128)
@quad = global fp128 0xL0000000000000000C000C00000000000

; // -----

; The module location is the source file name when the module has one.
source_filename = "original.c"
; CHECK: module attributes
; CHECK: #[[LOC:.*]] = loc("original.c":0:0)
define void @f() {
  ret void
}

; // -----

; The block forwarding an invoke result to a PHI sits right before the normal
; destination.
declare i32 @g()
declare i32 @__gxx_personality_v0(...)

; CHECK-LABEL: llvm.func @invoke_phi
define i32 @invoke_phi(i1 %c) personality ptr @__gxx_personality_v0 {
entry:
  br i1 %c, label %call, label %skip
; CHECK: ^bb1:
; CHECK-NEXT: %[[R:.*]] = llvm.invoke @g() to ^bb3 unwind ^bb5
call:
  %r = invoke i32 @g() to label %join unwind label %lp
; CHECK: ^bb2:
; CHECK-NEXT: llvm.br ^bb4(
skip:
  br label %join
; CHECK: ^bb3:
; CHECK-NEXT: llvm.br ^bb4(%[[R]] : i32)
; CHECK: ^bb4(%{{.*}}: i32
join:
  %x = phi i32 [ %r, %call ], [ 0, %skip ]
  ret i32 %x
; CHECK: ^bb5:
lp:
  %l = landingpad { ptr, i32 } cleanup
  ret i32 1
}
