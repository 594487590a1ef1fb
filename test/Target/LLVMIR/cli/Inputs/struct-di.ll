@p = global i64 0, !dbg !3

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!2}
!0 = distinct !DICompileUnit(language: DW_LANG_C, file: !1, emissionKind: FullDebug, globals: !4)
!1 = !DIFile(filename: "pair.c", directory: "/")
!2 = !{i32 2, !"Debug Info Version", i32 3}
!3 = !DIGlobalVariableExpression(var: !5, expr: !DIExpression())
!4 = !{!3}
!5 = distinct !DIGlobalVariable(name: "p", scope: !0, file: !1, line: 1, type: !7, isDefinition: true)
!7 = !DICompositeType(tag: DW_TAG_structure_type, name: "pair", size: 64, elements: !8)
!8 = !{!9, !10}
!9 = !DIDerivedType(tag: DW_TAG_member, name: "a", baseType: !11, size: 32)
!10 = !DIDerivedType(tag: DW_TAG_member, name: "b", baseType: !11, size: 32, offset: 32)
!11 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
