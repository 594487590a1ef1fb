; RUN: not pytranslate -import-llvm %s 2>&1 | filecheck %s

; LLVM's own parser rejects the input first.
; CHECK: invalid.ll:7:3: error: expected ',' in arithmetic operation
define void @f() {
  %x = add i32 1
  ret void
}
