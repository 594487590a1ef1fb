; RUN: not pytranslate -import-llvm -split-input-file %s 2>&1 >/dev/null | filecheck %s

; LLVM 19 reads these; MLIR 19's import rejects them, and so do we, with its messages.

; CHECK: <unknown>:0: error: unhandled constant: ptr dso_local_equivalent @fn
; CHECK-NEXT: <unknown>:0: error: unhandled global variable: @eq = global ptr dso_local_equivalent @fn
@eq = global ptr dso_local_equivalent @fn
declare void @fn()

; // -----

; CHECK-NEXT: <unknown>:0: error: unhandled constant: ptr no_cfi @g
declare void @g()
declare void @use(ptr)
define void @k() {
  call void @use(ptr no_cfi @g)
  ret void
}

; // -----

; CHECK-NEXT: <unknown>:0: error: unhandled instruction:   %v = va_arg ptr %ap, i32
define i32 @va(ptr %ap) {
  %v = va_arg ptr %ap, i32
  ret i32 %v
}
