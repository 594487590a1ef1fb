; RUN: not pytranslate -import-llvm -split-input-file %s | filecheck %s
; RUN: not pytranslate -import-llvm -emit-expensive-warnings -split-input-file %s 2>&1 >/dev/null | filecheck %s --check-prefix=WARN

; LLVM 19 debug records import as the llvm.intr.dbg.* ops of the intrinsics they
; stand for. Each is placed right after the definition of its operand (function
; arguments: at the entry block's start), so records on the same value come out
; in reverse order. A constant first used by a record is materialised after the
; function's last constant, ahead of the debug ops already placed there.
; Argument lists cannot be represented and are dropped (a warning with
; -emit-expensive-warnings, at the record's location).

; CHECK-LABEL: llvm.func @sum(%arg0: i32, %arg1: !llvm.ptr) -> i32
; CHECK-NEXT:    llvm.intr.dbg.declare #[[V:di_local_variable[0-9]*]] #llvm.di_expression<[DW_OP_deref]> = %arg1 : !llvm.ptr
; CHECK-NEXT:    llvm.intr.dbg.value #[[A:di_local_variable[0-9]*]] = %arg0 : i32
; CHECK-NEXT:    %[[ONE:.+]] = llvm.mlir.constant(1 : i32) : i32
; CHECK-NEXT:    llvm.intr.dbg.value #[[V]] #llvm.di_expression<[DW_OP_LLVM_fragment(0, 32)]> = %[[ONE]] : i32
; CHECK-NEXT:    %[[SEVEN:.+]] = llvm.mlir.constant(7 : i32) : i32
; CHECK-NEXT:    llvm.intr.dbg.value #[[V]] = %[[SEVEN]] : i32
; CHECK-NEXT:    %[[NINE:.+]] = llvm.mlir.constant(9 : i64) : i64
; CHECK-NEXT:    llvm.intr.dbg.value #[[V]] #llvm.di_expression<[DW_OP_LLVM_fragment(32, 32)]> = %[[NINE]] : i64
; CHECK-NEXT:    llvm.intr.dbg.value #[[A]] = %[[SEVEN]] : i32
; CHECK-NEXT:    %[[S:.+]] = llvm.add %arg0, %[[ONE]] : i32
; CHECK-NEXT:    llvm.intr.dbg.value #[[A]] = %[[S]] : i32
; CHECK-NEXT:    llvm.intr.dbg.label #{{.*}}
; CHECK-NEXT:    llvm.return %[[S]] : i32
; WARN: sum.c:3:5: warning: dropped intrinsic:   tail call void @llvm.dbg.value(metadata !DIArgList(i32 %x, i32 %s), metadata !7, metadata !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_plus, DW_OP_stack_value)), !dbg !11
define i32 @sum(i32 %x, ptr %p) !dbg !5 {
entry:
    #dbg_value(i32 %x, !10, !DIExpression(), !12)
    #dbg_declare(ptr %p, !11, !DIExpression(DW_OP_deref), !12)
  %s = add i32 %x, 1, !dbg !12
    #dbg_value(i32 %s, !10, !DIExpression(), !13)
    #dbg_value(i32 7, !10, !DIExpression(), !13)
    #dbg_value(i32 1, !11, !DIExpression(DW_OP_LLVM_fragment, 0, 32), !13)
    #dbg_value(i64 9, !11, !DIExpression(DW_OP_LLVM_fragment, 32, 32), !13)
    #dbg_value(i32 7, !11, !DIExpression(), !13)
    #dbg_value(!DIArgList(i32 %x, i32 %s), !10, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_plus, DW_OP_stack_value), !13)
    #dbg_label(!14, !13)
  ret i32 %s, !dbg !13
}

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3}

!0 = distinct !DICompileUnit(language: DW_LANG_C11, file: !1, producer: "p", isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug)
!1 = !DIFile(filename: "sum.c", directory: "/w")
!2 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!3 = !{i32 2, !"Debug Info Version", i32 3}
!5 = distinct !DISubprogram(name: "sum", scope: !1, file: !1, line: 1, type: !6, scopeLine: 1, spFlags: DISPFlagDefinition, unit: !0)
!6 = !DISubroutineType(types: !7)
!7 = !{!2, !2}
!10 = !DILocalVariable(name: "x", arg: 1, scope: !5, file: !1, line: 1, type: !2)
!11 = !DILocalVariable(name: "v", scope: !5, file: !1, line: 2, type: !15)
!12 = !DILocation(line: 2, column: 3, scope: !5)
!13 = !DILocation(line: 3, column: 5, scope: !5)
!14 = !DILabel(scope: !5, name: "here", file: !1, line: 3)
!15 = !DIBasicType(name: "long", size: 64, encoding: DW_ATE_signed)

; // -----

; MLIR 19 has no op for dbg.assign: the import fails at the record's location,
; quoting the intrinsic the record stands for with metadata numbered as LLVM
; prints it (not as this file numbers it).

; WARN: t.c:5:7: error: unhandled intrinsic:   tail call void @llvm.dbg.assign(metadata i32 0, metadata !4, metadata !DIExpression(), metadata !6, metadata ptr %p, metadata !DIExpression()), !dbg !7
define void @g(ptr %p) !dbg !30 {
    #dbg_assign(i32 0, !50, !DIExpression(), !60, ptr %p, !DIExpression(), !70)
  ret void, !dbg !70
}

!llvm.dbg.cu = !{!10}
!llvm.module.flags = !{!20}
!10 = distinct !DICompileUnit(language: DW_LANG_C11, file: !11, isOptimized: true, runtimeVersion: 0, emissionKind: FullDebug)
!11 = !DIFile(filename: "t.c", directory: "/w")
!20 = !{i32 2, !"Debug Info Version", i32 3}
!30 = distinct !DISubprogram(name: "g", scope: !11, file: !11, line: 4, spFlags: DISPFlagDefinition, unit: !10)
!40 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!50 = !DILocalVariable(name: "x", scope: !30, file: !11, line: 5, type: !40)
!60 = distinct !DIAssignID()
!70 = !DILocation(line: 5, column: 7, scope: !30)

; // -----

; Without a "Debug Info Version" flag of 3, LLVM 19's reader drops the debug
; info (records, attachments, llvm.dbg.cu) and says so on stderr.

; WARN: warning: ignoring debug info with an invalid version (0) in {{.*}}
; CHECK-LABEL: llvm.func @h(%arg0: i32) {
; CHECK-NEXT:    llvm.return
; CHECK-NEXT:  }
define void @h(i32 %v) !dbg !3 {
    #dbg_value(i32 %v, !4, !DIExpression(), !5)
  ret void, !dbg !5
}
!llvm.dbg.cu = !{!0}
!0 = distinct !DICompileUnit(language: DW_LANG_C11, file: !1, isOptimized: true, runtimeVersion: 0, emissionKind: FullDebug)
!1 = !DIFile(filename: "t.c", directory: "/w")
!3 = distinct !DISubprogram(name: "h", scope: !1, file: !1, line: 4, spFlags: DISPFlagDefinition, unit: !0)
!4 = !DILocalVariable(name: "v", scope: !3, file: !1, line: 5)
!5 = !DILocation(line: 5, column: 7, scope: !3)
