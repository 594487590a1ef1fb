; RUN: pytranslate -import-llvm %s | filecheck %s
; RUN: printf '@bytes = constant [3 x i8] c"x\377y"\n@n = global i32 1\000\n' > %t.ll
; RUN: pytranslate -import-llvm %t.ll | filecheck %s --check-prefix=RAW
; RUN: printf 'define void @f() {\n  ret void\n}\n!llvm.module.flags = !{!0, !1}\n!0 = !{i32 2, !"Debug Info Version", i32 3}\n!1 = !{i32 9, !"odd", i32 1}\n' > %t.bad.ll
; RUN: not pytranslate -import-llvm %t.bad.ll -o %t.out 2>&1 | filecheck %s --check-prefix=ABORT
; RUN: not test -e %t.out

; Raw bytes that are not UTF-8 in a string constant are kept byte for byte; a NUL byte
; outside strings is white space, as to LLVM's lexer.
; RAW: llvm.mlir.global external constant @bytes("x\FFy")
; RAW: llvm.mlir.global external @n(1 : i32)

; A module LLVM's verifier aborts on (bad module flag behaviour) is an error, not a crash.
; ABORT: error: invalid behavior operand in module flag (unexpected constant)

; CHECK: llvm.mlir.global external @plain(0 : i32)
@plain = global i32 0
