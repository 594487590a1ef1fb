; RUN: pytranslate -import-llvm -mlir-print-debuginfo %s | filecheck %s

; Instruction locations become fused<#di_subprogram> locations, inlined ones call sites;
; dbg.value becomes llvm.intr.dbg.value placed after its operand.

; CHECK: #[[FILE:.+]] = #llvm.di_file<"src.c" in "/tmp">
; CHECK: #[[SP:.+]] = #llvm.di_subprogram<id = distinct[{{.*}}]<>, compileUnit = #{{.*}}, scope = #[[FILE]], name = "f", file = #[[FILE]], line = 3, subprogramFlags = Definition>
; CHECK: #[[VAR:.+]] = #llvm.di_local_variable<scope = #[[SP]], name = "x", file = #[[FILE]], line = 4, type = #{{.*}}>
; CHECK-LABEL: llvm.func @f(
define i32 @f(i32 %a) !dbg !3 {
  ; CHECK: %[[V:.+]] = llvm.add
  ; CHECK-NEXT: llvm.intr.dbg.value #[[VAR]] = %[[V]] : i32 loc(#[[L1:[a-z0-9]+]])
  %x = add i32 %a, 1, !dbg !5
  ; CHECK: llvm.mul {{.*}} loc(#[[L2:[a-z0-9]+]])
  %y = mul i32 %x, %x, !dbg !7
  call void @llvm.dbg.value(metadata i32 %x, metadata !8, metadata !DIExpression()), !dbg !5
  ret i32 %y
}
; CHECK: } loc(#{{.*}})

declare void @llvm.dbg.value(metadata, metadata, metadata)

; CHECK-DAG: #[[RAW:.+]] = loc("src.c":4:2)
; CHECK-DAG: #[[L1]] = loc(fused<#[[SP]]>[#[[RAW]]])
; CHECK-DAG: #[[L2]] = loc(callsite(#{{.*}} at #{{.*}}))

!llvm.dbg.cu = !{!1}
!llvm.module.flags = !{!0}
!0 = !{i32 2, !"Debug Info Version", i32 3}
!1 = distinct !DICompileUnit(language: DW_LANG_C, file: !2)
!2 = !DIFile(filename: "src.c", directory: "/tmp")
!3 = distinct !DISubprogram(name: "f", scope: !2, file: !2, line: 3, spFlags: DISPFlagDefinition, unit: !1)
!4 = distinct !DISubprogram(name: "g", scope: !2, file: !2, spFlags: DISPFlagDefinition, unit: !1)
!5 = !DILocation(line: 4, column: 2, scope: !3)
!6 = !DILocation(line: 5, column: 2, scope: !3)
!7 = !DILocation(line: 9, column: 1, scope: !4, inlinedAt: !6)
!8 = !DILocalVariable(name: "x", scope: !3, file: !2, line: 4, type: !9)
!9 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
