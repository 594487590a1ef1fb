; RUN: not pytranslate -import-llvm -split-input-file --mlir-print-debuginfo %s 2>&1 | filecheck %s
; RUN: not pytranslate -import-llvm -split-input-file --mlir-print-debuginfo %s -o %t.out 2>&1 | filecheck %s --check-prefix=NOINTERNAL
; RUN: not test -e %t.out
; RUN: printf 'declare !dbg !0 void @f()\n!llvm.module.flags = !{!1}\n!0 = !{}\n!1 = !{i32 2, !"Debug Info Version", i32 3}\n' > %t.decl.ll
; RUN: not pytranslate -import-llvm %t.decl.ll -o %t.out 2>&1 | filecheck %s --check-prefix=WHOLE
; RUN: not test -e %t.out

; Debug info that LLVM 19's release build reads as a node of another kind (llvm-as-19
; accepts it or crashes, mlir-translate-19 crashes or writes garbage), and that the
; assertion-enabled LLVM behind llvmlite aborts on. Each is an error at the construct in
; the verifier's words: never LLVM's assertion text, a traceback or an output file.

; NOINTERNAL-NOT: Assertion
; NOINTERNAL-NOT: Casting.h
; NOINTERNAL-NOT: llvm::
; NOINTERNAL-NOT: Traceback
; NOINTERNAL-NOT: internal import error

; A declaration's !dbg that is not a subprogram (uniqued: 19's check on a declaration
; only asks whether it is distinct).
; CHECK: :{{[0-9]+}}:{{[0-9]+}}: error: function !dbg attachment must be a subprogram
; WHOLE: decl.ll:1:1: error: function !dbg attachment must be a subprogram
; WHOLE-NEXT: declare !dbg !0 void @f()
; WHOLE-NEXT: ^
declare !dbg !0 void @f()
!llvm.module.flags = !{!1}
!0 = !{}
!1 = !{i32 2, !"Debug Info Version", i32 3}

; // -----

; The same through a call site's callee, a file where the subprogram belongs.
; CHECK: :{{[0-9]+}}:{{[0-9]+}}: error: function !dbg attachment must be a subprogram
define void @caller() {
  ret void
}
declare !dbg !2 void @callee()
!llvm.module.flags = !{!1}
!1 = !{i32 2, !"Debug Info Version", i32 3}
!2 = !DIFile(filename: "t.c", directory: "/src")

; // -----

; A dbg.label call (a #dbg_label record once 19 has read the module) whose label is a file.
; CHECK: :{{[0-9]+}}:{{[0-9]+}}: error: invalid llvm.dbg.label intrinsic variable
declare void @llvm.dbg.label(metadata)
define void @lbl() !dbg !5 {
  call void @llvm.dbg.label(metadata !2), !dbg !7
  ret void
}
!llvm.module.flags = !{!0}
!llvm.dbg.cu = !{!1}
!0 = !{i32 2, !"Debug Info Version", i32 3}
!1 = distinct !DICompileUnit(language: DW_LANG_C99, file: !2, producer: "t", isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug)
!2 = !DIFile(filename: "t.c", directory: "/src")
!3 = !DISubroutineType(types: !4)
!4 = !{null}
!5 = distinct !DISubprogram(name: "lbl", scope: !2, file: !2, line: 1, type: !3, spFlags: DISPFlagDefinition, unit: !1)
!7 = !DILocation(line: 2, column: 3, scope: !5)

; // -----

; A dbg.label call without a location.
; CHECK: :{{[0-9]+}}:{{[0-9]+}}: error: llvm.dbg.label intrinsic requires a !dbg attachment
declare void @llvm.dbg.label(metadata)
define void @noloc() !dbg !5 {
  call void @llvm.dbg.label(metadata !8)
  ret void
}
!llvm.module.flags = !{!0}
!llvm.dbg.cu = !{!1}
!0 = !{i32 2, !"Debug Info Version", i32 3}
!1 = distinct !DICompileUnit(language: DW_LANG_C99, file: !2, producer: "t", isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug)
!2 = !DIFile(filename: "t.c", directory: "/src")
!3 = !DISubroutineType(types: !4)
!4 = !{null}
!5 = distinct !DISubprogram(name: "noloc", scope: !2, file: !2, line: 1, type: !3, spFlags: DISPFlagDefinition, unit: !1)
!8 = !DILabel(scope: !5, name: "l", file: !2, line: 2)

; // -----

; A global variable expression whose variable is a file.
; CHECK: :{{[0-9]+}}:{{[0-9]+}}: error: the variable of a DIGlobalVariableExpression must be a DIGlobalVariable
@gv = global i32 0, !dbg !3
!llvm.module.flags = !{!0}
!llvm.dbg.cu = !{!1}
!0 = !{i32 2, !"Debug Info Version", i32 3}
!1 = distinct !DICompileUnit(language: DW_LANG_C99, file: !2, producer: "t", isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug)
!2 = !DIFile(filename: "t.c", directory: "/src")
!3 = !DIGlobalVariableExpression(var: !2, expr: !DIExpression())

; // -----

; A lexical block whose file is a type: 19's verifier does not look at a block's file, and
; mlir-translate-19 writes an attribute it cannot read back.
; CHECK: :{{[0-9]+}}:{{[0-9]+}}: error: invalid file: the file of a DILexicalBlock must be a DIFile
define void @blk() !dbg !5 {
  ret void, !dbg !6
}
!llvm.module.flags = !{!0}
!llvm.dbg.cu = !{!1}
!0 = !{i32 2, !"Debug Info Version", i32 3}
!1 = distinct !DICompileUnit(language: DW_LANG_C99, file: !2, producer: "t", isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug)
!2 = !DIFile(filename: "t.c", directory: "/src")
!3 = !DISubroutineType(types: !4)
!4 = !{null}
!5 = distinct !DISubprogram(name: "blk", scope: !2, file: !2, line: 1, type: !3, spFlags: DISPFlagDefinition, unit: !1)
!6 = !DILocation(line: 2, column: 1, scope: !7)
!7 = distinct !DILexicalBlock(scope: !5, file: !8, line: 2)
!8 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)

; // -----

; An enumeration whose elements hold a string: the newer LLVM aborts reading it (19 does
; not look). What LLVM stopped on is said in words about the module.
; CHECK: :{{[0-9]+}}:{{[0-9]+}}: error: invalid LLVM IR: LLVM cannot read this module: a metadata node is not the DINode expected there
@e = global i32 0, !dbg !3
!llvm.module.flags = !{!0}
!llvm.dbg.cu = !{!1}
!0 = !{i32 2, !"Debug Info Version", i32 3}
!1 = distinct !DICompileUnit(language: DW_LANG_C99, file: !2, producer: "t", isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug, enums: !6)
!2 = !DIFile(filename: "t.c", directory: "/src")
!3 = !DIGlobalVariableExpression(var: !4, expr: !DIExpression())
!4 = distinct !DIGlobalVariable(name: "e", scope: !1, file: !2, line: 1, type: !5, isLocal: false, isDefinition: true)
!5 = !DICompositeType(tag: DW_TAG_enumeration_type, name: "E", file: !2, line: 1, size: 32, elements: !7)
!6 = !{!5}
!7 = !{!"x"}
