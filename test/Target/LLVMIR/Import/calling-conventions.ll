; LLVM IR calling conventions map to the dialect's keywords, numbered ones included; one the
; dialect lacks is imported as the C convention with a warning.
; RUN: pytranslate -import-llvm %s 2>%t.err | filecheck %s
; RUN: filecheck %s --check-prefix=WARN < %t.err

; CHECK: llvm.func ptx_kernelcc @kernel()
define ptx_kernel void @kernel() {
  ret void
}

; CHECK: llvm.func avr_builtincc @avr()
define cc86 void @avr() {
  ret void
}

; CHECK: llvm.func wasm_emscripten_invokecc @spaced()
; CHECK:   llvm.call cc_10 @ghc()
define cc 99 void @spaced() {
  call ghccc void @ghc()
  ret void
}

; CHECK: llvm.func cc_10 @ghc()
define ghccc void @ghc() {
  ret void
}

; WARN: warning: unsupported calling convention 'preserve_nonecc', imported as ccc
; CHECK: llvm.func @none()
define preserve_nonecc void @none() {
  ret void
}
