// RUN: pytranslate -mlir-to-llvmir -split-input-file %s | filecheck %s

// Loop annotations: a distinct self-referencing node, followups shared, nodes numbered in use
// order after the module flags.
#followup = #llvm.loop_annotation<disableNonforced = true>
#group = #llvm.access_group<id = distinct[0]<>>
// CHECK-LABEL: define void @loop(
llvm.func @loop(%p: !llvm.ptr) {
  // CHECK: %[[V:.*]] = load i32, ptr %0, align 4, !llvm.access.group ![[G:[0-9]+]]
  %v = llvm.load %p {access_groups = [#group]} : !llvm.ptr -> i32
  // CHECK: br label %{{[0-9]+}}, !llvm.loop ![[L:[0-9]+]]
  llvm.br ^bb1 {loop_annotation = #llvm.loop_annotation<
      unroll = <disable = false, count = 4 : i32, followupAll = #followup>,
      mustProgress = true, parallelAccesses = #group>}
^bb1:
  llvm.return
}
// CHECK: !llvm.module.flags = !{!0}
// CHECK: !0 = !{i32 2, !"Debug Info Version", i32 3}
// CHECK-NEXT: ![[G]] = distinct !{}
// CHECK-NEXT: ![[L]] = distinct !{![[L]], ![[MP:[0-9]+]], ![[EN:[0-9]+]], ![[CNT:[0-9]+]], ![[FA:[0-9]+]], ![[PA:[0-9]+]]}
// CHECK-NEXT: ![[MP]] = !{!"llvm.loop.mustprogress"}
// CHECK-NEXT: ![[EN]] = !{!"llvm.loop.unroll.enable"}
// CHECK-NEXT: ![[CNT]] = !{!"llvm.loop.unroll.count", i32 4}
// CHECK-NEXT: ![[FA]] = !{!"llvm.loop.unroll.followup_all", ![[FU:[0-9]+]]}
// CHECK-NEXT: ![[FU]] = distinct !{![[FU]], ![[NF:[0-9]+]]}
// CHECK-NEXT: ![[NF]] = !{!"llvm.loop.disable_nonforced"}
// CHECK-NEXT: ![[PA]] = !{!"llvm.loop.parallel_accesses", ![[G]]}

// -----

// Alias scopes and TBAA: attachments print in LLVM's kind order (tbaa, alias.scope, noalias).
#domain = #llvm.alias_scope_domain<id = distinct[0]<>, description = "dom">
#scope1 = #llvm.alias_scope<id = distinct[1]<>, domain = #domain, description = "s1">
#scope2 = #llvm.alias_scope<id = distinct[2]<>, domain = #domain>
#root = #llvm.tbaa_root<id = "Simple C/C++ TBAA">
#char = #llvm.tbaa_type_desc<id = "omnipotent char", members = {<#root, 0>}>
#int = #llvm.tbaa_type_desc<id = "int", members = {<#char, 0>}>
#tag = #llvm.tbaa_tag<base_type = #int, access_type = #int, offset = 0>
// CHECK-LABEL: define void @scopes(
llvm.func @scopes(%p: !llvm.ptr, %v: i32) {
  // CHECK: store i32 %1, ptr %0, align 4, !tbaa ![[T:[0-9]+]], !alias.scope ![[S1:[0-9]+]], !noalias ![[S2:[0-9]+]]
  llvm.store %v, %p {alias_scopes = [#scope1], noalias_scopes = [#scope2], tbaa = [#tag]}
      : i32, !llvm.ptr
  // CHECK: call void @llvm.experimental.noalias.scope.decl(metadata ![[S1]])
  llvm.intr.experimental.noalias.scope.decl #scope1
  llvm.return
}
// CHECK: ![[T]] = !{![[INT:[0-9]+]], ![[INT]], i64 0}
// CHECK-NEXT: ![[INT]] = !{!"int", ![[CHAR:[0-9]+]], i64 0}
// CHECK-NEXT: ![[CHAR]] = !{!"omnipotent char", ![[ROOT:[0-9]+]], i64 0}
// CHECK-NEXT: ![[ROOT]] = !{!"Simple C/C++ TBAA"}
// CHECK-NEXT: ![[S1]] = !{![[SC1:[0-9]+]]}
// CHECK-NEXT: ![[SC1]] = distinct !{![[SC1]], ![[DOM:[0-9]+]], !"s1"}
// CHECK-NEXT: ![[DOM]] = distinct !{![[DOM]], !"dom"}
// CHECK-NEXT: ![[S2]] = !{![[SC2:[0-9]+]]}
// CHECK-NEXT: ![[SC2]] = distinct !{![[SC2]], ![[DOM]]}

// -----

// Module flags: Windows/MSVC targets also get CodeView.
// CHECK: !llvm.module.flags = !{!0, !1}
// CHECK: !1 = !{i32 2, !"CodeView", i32 1}
module attributes {llvm.target_triple = "x86_64-pc-windows-msvc"} {}
