; RUN: not pytranslate -import-llvm -split-input-file %s | filecheck %s
; RUN: not pytranslate -import-llvm -split-input-file %s 2>&1 >/dev/null | filecheck %s --check-prefix=ERR

; With "Debug Info Version" 3, LLVM 19's reader runs the verifier. Debug info that
; fails its checks is reported (the finding, then the values it names, metadata
; numbered over the whole module), and then dropped with a warning: the module
; imports without locations or subprograms.

; ERR: function !dbg attachment must be a subprogram
; ERR-NEXT: ptr @notsp
; ERR-NEXT: !3 = !{}
; ERR-NEXT: location requires a valid scope
; ERR-NEXT: !4 = !DILocation(line: 4, column: 2, scope: !3)
; ERR-NEXT: !3 = !{}
; ERR-NEXT: warning: ignoring invalid debug info in {{.*}}invalid-debug-info.ll
; CHECK-LABEL: llvm.func @notsp()
; CHECK-NOT: loc(
define void @notsp() !dbg !10 {
  ret void, !dbg !11
}
!llvm.module.flags = !{!0}
!llvm.dbg.cu = !{!1}
!0 = !{i32 2, !"Debug Info Version", i32 3}
!1 = distinct !DICompileUnit(language: DW_LANG_C99, file: !2, producer: "t", isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug)
!2 = !DIFile(filename: "t.c", directory: "/src")
!10 = !{}
!11 = !DILocation(line: 4, column: 2, scope: !10)

; // -----

; A location whose scope is a file, a subprogram shared by two functions and a
; dbg.value whose variable belongs elsewhere. Once something was found, the walk
; of a function's locations up to its subprogram stops after the first
; instruction, so the `ret` of @two pointing into @one is not reported.

; ERR: DILocation's scope must be a DILocalScope
; ERR-NEXT: !3 = distinct !DISubprogram(name: "one"
; ERR-NEXT: ptr @one
; ERR-NEXT:   %y = add i32 %x, 1, !dbg !6
; ERR-NEXT: !6 = !DILocation(line: 2, column: 1, scope: !2)
; ERR-NEXT: !2 = !DIFile(filename: "t.c", directory: "/src")
; ERR-NEXT: location requires a valid scope
; ERR: mismatched subprogram between llvm.dbg.value variable and !dbg attachment
; ERR-NEXT:   call void @llvm.dbg.value(metadata i32 %x, metadata !9, metadata !DIExpression()), !dbg !11
; ERR-NEXT: label %body
; ERR-NEXT: ptr @two
; ERR-NEXT: !9 = !DILocalVariable(name: "v", scope: !3
; ERR-NEXT: !3 = distinct !DISubprogram(name: "one"
; ERR-NEXT: !11 = !DILocation(line: 6, column: 3, scope: !8)
; ERR-NEXT: !8 = distinct !DISubprogram(name: "two"
; ERR: DISubprogram attached to more than one function
; ERR-NEXT: !3 = distinct !DISubprogram(name: "one"
; ERR-NEXT: ptr @three
; ERR-NEXT: warning: ignoring invalid debug info
; CHECK-LABEL: llvm.func @one(%arg0: i32) -> i32
; CHECK-NOT: loc(
declare void @llvm.dbg.value(metadata, metadata, metadata)
define i32 @one(i32 %x) !dbg !5 {
  %y = add i32 %x, 1, !dbg !20
  ret i32 %y, !dbg !7
}
define i32 @two(i32 %x) !dbg !6 {
body:
  call void @llvm.dbg.value(metadata i32 %x, metadata !9, metadata !DIExpression()), !dbg !8
  ret i32 %x, !dbg !7
}
define void @three() !dbg !5 {
  ret void
}
!llvm.module.flags = !{!0}
!llvm.dbg.cu = !{!1}
!0 = !{i32 2, !"Debug Info Version", i32 3}
!1 = distinct !DICompileUnit(language: DW_LANG_C99, file: !2, producer: "t", isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug)
!2 = !DIFile(filename: "t.c", directory: "/src")
!3 = !DISubroutineType(types: !4)
!4 = !{null}
!5 = distinct !DISubprogram(name: "one", scope: !2, file: !2, line: 1, type: !3, spFlags: DISPFlagDefinition, unit: !1)
!6 = distinct !DISubprogram(name: "two", scope: !2, file: !2, line: 5, type: !3, spFlags: DISPFlagDefinition, unit: !1)
!7 = !DILocation(line: 2, column: 3, scope: !5)
!8 = !DILocation(line: 6, column: 3, scope: !6)
!9 = !DILocalVariable(name: "v", scope: !5, file: !2, line: 1, type: !10)
!10 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!20 = !DILocation(line: 2, column: 1, scope: !2)

; // -----

; Debug records get the record's own messages and print without indentation.

; ERR: invalid #dbg record variable
; ERR-NEXT: #dbg_value(i32 %x, !6, !DIExpression(), !7)
; ERR-NEXT: !6 = !DIBasicType(name: "int"
; ERR-NEXT: warning: ignoring invalid debug info
; CHECK-LABEL: llvm.func @rec(%arg0: i32) -> i32
; CHECK-NEXT: llvm.return %arg0
define i32 @rec(i32 %x) !dbg !5 {
    #dbg_value(i32 %x, !10, !DIExpression(), !7)
  ret i32 %x, !dbg !7
}
!llvm.module.flags = !{!0}
!llvm.dbg.cu = !{!1}
!0 = !{i32 2, !"Debug Info Version", i32 3}
!1 = distinct !DICompileUnit(language: DW_LANG_C99, file: !2, producer: "t", isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug)
!2 = !DIFile(filename: "t.c", directory: "/src")
!3 = !DISubroutineType(types: !4)
!4 = !{null}
!5 = distinct !DISubprogram(name: "rec", scope: !2, file: !2, line: 1, type: !3, spFlags: DISPFlagDefinition, unit: !1)
!7 = !DILocation(line: 2, column: 3, scope: !5)
!10 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)

; // -----

; An inlined-at that is not a location breaks the module itself: LLVM 19 stops
; reading (it aborts); we report its findings and fail.

; ERR: Failed to find DILocalScope
; ERR-NEXT: !6 = !DILocation(line: 2, column: 3, scope: !3, inlinedAt: !5)
; ERR-NEXT: inlined-at should be a location
; ERR: error: Broken module found, compilation aborted!
define void @brk() !dbg !5 {
  ret void, !dbg !6
}
!llvm.module.flags = !{!0}
!llvm.dbg.cu = !{!1}
!0 = !{i32 2, !"Debug Info Version", i32 3}
!1 = distinct !DICompileUnit(language: DW_LANG_C99, file: !2, producer: "t", isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug)
!2 = !DIFile(filename: "t.c", directory: "/src")
!3 = !DISubroutineType(types: !4)
!4 = !{null}
!5 = distinct !DISubprogram(name: "brk", scope: !2, file: !2, line: 1, type: !3, spFlags: DISPFlagDefinition, unit: !1)
!6 = !DILocation(line: 2, column: 3, scope: !5, inlinedAt: !4)

; // -----

; Checks on the nodes themselves, reached from the function's subprogram, the
; call's metadata operands and the instructions' locations: a location among a
; subprogram's retained nodes, a file among a subroutine's types, a variable and
; a lexical block scoped by a file.

; ERR: invalid retained nodes, expected DILocalVariable, DILabel or DIImportedEntity
; ERR-NEXT: !3 = distinct !DISubprogram(name: "kept"
; ERR-NEXT: !6 = !{!7}
; ERR-NEXT: !7 = !DILocation(line: 2, column: 3, scope: !3)
; ERR-NEXT: invalid subroutine type ref
; ERR-NEXT: !4 = !DISubroutineType(types: !5)
; ERR-NEXT: !5 = !{null, !2}
; ERR-NEXT: !2 = !DIFile(filename: "t.c", directory: "/src")
; ERR-NEXT: local variable requires a valid scope
; ERR-NEXT: !8 = !DILocalVariable(name: "v", scope: !2
; ERR-NEXT: !2 = !DIFile(filename: "t.c", directory: "/src")
; ERR-NEXT: invalid local scope
; ERR-NEXT: !11 = distinct !DILexicalBlock(scope: !2, file: !2, line: 2)
; ERR-NEXT: !2 = !DIFile(filename: "t.c", directory: "/src")
; ERR-NEXT: warning: ignoring invalid debug info
; CHECK-LABEL: llvm.func @kept(%arg0: i32)
; CHECK-NEXT: llvm.return
declare void @llvm.dbg.value(metadata, metadata, metadata)
define void @kept(i32 %x) !dbg !5 {
  call void @llvm.dbg.value(metadata i32 %x, metadata !9, metadata !DIExpression()), !dbg !7
  ret void, !dbg !12
}
!llvm.module.flags = !{!0}
!llvm.dbg.cu = !{!1}
!0 = !{i32 2, !"Debug Info Version", i32 3}
!1 = distinct !DICompileUnit(language: DW_LANG_C99, file: !2, producer: "t", isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug)
!2 = !DIFile(filename: "t.c", directory: "/src")
!3 = !DISubroutineType(types: !4)
!4 = !{null, !2}
!5 = distinct !DISubprogram(name: "kept", scope: !2, file: !2, line: 1, type: !3, spFlags: DISPFlagDefinition, unit: !1, retainedNodes: !14)
!7 = !DILocation(line: 2, column: 3, scope: !5)
!9 = !DILocalVariable(name: "v", scope: !2, file: !2, line: 6, type: !10)
!10 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!11 = distinct !DILexicalBlock(scope: !2, file: !2, line: 2)
!12 = !DILocation(line: 3, column: 1, scope: !11)
!14 = !{!7}

; // -----

; The module's own debug info is checked after the functions': a global's !dbg
; that is not a global variable expression, an llvm.dbg.cu entry that is not a
; compile unit (the named node is quoted whole), a pointer to a file and a
; structure whose elements are not a tuple.

; ERR: invalid base type
; ERR-NEXT: !5 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !3, size: 64)
; ERR-NEXT: !3 = !DIFile(filename: "t.c", directory: "/src")
; ERR-NEXT: invalid composite elements
; ERR-NEXT: !6 = !DICompositeType(tag: DW_TAG_structure_type, name: "s"
; ERR-NEXT: !0 = !DIBasicType(name: "int"
; ERR-NEXT: !dbg attachment of global variable must be a DIGlobalVariableExpression
; ERR-NEXT: invalid compile unit
; ERR-NEXT: !llvm.dbg.cu = !{!2, !3}
; ERR-EMPTY:
; ERR-NEXT: !3 = !DIFile(filename: "t.c", directory: "/src")
; ERR-NEXT: warning: ignoring invalid debug info
; CHECK: llvm.mlir.global external @counter(0 : i32)
; CHECK-NOT: dbg_expr
@counter = global i32 0, !dbg !9
define void @uses() !dbg !5 {
  ret void, !dbg !7
}
!llvm.module.flags = !{!0}
!llvm.dbg.cu = !{!1, !2}
!0 = !{i32 2, !"Debug Info Version", i32 3}
!1 = distinct !DICompileUnit(language: DW_LANG_C99, file: !2, producer: "t", isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug, retainedTypes: !11)
!2 = !DIFile(filename: "t.c", directory: "/src")
!3 = !DISubroutineType(types: !4)
!4 = !{null}
!5 = distinct !DISubprogram(name: "uses", scope: !2, file: !2, line: 1, type: !3, spFlags: DISPFlagDefinition, unit: !1)
!7 = !DILocation(line: 2, column: 3, scope: !5)
!9 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!10 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !2, size: 64)
!11 = !{!10, !12}
!12 = !DICompositeType(tag: DW_TAG_structure_type, name: "s", file: !2, line: 3, size: 32, elements: !9)
