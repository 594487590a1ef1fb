; RUN: pytranslate -import-llvm -split-input-file %s 2>&1 >/dev/null | filecheck %s
; RUN: pytranslate -import-llvm -split-input-file %s 2>/dev/null | filecheck %s --check-prefix=IR

; More of LLVM 19's debug-info checks: a failure is printed with the values involved, then
; the module's debug info is dropped with a warning and the import goes on.

; A distinct !dbg on a declaration (what call-site info may attach is a uniqued one).
; CHECK: function declaration may only have a unique !dbg attachment
; CHECK-NEXT: ptr @ext
; CHECK-NEXT: warning: ignoring invalid debug info
; IR: llvm.func @ext()
declare !dbg !5 void @ext()
!llvm.module.flags = !{!0}
!llvm.dbg.cu = !{!1}
!0 = !{i32 2, !"Debug Info Version", i32 3}
!1 = distinct !DICompileUnit(language: DW_LANG_C99, file: !2, producer: "t", isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug)
!2 = !DIFile(filename: "t.c", directory: "/src")
!3 = !DISubroutineType(types: !4)
!4 = !{null}
!5 = distinct !DISubprogram(name: "ext", scope: !2, file: !2, line: 1, type: !3, spFlags: 0)

; // -----

; A #dbg_label record whose label is a file; a variable whose type is a file, reported by
; the variable's own visit and again by each record that uses it; its record's location
; is visited first.
; CHECK: invalid #dbg_label intrinsic variable
; CHECK-NEXT: #dbg_label(!2, !6)
; CHECK-NEXT: !2 = !DIFile(filename: "t.c", directory: "/src")
; CHECK-NEXT: location requires a valid scope
; CHECK-NEXT: !8 = !DILocation(line: 3, column: 1, scope: !2)
; CHECK-NEXT: !2 = !DIFile
; CHECK-NEXT: invalid type ref
; CHECK-NEXT: !7 = !DILocalVariable(name: "v", scope: !3, file: !2, line: 1, type: !2)
; CHECK-NEXT: !2 = !DIFile
; CHECK-NEXT: invalid type ref
; CHECK-NEXT: !7 = !DILocalVariable(name: "v", scope: !3, file: !2, line: 1, type: !2)
; CHECK-NEXT: !2 = !DIFile
; CHECK-NEXT: warning: ignoring invalid debug info
; IR-LABEL: llvm.func @rec(%arg0: i32)
; IR-NEXT: llvm.return
define void @rec(i32 %x) !dbg !5 {
    #dbg_label(!2, !7)
    #dbg_value(i32 %x, !9, !DIExpression(), !8)
  ret void
}
!llvm.module.flags = !{!0}
!llvm.dbg.cu = !{!1}
!0 = !{i32 2, !"Debug Info Version", i32 3}
!1 = distinct !DICompileUnit(language: DW_LANG_C99, file: !2, producer: "t", isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug)
!2 = !DIFile(filename: "t.c", directory: "/src")
!3 = !DISubroutineType(types: !4)
!4 = !{null}
!5 = distinct !DISubprogram(name: "rec", scope: !2, file: !2, line: 1, type: !3, spFlags: DISPFlagDefinition, unit: !1)
!7 = !DILocation(line: 2, column: 1, scope: !5)
!8 = !DILocation(line: 3, column: 1, scope: !2)
!9 = !DILocalVariable(name: "v", scope: !5, file: !2, line: 1, type: !2)

; // -----

; In a module read with intrinsics, a dbg.label call stays a call: its label belongs to
; another function.
; CHECK: mismatched subprogram between llvm.dbg.label label and !dbg attachment
; CHECK-NEXT: call void @llvm.dbg.label(metadata !8), !dbg !7
; CHECK-NEXT: label %0
; CHECK-NEXT: ptr @old
; CHECK-NEXT: !8 = !DILabel(scope: !9, name: "l", file: !2, line: 1)
; CHECK-NEXT: !9 = distinct !DISubprogram(name: "other"
; CHECK-NEXT: !7 = !DILocation(line: 2, column: 1, scope: !3)
; CHECK-NEXT: !3 = distinct !DISubprogram(name: "old"
; CHECK-NEXT: warning: ignoring invalid debug info
declare void @llvm.dbg.value(metadata, metadata, metadata)
declare void @llvm.dbg.label(metadata)
define void @old(i32 %x) !dbg !5 {
  call void @llvm.dbg.value(metadata i32 %x, metadata !9, metadata !DIExpression()), !dbg !7
  call void @llvm.dbg.label(metadata !10), !dbg !7
  ret void
}
!llvm.module.flags = !{!0}
!llvm.dbg.cu = !{!1}
!0 = !{i32 2, !"Debug Info Version", i32 3}
!1 = distinct !DICompileUnit(language: DW_LANG_C99, file: !2, producer: "t", isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug)
!2 = !DIFile(filename: "t.c", directory: "/src")
!3 = !DISubroutineType(types: !4)
!4 = !{null}
!5 = distinct !DISubprogram(name: "old", scope: !2, file: !2, line: 1, type: !3, spFlags: DISPFlagDefinition, unit: !1)
!6 = distinct !DISubprogram(name: "other", scope: !2, file: !2, line: 9, type: !3, spFlags: DISPFlagDefinition, unit: !1)
!7 = !DILocation(line: 2, column: 1, scope: !5)
!9 = !DILocalVariable(name: "v", scope: !5, file: !2, line: 1)
!10 = !DILabel(scope: !6, name: "l", file: !2, line: 1)

; // -----

; A global variable's checks run from its attachment, from the expression in the
; compile unit's list and from the variable itself; the unit's lists are checked too.
; CHECK: invalid type ref
; CHECK-NEXT: !1 = distinct !DIGlobalVariable(name: "g", scope: !2, file: !3, line: 1, type: !3, isLocal: false, isDefinition: true)
; CHECK-NEXT: !3 = !DIFile
; CHECK-NEXT: invalid enum type
; CHECK-NEXT: !2 = distinct !DICompileUnit(
; CHECK-NEXT: !4 = !{!3}
; CHECK-NEXT: !3 = !DIFile
; CHECK-NEXT: invalid type ref
; CHECK-NEXT: !1 = distinct !DIGlobalVariable(name: "g"
; CHECK-NEXT: !3 = !DIFile
; CHECK-NEXT: invalid type ref
; CHECK-NEXT: !1 = distinct !DIGlobalVariable(name: "g"
; CHECK-NEXT: !3 = !DIFile
; CHECK-NEXT: warning: ignoring invalid debug info
; IR: llvm.mlir.global external @g(0 : i32)
@g = global i32 0, !dbg !10
!llvm.module.flags = !{!0}
!llvm.dbg.cu = !{!1}
!0 = !{i32 2, !"Debug Info Version", i32 3}
!1 = distinct !DICompileUnit(language: DW_LANG_C99, file: !2, producer: "t", isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug, enums: !3, globals: !5)
!2 = !DIFile(filename: "t.c", directory: "/src")
!3 = !{!2}
!5 = !{!10}
!10 = !DIGlobalVariableExpression(var: !12, expr: !DIExpression())
!12 = distinct !DIGlobalVariable(name: "g", scope: !1, file: !2, line: 1, type: !2, isLocal: false, isDefinition: true)

; // -----

; Types: a member whose scope is a tuple, an array without an element type. Dropping the
; debug info also takes the locations out of a loop's metadata and keeps the rest.
; CHECK: invalid scope
; CHECK-NEXT: !{{[0-9]+}} = !DIDerivedType(tag: DW_TAG_member, name: "m", scope: ![[T:[0-9]+]], baseType: !{{[0-9]+}}, size: 32)
; CHECK-NEXT: ![[T]] = !{null}
; CHECK-NEXT: array types must have a base type
; CHECK-NEXT: !{{[0-9]+}} = !DICompositeType(tag: DW_TAG_array_type, size: 64, elements: !{{[0-9]+}})
; CHECK-NEXT: warning: ignoring invalid debug info
; IR: #loop_annotation = #llvm.loop_annotation<mustProgress = true>
; IR-LABEL: llvm.func @types
; IR: llvm.br ^bb1 {loop_annotation = #loop_annotation}
define void @types() !dbg !5 {
entry:
  br label %l
l:
  br label %l, !dbg !7, !llvm.loop !20
}
!llvm.module.flags = !{!0}
!llvm.dbg.cu = !{!1}
!0 = !{i32 2, !"Debug Info Version", i32 3}
!1 = distinct !DICompileUnit(language: DW_LANG_C99, file: !2, producer: "t", isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug)
!2 = !DIFile(filename: "t.c", directory: "/src")
!3 = !DISubroutineType(types: !4)
!4 = !{null, !11, !13}
!5 = distinct !DISubprogram(name: "types", scope: !2, file: !2, line: 1, type: !3, spFlags: DISPFlagDefinition, unit: !1)
!7 = !DILocation(line: 2, column: 1, scope: !5)
!10 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!11 = !DIDerivedType(tag: DW_TAG_member, name: "m", scope: !12, baseType: !10, size: 32)
!12 = !{null}
!13 = !DICompositeType(tag: DW_TAG_array_type, size: 64, elements: !14)
!14 = !{!15}
!15 = !DISubrange(count: 2)
!20 = distinct !{!20, !7, !21, !22}
!21 = !DILocation(line: 3, column: 1, scope: !5)
!22 = !{!"llvm.loop.mustprogress"}
