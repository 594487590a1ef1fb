// RUN: pyopt %s --convert-func-to-llvm=use-opaque-pointers=0 --mlir-print-struct-aliases | filecheck %s
// RUN: pyopt %s --convert-func-to-llvm=use-opaque-pointers=0 --mlir-print-struct-aliases > %t.1.mlir && pyopt %t.1.mlir --convert-func-to-llvm=use-opaque-pointers=0 --mlir-print-struct-aliases > %t.2.mlir && diff %t.1.mlir %t.2.mlir
// RUN: pyopt %s --convert-func-to-llvm=use-opaque-pointers=0 --mlir-print-struct-aliases --mlir-print-op-generic > %t.g1.mlir && pyopt %t.g1.mlir --convert-func-to-llvm=use-opaque-pointers=0 --mlir-print-struct-aliases --mlir-print-op-generic > %t.g2.mlir && diff %t.g1.mlir %t.g2.mlir
// RUN: pyopt %s --mlir-print-struct-aliases | filecheck %s --check-prefix=OPAQUE
// RUN: pyopt %s --mlir-print-struct-aliases | pyopt | filecheck %s --check-prefix=DEFAULT
// RUN: pyopt %s | filecheck %s --check-prefix=DEFAULT

// --mlir-print-struct-aliases: every identified struct is an alias defined at the top; the
// aliases of nested structs come first (by depth, then name); a struct that is part of a cycle
// of pointers is forward-declared by its bare name and defined once the structs it reaches
// are. Alias names are `struct_` + the name with non-identifier characters as `_`, a trailing
// `_` after a digit, and the printer's counter suffix when two names sanitize alike.
// Cycles only exist between typed pointers, kept by the typed-pointer mode of the lowering
// passes (use-opaque-pointers=0); otherwise the input reads as MLIR 19's opaque pointers.

// CHECK:      !struct_leaf = !llvm.struct<"leaf", (i32, f64)>
// CHECK-NEXT: !struct_list = !llvm.struct<"list", (ptr<struct<"list">>, i32)>
// CHECK-NEXT: !struct_opq = !llvm.struct<"opq", opaque>
// CHECK-NEXT: !struct_struct_B = !llvm.struct<"struct.B", (i8)>
// CHECK-NEXT: !struct_struct_B1 = !llvm.struct<"struct_B", (i16)>
// CHECK-NEXT: !struct_v2_ = !llvm.struct<"v2", (i1)>
// CHECK-NEXT: !struct_wei_rd = !llvm.struct<"wei\22rd", (i64)>
// CHECK-NEXT: !struct_a = !llvm.struct<"a">
// CHECK-NEXT: !struct_b = !llvm.struct<"b", (ptr<!struct_a>, !struct_leaf)>
// CHECK-NEXT: !struct_mid = !llvm.struct<"mid", packed (!struct_leaf, array<2 x struct<(!struct_leaf, i8)>>)>
// CHECK-NEXT: !struct_a = !llvm.struct<"a", (ptr<!struct_b>, !struct_leaf)>
// CHECK-NEXT: !struct_top = !llvm.struct<"top", (!struct_mid, ptr<!struct_a>)>
// CHECK:      llvm.func @f(!struct_leaf, !llvm.ptr<!struct_top>, !struct_list, !struct_opq)
// CHECK-NEXT: llvm.func @g(!struct_struct_B, !struct_struct_B1, !struct_v2_, !struct_wei_rd) -> !llvm.struct<(i32, !struct_b)>
// CHECK:      %[[U:.*]] = llvm.mlir.undef : !struct_top
// CHECK-NEXT: llvm.store %[[U]], %{{.*}} : !struct_top, !llvm.ptr
// CHECK-NEXT: llvm.mlir.zero : !llvm.array<3 x !struct_list>
// CHECK-NEXT: llvm.mlir.zero : !llvm.struct<(i64, !struct_list)>

// Opaque pointers (the default): no cycles left, every alias is complete.
// OPAQUE:      !struct_leaf = !llvm.struct<"leaf", (i32, f64)>
// OPAQUE-NEXT: !struct_list = !llvm.struct<"list", (ptr, i32)>
// OPAQUE:      !struct_b = !llvm.struct<"b", (ptr, !struct_leaf)>
// OPAQUE-NEXT: !struct_mid = !llvm.struct<"mid", packed (!struct_leaf, array<2 x struct<(!struct_leaf, i8)>>)>
// OPAQUE-NEXT: !struct_top = !llvm.struct<"top", (!struct_mid, ptr)>
// OPAQUE:      llvm.func @f(!struct_leaf, !llvm.ptr, !struct_list, !struct_opq)
// OPAQUE:      llvm.store %{{.*}}, %{{.*}} : !struct_top, !llvm.ptr

// Upstream-compatible default: bodies spelled out at each use, the alias syntax is not kept.
// DEFAULT-NOT: !struct
// DEFAULT:     llvm.func @f(!llvm.struct<"leaf", (i32, f64)>, !llvm.ptr, !llvm.struct<"list", (ptr, i32)>, !llvm.struct<"opq", opaque>)

llvm.func @f(!llvm.struct<"leaf", (i32, f64)>,
             !llvm.ptr<struct<"top", (struct<"mid", packed (struct<"leaf", (i32, f64)>,
                 array<2 x struct<(struct<"leaf", (i32, f64)>, i8)>>)>,
               ptr<struct<"a", (ptr<struct<"b", (ptr<struct<"a">>, struct<"leaf", (i32, f64)>)>>,
                                struct<"leaf", (i32, f64)>)>>)>>,
             !llvm.struct<"list", (ptr<struct<"list">>, i32)>, !llvm.struct<"opq", opaque>)
llvm.func @g(!llvm.struct<"struct.B", (i8)>, !llvm.struct<"struct_B", (i16)>,
             !llvm.struct<"v2", (i1)>, !llvm.struct<"wei\"rd", (i64)>)
    -> !llvm.struct<(i32, struct<"b", (ptr<struct<"a", (ptr<struct<"b">>, struct<"leaf", (i32, f64)>)>>, struct<"leaf", (i32, f64)>)>)>

llvm.func @h(%p: !llvm.ptr) {
  %0 = llvm.mlir.undef : !llvm.struct<"top", (struct<"mid", packed (struct<"leaf", (i32, f64)>,
                 array<2 x struct<(struct<"leaf", (i32, f64)>, i8)>>)>,
               ptr<struct<"a", (ptr<struct<"b", (ptr<struct<"a">>, struct<"leaf", (i32, f64)>)>>,
                                struct<"leaf", (i32, f64)>)>>)>
  llvm.store %0, %p : !llvm.struct<"top", (struct<"mid", packed (struct<"leaf", (i32, f64)>,
                 array<2 x struct<(struct<"leaf", (i32, f64)>, i8)>>)>,
               ptr<struct<"a", (ptr<struct<"b", (ptr<struct<"a">>, struct<"leaf", (i32, f64)>)>>,
                                struct<"leaf", (i32, f64)>)>>)>, !llvm.ptr
  %1 = llvm.mlir.zero : !llvm.array<3 x struct<"list", (ptr<struct<"list">>, i32)>>
  %2 = llvm.mlir.zero : !llvm.struct<(i64, struct<"list", (ptr<struct<"list">>, i32)>)>
  llvm.return
}
