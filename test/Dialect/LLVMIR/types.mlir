// RUN: pyopt %s -split-input-file -allow-unregistered-dialect | pyopt -split-input-file -allow-unregistered-dialect | filecheck %s

// Nested LLVM types drop the `!llvm.` prefix; builtin types keep their own syntax.
// CHECK-LABEL: func.func @types
func.func @types() {
  // CHECK-NEXT: "t.op"() : () -> !llvm.ptr
  "t.op"() : () -> !llvm.ptr<0>
  // CHECK-NEXT: "t.op"() : () -> !llvm.ptr<3>
  "t.op"() : () -> !llvm.ptr<3>
  // CHECK-NEXT: "t.op"() : () -> !llvm.array<4 x array<2 x ptr<1>>>
  "t.op"() : () -> !llvm.array<4 x !llvm.array<2 x !llvm.ptr<1>>>
  // CHECK-NEXT: "t.op"() : () -> !llvm.struct<packed (i8, vector<4xf32>, struct<()>)>
  "t.op"() : () -> !llvm.struct<packed (i8, vector<4xf32>, !llvm.struct<()>)>
  // CHECK-NEXT: "t.op"() : () -> !llvm.func<void (i32, ptr, ...)>
  "t.op"() : () -> !llvm.func<void (i32, ptr, ...)>
  // The scalable vector format has an explicit space before the element type.
  // CHECK-NEXT: "t.op"() : () -> !llvm.vec<? x 4 x  f32>
  "t.op"() : () -> !llvm.vec<? x 4 x f32>
  // CHECK-NEXT: "t.op"() : () -> !llvm.vec<2 x ptr>
  "t.op"() : () -> !llvm.vec<2 x ptr>
  // Target extension type parameters keep their prefix.
  // CHECK-NEXT: "t.op"() : () -> !llvm.target<"spirv.Image", !llvm.ptr, i32, 1, 0>
  "t.op"() : () -> !llvm.target<"spirv.Image", !llvm.ptr, i32, 1, 0>
  // CHECK-NEXT: "t.op"() : () -> (!llvm.void, !llvm.token, !llvm.label, !llvm.metadata, !llvm.ppc_fp128, !llvm.x86_mmx)
  "t.op"() : () -> (!llvm.void, !llvm.token, !llvm.label, !llvm.metadata, !llvm.ppc_fp128, !llvm.x86_mmx)
  // A nested type that is not LLVM-compatible makes its container print in full.
  // CHECK-NEXT: "t.op"() : () -> !llvm.struct<(!llvm.struct<(index)>)>
  "t.op"() : () -> !llvm.struct<(struct<(index)>)>
  return
}

// -----

// Identified structs: recursive references print the name only.
// CHECK-LABEL: func.func @identified
func.func @identified() {
  // CHECK-NEXT: "t.op"() : () -> !llvm.struct<"list", (ptr, struct<"list">)>
  "t.op"() : () -> !llvm.struct<"list", (ptr, struct<"list">)>
  // CHECK-NEXT: "t.op"() : () -> !llvm.struct<"list", (ptr, struct<"list">)>
  "t.op"() : () -> !llvm.struct<"list", (ptr, struct<"list">)>
  // CHECK-NEXT: "t.op"() : () -> !llvm.struct<"opq", opaque>
  "t.op"() : () -> !llvm.struct<"opq", opaque>
  // CHECK-NEXT: "t.op"() : () -> !llvm.struct<"a", (struct<"b", (struct<"a">)>)>
  "t.op"() : () -> !llvm.struct<"a", (struct<"b", (struct<"a">)>)>
  return
}

// -----

// Each split chunk has its own context: the name "list" can get a new body.
// CHECK-LABEL: func.func @fresh_context
func.func @fresh_context() {
  // CHECK-NEXT: "t.op"() : () -> !llvm.struct<"list", packed (i64)>
  "t.op"() : () -> !llvm.struct<"list", packed (i64)>
  return
}
