; RUN: pytranslate -import-llvm %s | filecheck %s

%struct.S = type { i32, ptr }
@g = dso_local global i32 5, align 4
@s = global %struct.S { i32 1, ptr @g }

; The initializer of @g is converted (dead) before its address, as mlir-translate does.
; CHECK: llvm.mlir.global external @g(5 : i32) {addr_space = 0 : i32, alignment = 4 : i64, dso_local} : i32
; CHECK: llvm.mlir.global external @s() {addr_space = 0 : i32} : !llvm.struct<"struct.S", (i32, ptr)> {
; CHECK-NEXT: %[[C5:.*]] = llvm.mlir.constant(5 : i32) : i32
; CHECK-NEXT: %[[G:.*]] = llvm.mlir.addressof @g : !llvm.ptr
; CHECK-NEXT: %[[C1:.*]] = llvm.mlir.constant(1 : i32) : i32
; CHECK-NEXT: %[[U:.*]] = llvm.mlir.undef : !llvm.struct<"struct.S", (i32, ptr)>
; CHECK-NEXT: %[[I0:.*]] = llvm.insertvalue %[[C1]], %[[U]][0]
; CHECK-NEXT: %[[I1:.*]] = llvm.insertvalue %[[G]], %[[I0]][1]
; CHECK-NEXT: llvm.return %[[I1]]

; Constants are hoisted to the entry block in conversion order; PHIs become block arguments.
; CHECK-LABEL: llvm.func @phi(%arg0: i32 {llvm.noundef}) -> i32
; CHECK-NEXT: %[[ONE:.*]] = llvm.mlir.constant(1 : i32) : i32
; CHECK-NEXT: %[[THREE:.*]] = llvm.mlir.constant(3 : i32) : i32
; CHECK-NEXT: %[[SEVEN:.*]] = llvm.mlir.constant(7 : i32) : i32
; CHECK-NEXT: %[[C:.*]] = llvm.icmp "sgt" %arg0, %[[ONE]] : i32
; CHECK-NEXT: llvm.cond_br %[[C]], ^bb1, ^bb2(%[[THREE]] : i32)
; CHECK: ^bb1:
; CHECK-NEXT: %[[Y:.*]] = llvm.add %arg0, %[[SEVEN]] overflow<nsw> : i32
; CHECK-NEXT: llvm.br ^bb2(%[[Y]] : i32)
; CHECK: ^bb2(%[[Z:.*]]: i32):
; CHECK-NEXT: llvm.return %[[Z]] : i32
define i32 @phi(i32 noundef %a) {
entry:
  %c = icmp sgt i32 %a, 1
  br i1 %c, label %then, label %join
then:
  %y = add nsw i32 %a, 7
  br label %join
join:
  %z = phi i32 [ %y, %then ], [ 3, %entry ]
  ret i32 %z
}

; CHECK-LABEL: llvm.func @calls
; CHECK: llvm.call @printf(%{{.*}}, %{{.*}}) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, i32) -> i32
; CHECK: llvm.call %arg0(%{{.*}}) : !llvm.ptr, (i32) -> ()
define void @calls(ptr %fp) {
  %r = call i32 (ptr, ...) @printf(ptr @g, i32 2)
  call void %fp(i32 %r)
  ret void
}
declare i32 @printf(ptr, ...)
