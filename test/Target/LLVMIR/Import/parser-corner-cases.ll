; RUN: pytranslate -import-llvm %s | filecheck %s

; A comdat declared on the line after a bare `comdat` is not an attribute of that global;
; unnamed and numbered parameters take the numbers (the entry blocks here are %2); uwtable(sync).

; CHECK:   llvm.comdat @__llvm_global_comdat {
; CHECK-NEXT:     llvm.comdat_selector @keep any
; CHECK-NEXT:   }
; CHECK-NEXT:   llvm.mlir.global linkonce_odr @keep(1 : i32) comdat(@__llvm_global_comdat::@keep) {addr_space = 0 : i32} : i32
; CHECK-NEXT:   llvm.func @numbering(%arg0: i32, %arg1: i32, %arg2: i32) -> i32 attributes {passthrough = [["uwtable", "1"]]} {
; CHECK-NEXT:     %0 = llvm.add %arg1, %arg2 : i32
; CHECK-NEXT:     llvm.br ^bb1(%0 : i32)
; CHECK-NEXT:   ^bb1(%1: i32):  // pred: ^bb0
; CHECK-NEXT:     llvm.return %1 : i32
; CHECK-NEXT:   }

$keep = comdat any
@keep = linkonce_odr global i32 1, comdat
$other = comdat any

define i32 @numbering(i32 %named, i32, i32) uwtable(sync) {
  %3 = add i32 %0, %1
  br label %4
4:
  %5 = phi i32 [ %3, %2 ]
  ret i32 %5
}

; CHECK-LABEL: llvm.func @clang_style(%arg0: i32 {llvm.noundef}, %arg1: i32 {llvm.noundef}) -> i32 {
; CHECK: llvm.cond_br %2, ^bb2(%arg1 : i32), ^bb1
; CHECK: llvm.br ^bb2(%1 : i32)
define i32 @clang_style(i32 noundef %0, i32 noundef %1) {
  %3 = icmp eq i32 %0, 0
  br i1 %3, label %5, label %4
4:
  br label %5
5:
  %6 = phi i32 [ %1, %2 ], [ 7, %4 ]
  ret i32 %6
}
