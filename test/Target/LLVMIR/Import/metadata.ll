; RUN: pytranslate -import-llvm -split-input-file %s | filecheck %s
; RUN: pytranslate -import-llvm -split-input-file %s 2>&1 >/dev/null | filecheck %s --check-prefix=WARN

; Access groups, alias scopes and TBAA tags on memory accesses and calls.

; CHECK-DAG: #[[G:.*]] = #llvm.access_group<id = distinct[{{[0-9]+}}]<>>
; CHECK-DAG: #[[DOM:.*]] = #llvm.alias_scope_domain<id = distinct[{{[0-9]+}}]<>, description = "dom">
; CHECK-DAG: #[[SA:.*]] = #llvm.alias_scope<id = distinct[{{[0-9]+}}]<>, domain = #[[DOM]], description = "a">
; CHECK-DAG: #[[SB:.*]] = #llvm.alias_scope<id = distinct[{{[0-9]+}}]<>, domain = #[[DOM]]>
; CHECK-DAG: #[[ROOT:.*]] = #llvm.tbaa_root<id = "my root">
; CHECK-DAG: #[[CHAR:.*]] = #llvm.tbaa_type_desc<id = "char", members = {<#[[ROOT]], 0>}>
; CHECK-DAG: #[[INT:.*]] = #llvm.tbaa_type_desc<id = "int", members = {<#[[CHAR]], 0>}>
; CHECK-DAG: #[[PAIR:.*]] = #llvm.tbaa_type_desc<id = "pair", members = {<#[[INT]], 0>, <#[[INT]], 4>}>
; CHECK-DAG: #[[TAG:.*]] = #llvm.tbaa_tag<base_type = #[[PAIR]], access_type = #[[INT]], offset = 4>
; CHECK-DAG: #[[CTAG:.*]] = #llvm.tbaa_tag<base_type = #[[INT]], access_type = #[[INT]], offset = 0, constant = true>

; CHECK-LABEL: llvm.func @mem
define void @mem(ptr %p, i32 %v) {
  ; CHECK: llvm.load %{{.*}} {access_groups = [#[[G]]], alias_scopes = [#[[SA]]], alignment = 4 : i64, noalias_scopes = [#[[SB]]], tbaa = [#[[TAG]]]} : !llvm.ptr -> i32
  %a = load i32, ptr %p, align 4, !llvm.access.group !0, !alias.scope !3, !noalias !4, !tbaa !10
  ; CHECK: llvm.store %{{.*}}, %{{.*}} {alignment = 4 : i64, tbaa = [#[[CTAG]]]} : i32, !llvm.ptr
  store i32 %v, ptr %p, align 4, !tbaa !11
  ; CHECK: "llvm.intr.memset"({{.*}}) <{alias_scopes = [#[[SB]]], isVolatile = false}>
  call void @llvm.memset.p0.i32(ptr %p, i8 0, i32 8, i1 false), !alias.scope !4
  ; CHECK: llvm.call @ext(%{{.*}}) {access_groups = [#[[G]]]} : (!llvm.ptr) -> ()
  call void @ext(ptr %p), !llvm.access.group !0
  ; CHECK: llvm.intr.experimental.noalias.scope.decl #[[SA]]
  call void @llvm.experimental.noalias.scope.decl(metadata !3)
  ret void
}

declare void @ext(ptr)
declare void @llvm.memset.p0.i32(ptr, i8, i32, i1 immarg)
declare void @llvm.experimental.noalias.scope.decl(metadata)

!0 = distinct !{}
!1 = distinct !{!1, !"dom"}
!2 = distinct !{!2, !1, !"a"}
!3 = !{!2}
!4 = !{!5}
!5 = distinct !{!5, !1}
!6 = !{!"my root"}
!7 = !{!"char", !6, i64 0}
!8 = !{!"int", !7, i64 0}
!9 = !{!"pair", !8, i64 0, !8, i64 4}
!10 = !{!9, !8, i64 4}
!11 = !{!8, !8, i64 0, i64 1}

; // -----

; Loop metadata on both kinds of conditional and unconditional branches.

; CHECK-DAG: #[[G0:.*]] = #llvm.access_group<id = distinct[{{[0-9]+}}]<>>
; CHECK-DAG: #[[NEXT:.*]] = #llvm.loop_annotation<disableNonforced = true>
; CHECK-DAG: #[[UNROLL:.*]] = #llvm.loop_unroll<disable = false, count = 4 : i32, followupAll = #[[NEXT]]>
; CHECK-DAG: #[[VEC:.*]] = #llvm.loop_vectorize<disable = true, width = 8 : i32>
; CHECK-DAG: #[[LICM:.*]] = #llvm.loop_licm<versioningDisable = true>
; CHECK-DAG: #[[UJ:.*]] = #llvm.loop_unroll_and_jam<disable = true>
; CHECK-DAG: #[[LOOP:.*]] = #llvm.loop_annotation<vectorize = #[[VEC]], unroll = #[[UNROLL]], unrollAndJam = #[[UJ]], licm = #[[LICM]], mustProgress = true, parallelAccesses = #[[G0]]>

; The second group of parallel_accesses is attached to no access: dropped, with a warning.
; WARN: warning: could not lookup access group
; CHECK-LABEL: llvm.func @loop
define void @loop(ptr %p, i1 %c) {
entry:
  br label %body
body:
  %x = load i32, ptr %p, !llvm.access.group !1
  ; CHECK: llvm.cond_br %{{.*}}, ^{{.*}}, ^{{.*}} {loop_annotation = #[[LOOP]]}
  br i1 %c, label %body, label %exit, !llvm.loop !2
exit:
  ret void
}

!1 = distinct !{}
!2 = distinct !{!2, !3, !4, !5, !6, !7, !8, !9, !10, !11}
!3 = !{!"llvm.loop.unroll.enable"}
!4 = !{!"llvm.loop.unroll.count", i32 4}
!5 = !{!"llvm.loop.vectorize.enable", i1 false}
!6 = !{!"llvm.loop.vectorize.width", i32 8}
!7 = !{!"llvm.loop.mustprogress"}
!8 = !{!"llvm.loop.parallel_accesses", !1, !14}
!9 = !{!"llvm.loop.unroll.followup_all", !12}
!10 = !{!"llvm.loop.licm_versioning.disable"}
!11 = !{!"llvm.loop.unroll_and_jam.disable"}
!12 = distinct !{!12, !13}
!13 = !{!"llvm.loop.disable_nonforced"}
!14 = distinct !{}
