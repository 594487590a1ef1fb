; Import prints the module while it is verified in a forked child (inputs of 64 KB or more:
; this one is padded with comments to that size); both ways give the same output.
; RUN: %python -c "print((';' + 'x' * 99 + chr(10)) * 700)" > %t.pad
; RUN: cat %s %t.pad > %t.ll
; RUN: pytranslate -import-llvm %t.ll | filecheck %s
; RUN: env PYTRANSLATE_NO_FORK=1 pytranslate -import-llvm %t.ll | filecheck %s
; RUN: pytranslate -import-llvm %s | filecheck %s

; CHECK: llvm.func @f(%arg0: i32) -> i32
; CHECK:   %0 = llvm.add %arg0, %arg0 : i32
; CHECK:   llvm.return %0 : i32
define i32 @f(i32 %a) {
  %r = add i32 %a, %a
  ret i32 %r
}
