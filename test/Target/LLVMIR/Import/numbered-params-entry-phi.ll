; RUN: pytranslate -import-llvm %s | filecheck %s

; clang writes unnamed parameters with their numbers (%0, %1), so the unnamed entry block is
; %2 and a phi can name it: the incoming value from the entry block must survive (found by
; test/difftest on random C programs at -O2).

; CHECK-LABEL: llvm.func @f
; CHECK: %[[Z:.*]] = llvm.mlir.constant(0 : i32) : i32
; CHECK: llvm.cond_br %{{.*}}, ^bb2(%[[Z]] : i32), ^bb1
; CHECK: ^bb2(%{{.*}}: i32):
define i32 @f(i32 %0, i32 %1) {
  %3 = icmp eq i32 %0, 0
  br i1 %3, label %6, label %4

4:
  %5 = mul i32 %1, 3
  br label %6

6:
  %7 = phi i32 [ 0, %2 ], [ %5, %4 ]
  ret i32 %7
}
