; Import prints the module while it is verified in a forked child; both ways give the same
; output.
; RUN: pytranslate -import-llvm %s | filecheck %s
; RUN: env PYTRANSLATE_NO_FORK=1 pytranslate -import-llvm %s | filecheck %s

; CHECK: llvm.func @f(%arg0: i32) -> i32
; CHECK:   %0 = llvm.add %arg0, %arg0 : i32
; CHECK:   llvm.return %0 : i32
define i32 @f(i32 %a) {
  %r = add i32 %a, %a
  ret i32 %r
}
