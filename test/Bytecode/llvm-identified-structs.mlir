// Identified LLVM structs are written to bytecode as text, one type entry each; reading them
// back, a struct named inside another one's body and the same struct on its own must be one
// type, or the insertvalue below no longer verifies.
// RUN: pyopt %s --emit-bytecode | pyopt | filecheck %s

// CHECK-LABEL: llvm.mlir.global internal constant @g()
// CHECK: %[[IN:.*]] = llvm.mlir.undef : !llvm.struct<"Inner", (i16)>
// CHECK: %[[OUT:.*]] = llvm.mlir.undef : !llvm.struct<"Wrapper", (struct<"Inner", (i16)>)>
// CHECK: llvm.insertvalue %[[IN]], %[[OUT]][0] : !llvm.struct<"Wrapper", (struct<"Inner", (i16)>)>
llvm.mlir.global internal constant @g() : !llvm.struct<"Wrapper", (struct<"Inner", (i16)>)> {
  %u = llvm.mlir.undef : !llvm.struct<"Inner", (i16)>
  %o = llvm.mlir.undef : !llvm.struct<"Wrapper", (struct<"Inner", (i16)>)>
  %r = llvm.insertvalue %u, %o[0] : !llvm.struct<"Wrapper", (struct<"Inner", (i16)>)>
  llvm.return %r : !llvm.struct<"Wrapper", (struct<"Inner", (i16)>)>
}
