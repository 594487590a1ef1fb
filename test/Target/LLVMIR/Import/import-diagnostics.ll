; RUN: not pytranslate -import-llvm -emit-expensive-warnings -split-input-file %s 2>&1 >/dev/null | filecheck %s
; RUN: not pytranslate -import-llvm -emit-expensive-warnings -split-input-file %s 2>/dev/null | filecheck %s --check-prefix=OUT

; Constructs the importer cannot translate: the errors and warnings quote the
; LLVM IR, with metadata renumbered the way LLVM prints it.
; CHECK: <unknown>:0: error: unhandled constant: ptr blockaddress(@blockaddr_operand, %next) since blockaddress(...) is unsupported
; CHECK-NEXT: <unknown>:0: error: unhandled instruction: %v = ptrtoint ptr blockaddress(@blockaddr_operand, %next) to i64
define i64 @blockaddr_operand() {
  br label %next
next:
  %v = ptrtoint ptr blockaddress(@blockaddr_operand, %next) to i64
  ret i64 %v
}

; // -----

; A struct-path TBAA type node in the "new" format is not supported.
; CHECK: error: unsupported TBAA node format: !1 = !{!2, i64 8, !"long"}
define void @tbaa_new_format(ptr %p) {
  store i64 0, ptr %p, !tbaa !0
  ret void
}

!0 = !{!1, !1, i64 0, i64 8}
!1 = !{!2, i64 8, !"long"}
!2 = !{!"root"}

; // -----

; CHECK: warning: expected an access group node to be empty and distinct
; CHECK-NEXT: error: unsupported access group node: !0 = !{}
define void @group_not_distinct(ptr %p) {
  store i32 0, ptr %p, !llvm.access.group !0
  ret void
}

!0 = !{}

; // -----

; The malformed unroll count only drops the unroll part of the annotation.
; CHECK: <unknown>:0: warning: expected metadata node llvm.loop.unroll.count to hold an i32 value
; CHECK-NOT: unhandled metadata
; OUT: #[[UNROLL_FREE:.*]] = #llvm.loop_annotation<mustProgress = true>
; OUT: llvm.func @loop_bad_count
; OUT: llvm.cond_br %{{.*}}, ^bb1, ^bb2 {loop_annotation = #[[UNROLL_FREE]]}
define void @loop_bad_count(i1 %c) {
entry:
  br label %body
body:
  br i1 %c, label %body, label %exit, !llvm.loop !0
exit:
  ret void
}

!0 = distinct !{!0, !1, !2}
!1 = !{!"llvm.loop.mustprogress"}
!2 = !{!"llvm.loop.unroll.count", i64 4}

; // -----

; CHECK: <unknown>:0: warning: unknown loop annotation llvm.loop.not_a_property
; CHECK-NEXT: <unknown>:0: warning: unhandled metadata: !0 = distinct !{!0, !1} on br i1 %c, label %body, label %exit, !llvm.loop !0
; OUT-LABEL: llvm.func @loop_unknown
; OUT: llvm.cond_br %{{[^{]*}}
; OUT-NOT: loop_annotation
define void @loop_unknown(i1 %c) {
entry:
  br label %body
body:
  br i1 %c, label %body, label %exit, !llvm.loop !0
exit:
  ret void
}

!0 = distinct !{!0, !1}
!1 = !{!"llvm.loop.not_a_property"}

; // -----

; CHECK: <unknown>:0: warning: expected function_entry_count to be attached to a function
; CHECK: <unknown>:0: warning: unhandled metadata: !0 = !{!"function_entry_count", i64 7} on switch i32 %x
define void @entry_count_on_switch(i32 %x) {
entry:
  switch i32 %x, label %a [ i32 1, label %b ], !prof !0
a:
  ret void
b:
  ret void
}

!0 = !{!"function_entry_count", i64 7}

; // -----

; The scope is not used by any memory access: the declaration is dropped.
; CHECK: <unknown>:0: warning: dropped instruction: call void @llvm.experimental.noalias.scope.decl(metadata !0)
; OUT-LABEL: llvm.func @scope_without_access()
; OUT-NEXT: llvm.return
declare void @llvm.experimental.noalias.scope.decl(metadata)

define void @scope_without_access() {
  call void @llvm.experimental.noalias.scope.decl(metadata !0)
  ret void
}

!0 = !{!1}
!1 = distinct !{!1, !2, !"scope"}
!2 = distinct !{!2, !"domain"}

; // -----

; CHECK: error: unsupported alias domain node: !2 = !{!"not a domain"}
define void @scope_bad_domain(ptr %p) {
  store i32 0, ptr %p, !alias.scope !0
  ret void
}

!0 = !{!1}
!1 = distinct !{!1, !2}
!2 = !{!"not a domain"}

; // -----

; LLVM 19 accepts the extra pointer field, the data layout importer does not.
; CHECK: error: cannot translate data layout: p:64:64:64:64:64
target datalayout = "e-p:64:64:64:64:64"
