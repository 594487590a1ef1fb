; RUN: pytranslate -import-llvm -split-input-file %s | filecheck %s

; Profiling metadata: the entry count of a function and branch weights on the ops
; that carry them (calls and invokes included).

declare void @callee()
declare i32 @__gxx_personality_v0(...)

; CHECK-LABEL: llvm.func @weights
; CHECK-SAME: function_entry_count = 12 : i64
define void @weights(i1 %c) personality ptr @__gxx_personality_v0 !prof !0 {
  ; CHECK: llvm.call @callee() {branch_weights = array<i32: 5>} : () -> ()
  call void @callee(), !prof !1
  ; CHECK: llvm.invoke @callee() to ^bb1 unwind ^bb2 {branch_weights = array<i32: 3, 1>} : () -> ()
  invoke void @callee() to label %ok unwind label %bad, !prof !2
ok:
  ret void
bad:
  %l = landingpad { ptr, i32 } cleanup
  ret void
}

!0 = !{!"function_entry_count", i64 12}
!1 = !{!"branch_weights", i32 5}
!2 = !{!"branch_weights", i32 3, i32 1}

; // -----

; Function attributes with a non-trivial spelling.

; CHECK-LABEL: llvm.func @attrs()
; CHECK-SAME: vscale_range(1, 16)
; CHECK-SAME: frame_pointer = #llvm.framePointerKind<"non-leaf">
; CHECK-SAME: memory = #llvm.memory_effects<other = read, argMem = readwrite, inaccessibleMem = none>
define void @attrs() vscale_range(1,16) "frame-pointer"="non-leaf" memory(read, argmem: readwrite, inaccessiblemem: none) {
  ret void
}
