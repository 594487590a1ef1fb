; RUN: pytranslate -import-llvm -mlir-print-debuginfo -split-input-file %s | filecheck %s

; A list node whose member points back to the node: the inner reference becomes a
; rec-self composite type closing the cycle, the outer one carries the same recId.

; CHECK-DAG: #[[SELF:.*]] = #llvm.di_composite_type<tag = DW_TAG_null, recId = distinct[[[RID:[0-9]+]]]<>>
; CHECK-DAG: #[[PTR:.*]] = #llvm.di_derived_type<tag = DW_TAG_pointer_type, baseType = #[[SELF]], sizeInBits = 64>
; CHECK-DAG: #[[NEXT:.*]] = #llvm.di_derived_type<tag = DW_TAG_member, name = "next", baseType = #[[PTR]]>
; CHECK-DAG: #[[NODE:.*]] = #llvm.di_composite_type<tag = DW_TAG_structure_type, recId = distinct[[[RID]]]<>, name = "node", elements = #[[NEXT]]>
; CHECK-DAG: #llvm.di_local_variable<scope = #{{.*}}, name = "n", type = #[[NODE]]>

define void @list(ptr %p) !dbg !3 {
  call void @llvm.dbg.value(metadata ptr %p, metadata !8, metadata !DIExpression()), !dbg !9
  ret void
}

declare void @llvm.dbg.value(metadata, metadata, metadata)

!llvm.dbg.cu = !{!1}
!llvm.module.flags = !{!0}
!0 = !{i32 2, !"Debug Info Version", i32 3}
!1 = distinct !DICompileUnit(language: DW_LANG_C, file: !2)
!2 = !DIFile(filename: "list.c", directory: "/")
!3 = distinct !DISubprogram(name: "list", scope: !2, file: !2, spFlags: DISPFlagDefinition, unit: !1)
!4 = !DICompositeType(tag: DW_TAG_structure_type, name: "node", elements: !5)
!5 = !{!6}
!6 = !DIDerivedType(tag: DW_TAG_member, name: "next", baseType: !7)
!7 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !4, size: 64)
!8 = !DILocalVariable(scope: !3, name: "n", type: !4)
!9 = !DILocation(line: 1, column: 1, scope: !3)

; // -----

; Without spFlags, LLVM's parser derives the flags from the legacy fields, with
; isDefinition defaulting to true. An empty global expression is kept.

; CHECK-DAG: #llvm.di_subprogram<{{.*}}name = "legacy"{{.*}}subprogramFlags = "LocalToUnit|Definition"
; CHECK-DAG: #llvm.di_global_variable_expression<var = #{{.*}}, expr = <>>

@g = global i32 0, !dbg !5

define void @legacy() !dbg !3 {
  ret void
}

!llvm.dbg.cu = !{!1}
!llvm.module.flags = !{!0}
!0 = !{i32 2, !"Debug Info Version", i32 3}
!1 = distinct !DICompileUnit(language: DW_LANG_C, file: !2)
!2 = !DIFile(filename: "legacy.c", directory: "/")
!3 = distinct !DISubprogram(name: "legacy", scope: !2, file: !2, isLocal: true, unit: !1)
!4 = distinct !DIGlobalVariable(name: "g", scope: !1, file: !2, type: !6)
!5 = !DIGlobalVariableExpression(var: !4, expr: !DIExpression())
!6 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
