// RUN: pyopt %s -inline | filecheck %s

// CHECK-DAG: #[[GRP:.*]] = #llvm.access_group<id = distinct[0]<>>
// CHECK-DAG: #[[DOM:.*]] = #llvm.alias_scope_domain<id = distinct[1]<>, description = "dom">
// CHECK-DAG: #[[NEWDOM:.*]] = #llvm.alias_scope_domain<id = distinct[2]<>, description = "copy">
// CHECK-DAG: #[[DOMCOPY:.*]] = #llvm.alias_scope_domain<id = distinct[3]<>, description = "dom">
// CHECK-DAG: #[[SC:.*]] = #llvm.alias_scope<id = distinct[4]<>, domain = #[[DOM]], description = "sc">
// CHECK-DAG: #[[DST:.*]] = #llvm.alias_scope<id = distinct[5]<>, domain = #[[NEWDOM]]>
// CHECK-DAG: #[[SRC:.*]] = #llvm.alias_scope<id = distinct[6]<>, domain = #[[NEWDOM]]>
// CHECK-DAG: #[[SCCOPY:.*]] = #llvm.alias_scope<id = distinct[7]<>, domain = #[[DOMCOPY]], description = "sc">

// CHECK-LABEL: llvm.func @copy_caller(
// CHECK-NEXT:    llvm.intr.experimental.noalias.scope.decl #[[DST]]
// CHECK-NEXT:    llvm.intr.experimental.noalias.scope.decl #[[SRC]]
// CHECK-NEXT:    %[[V:.*]] = llvm.load %arg1 {access_groups = [#[[GRP]]], alias_scopes = [#[[SCCOPY]], #[[SRC]]], noalias_scopes = [#[[DST]]]}
// CHECK-NEXT:    llvm.store %[[V]], %arg0 {access_groups = [#[[GRP]]], alias_scopes = [#[[DST]]], noalias_scopes = [#[[SRC]]]}
// CHECK-NEXT:    llvm.return

// CHECK-LABEL: llvm.func @scratch_caller(
// CHECK-NEXT:    %[[TWO:.*]] = llvm.mlir.constant(2 : i32) : i32
// CHECK-NEXT:    %[[FIXED:.*]] = llvm.alloca %[[TWO]] x f32
// CHECK-NEXT:    llvm.br ^bb1
// CHECK-NEXT:  ^bb1:
// CHECK-NEXT:    %[[SP:.*]] = llvm.intr.stacksave : !llvm.ptr
// CHECK-NEXT:    llvm.intr.lifetime.start 2, %[[FIXED]]
// CHECK-NEXT:    %[[DYN:.*]] = llvm.alloca %arg0 x f32
// CHECK-NEXT:    llvm.load %[[FIXED]]
// CHECK-NEXT:    llvm.load %[[DYN]]
// CHECK-NEXT:    %[[SUM:.*]] = llvm.fadd
// CHECK-NEXT:    llvm.intr.stackrestore %[[SP]]
// CHECK-NEXT:    llvm.intr.lifetime.end 2, %[[FIXED]]
// CHECK-NEXT:    llvm.return %[[SUM]] : f32

// The struct copy is 12 bytes, aligned like its i64 member (4 with the default layout); the
// read-only callee's argument gets its alloca realigned instead of copied.
// CHECK-LABEL: llvm.func @by_value_caller(
// CHECK-NEXT:    %[[SIZE:.*]] = llvm.mlir.constant(12 : i64) : i64
// CHECK-NEXT:    %[[ONE:.*]] = llvm.mlir.constant(1 : i64) : i64
// CHECK-NEXT:    %[[COPY:.*]] = llvm.alloca %[[ONE]] x !llvm.struct<(i8, i64)> {alignment = 4 : i64}
// CHECK-NEXT:    "llvm.intr.memcpy"(%[[COPY]], %arg0, %[[SIZE]]) <{isVolatile = false}>
// CHECK-NEXT:    llvm.return

// CHECK-LABEL: llvm.func @kept_calls(
// CHECK-NEXT:    llvm.call @marked()
// CHECK-NEXT:    llvm.call @twice_returning()
// CHECK-NEXT:    llvm.call @variadic()
// CHECK-NEXT:    llvm.return

#dom = #llvm.alias_scope_domain<id = distinct[0]<>, description = "dom">
#scope = #llvm.alias_scope<id = distinct[1]<>, domain = #dom, description = "sc">
#grp = #llvm.access_group<id = distinct[2]<>>

// Pointer arguments marked noalias give the inlined memory ops fresh alias scopes; scopes of
// the callee are copied, and the call's access groups and scopes are appended.
llvm.func @copy(%dst: !llvm.ptr {llvm.noalias}, %src: !llvm.ptr {llvm.noalias}) {
  %0 = llvm.load %src {alias_scopes = [#scope]} : !llvm.ptr -> f32
  llvm.store %0, %dst : f32, !llvm.ptr
  llvm.return
}

llvm.func @copy_caller(%p: !llvm.ptr, %q: !llvm.ptr) {
  llvm.call @copy(%p, %q) {access_groups = [#grp]} : (!llvm.ptr, !llvm.ptr) -> ()
  llvm.return
}

// Constant-size allocas move to the caller's entry block with lifetime markers where the call
// was; dynamic ones stay, bracketed by stacksave/stackrestore.
llvm.func @scratch(%n: i32) -> f32 {
  %c = llvm.mlir.constant(2 : i32) : i32
  %fixed = llvm.alloca %c x f32 : (i32) -> !llvm.ptr
  %dyn = llvm.alloca %n x f32 : (i32) -> !llvm.ptr
  %0 = llvm.load %fixed : !llvm.ptr -> f32
  %1 = llvm.load %dyn : !llvm.ptr -> f32
  %2 = llvm.fadd %0, %1 : f32
  llvm.return %2 : f32
}

llvm.func @scratch_caller(%n: i32) -> f32 {
  llvm.br ^next
^next:
  %0 = llvm.call @scratch(%n) : (i32) -> f32
  llvm.return %0 : f32
}

// byval arguments are copied unless the callee only reads them through an aligned pointer.
llvm.func @by_value(%p: !llvm.ptr {llvm.byval = !llvm.struct<(i8, i64)>}) {
  llvm.return
}

llvm.func @by_value_read(%p: !llvm.ptr {llvm.byval = i32, llvm.align = 8}) attributes {memory = #llvm.memory_effects<other = none, argMem = read, inaccessibleMem = none>} {
  llvm.return
}

llvm.func @by_value_caller(%p: !llvm.ptr) {
  %one = llvm.mlir.constant(1 : i64) : i64
  %a = llvm.alloca %one x i32 {alignment = 4 : i64} : (i64) -> !llvm.ptr
  llvm.call @by_value(%p) : (!llvm.ptr) -> ()
  llvm.call @by_value_read(%a) : (!llvm.ptr) -> ()
  llvm.return
}

// Callees that must stay calls.
llvm.func @marked() attributes {no_inline} {
  llvm.return
}
llvm.func @twice_returning() attributes {passthrough = ["returns_twice"]} {
  llvm.return
}
llvm.func @variadic(...) {
  llvm.return
}
llvm.func @kept_calls() {
  llvm.call @marked() : () -> ()
  llvm.call @twice_returning() : () -> ()
  llvm.call @variadic() vararg(!llvm.func<void (...)>) : () -> ()
  llvm.return
}
