// RUN: pyopt %s | pyopt | filecheck %s

// Enum attributes are parsed as a keyword or a string, printed as a string when not a
// bare identifier.
// CHECK-LABEL: llvm.func @frame_pointer_string()
// CHECK-SAME: frame_pointer = #llvm.framePointerKind<"non-leaf">
llvm.func @frame_pointer_string() attributes {frame_pointer = #llvm.framePointerKind<"non-leaf">} {
  llvm.return
}

// CHECK-LABEL: llvm.func @asm_dialect_string
llvm.func @asm_dialect_string(%a: i32) -> i32 {
  // CHECK: llvm.inline_asm asm_dialect = intel "mov $0, $1", "=r,r" %{{.*}} : (i32) -> i32
  %0 = llvm.inline_asm asm_dialect = "intel" "mov $0, $1", "=r,r" %a : (i32) -> i32
  llvm.return %0 : i32
}

// A splat zero initialiser of a huge common global is checked once, not per element.
// CHECK: llvm.mlir.global common @huge_common(dense<0> : tensor<1000000000xi32>)
llvm.mlir.global common @huge_common(dense<0> : tensor<1000000000xi32>) : !llvm.array<1000000000 x i32>
