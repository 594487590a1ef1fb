; RUN: not pytranslate -import-llvm %s 2>&1 >/dev/null | filecheck %s

; MLIR 19 has no global aliases: a constant naming one (a C++ vtable slot holding the
; complete-object destructor, aliased to the base destructor) fails the global that uses it.

; CHECK: <unknown>:0: error: unhandled constant: @dtor_alias = unnamed_addr alias void (ptr), ptr @dtor_base
; CHECK-EMPTY:
; CHECK-NEXT: <unknown>:0: error: unhandled global variable: @table = constant [2 x ptr] [ptr null, ptr @dtor_alias]

@table = constant [2 x ptr] [ptr null, ptr @dtor_alias]
@dtor_alias = unnamed_addr alias void (ptr), ptr @dtor_base

define void @dtor_base(ptr %this) {
  ret void
}
