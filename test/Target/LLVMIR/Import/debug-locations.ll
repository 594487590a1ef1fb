; RUN: pytranslate -import-llvm -mlir-print-debuginfo %s | filecheck %s

; Locations: a phi's block argument is located where the phi was; a global's
; initializer region returns at the global's location; instructions inlined from
; another function get callsite locations.

; CHECK: llvm.mlir.global external @p()
; CHECK:   llvm.return %{{.*}} : !llvm.ptr loc(#[[MODLOC:loc[0-9]*]])
; CHECK: } loc(#[[MODLOC]])
@g = global i32 0
@p = global ptr @g

; CHECK-LABEL: llvm.func @pick
; CHECK: ^bb2(%{{.*}}: i32 loc(fused<#di_subprogram>[#[[PHIFILE:loc[0-9]+]]])):
; CHECK: llvm.add {{.*}} loc(#[[INL:loc[0-9]+]])
define i32 @pick(i1 %c, i32 %a) !dbg !4 {
entry:
  br i1 %c, label %then, label %join, !dbg !8
then:
  br label %join, !dbg !8
join:
  %v = phi i32 [ %a, %entry ], [ 0, %then ], !dbg !9
  %w = add i32 %v, 1, !dbg !10
  ret i32 %w, !dbg !9
}

; CHECK-DAG: #[[MODLOC]] = loc("{{.*}}debug-locations.ll":0:0)
; CHECK-DAG: #[[INL]] = loc(callsite(#{{loc[0-9]+}} at #{{loc[0-9]+}}))

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3}
!0 = distinct !DICompileUnit(language: DW_LANG_C11, file: !1, isOptimized: true, runtimeVersion: 0, emissionKind: FullDebug)
!1 = !DIFile(filename: "l.c", directory: "/w")
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = distinct !DISubprogram(name: "pick", scope: !1, file: !1, line: 2, spFlags: DISPFlagDefinition, unit: !0)
!5 = distinct !DISubprogram(name: "inc", scope: !1, file: !1, line: 10, spFlags: DISPFlagDefinition, unit: !0)
!8 = !DILocation(line: 3, column: 7, scope: !4)
!9 = !DILocation(line: 4, column: 9, scope: !4)
!10 = !DILocation(line: 11, column: 12, scope: !5, inlinedAt: !9)
