; How LLVM's own findings on its input reach the user, as in mlir-translate 19: a parse error
; is one error at the unknown location carrying LLVM's diagnostic (file, line, column, source
; line, caret); the verifier's findings are printed as they are. Nothing is left at -o.
; RUN: printf 'define i32 @f() {\n\tret i32 %%%%x\n}\n' > %t.bad.ll
; RUN: echo stale > %t.out
; RUN: not pytranslate --import-llvm %t.bad.ll -o %t.out 2>&1 | filecheck %s --check-prefix=PARSE
; RUN: not test -e %t.out
; RUN: printf 'define i32 @f() {\n  %%%%a = add i32 %%%%b, 1\n  %%%%b = add i32 1, 1\n  ret i32 %%%%a\n}\n' > %t.dom.ll
; RUN: not pytranslate --import-llvm %t.dom.ll 2>&1 | filecheck %s --check-prefix=VERIFY
; RUN: not pytranslate --import-llvm --split-input-file='; -----' %S/Inputs/two-modules.ll 2>&1 | filecheck %s --check-prefix=SPLIT
; RUN: pytranslate --import-llvm --drop-di-composite-type-elements %S/Inputs/struct-di.ll | filecheck %s --check-prefix=DROP
; RUN: pytranslate --import-llvm %S/Inputs/struct-di.ll | filecheck %s --check-prefix=KEEP

; The tab before `ret` is expanded to the next multiple of eight columns.
; PARSE: <unknown>:0: error: {{.*}}.bad.ll:2:10: error: use of undefined value '%x'
; PARSE-NEXT: {{^        ret i32 %x$}}
; PARSE-NEXT: {{^                \^$}}
; PARSE-EMPTY:

; VERIFY: Instruction does not dominate all uses!
; VERIFY-NEXT: %b = add i32 1, 1
; VERIFY-NEXT: %a = add i32 %b, 1
; VERIFY-NOT: error

; SPLIT: <unknown>:0: error: within split at {{.*}}two-modules.ll:5 offset :4:3: error: expected instruction opcode
; SPLIT-NEXT: {{^  bogus$}}
; SPLIT-NEXT: {{^  \^$}}

; DROP: #llvm.di_composite_type<tag = DW_TAG_structure_type, name = "pair"
; DROP-NOT: elements
; KEEP: #llvm.di_composite_type<tag = DW_TAG_structure_type, name = "pair"{{.*}}elements =
