// RUN: pyopt %s --mlir-print-struct-aliases | filecheck %s
// RUN: pyopt %s --mlir-print-struct-aliases --convert-func-to-llvm=use-opaque-pointers=0 | filecheck %s --check-prefix=TYPED

// The seed RFC's examples: typed pointers to identified structs, printed with struct aliases.
// Read as opaque pointers, only the structs used by value keep an alias; in the typed-pointer
// mode every struct behind a pointer has one, nested ones first, a self-reference inline.

// CHECK:      !struct_hello = !llvm.struct<"hello", (i32, i32)>
// CHECK-NOT:  !struct_
// CHECK:      llvm.func @foo(%[[A:.*]]: !llvm.ptr) {
// CHECK-NEXT:   %[[C:.*]] = llvm.bitcast %[[A]] : !llvm.ptr to !llvm.ptr
// CHECK-NEXT:   llvm.load %[[C]] : !llvm.ptr -> !struct_hello
// CHECK:      llvm.func @bar(%{{.*}}: !llvm.ptr)
// CHECK:      llvm.func @baz(%{{.*}}: !llvm.ptr) -> !llvm.struct<(i32, i32)>

// TYPED:      !struct_hello = !llvm.struct<"hello", (i32, i32)>
// TYPED-NEXT: !struct_self_reference = !llvm.struct<"self_reference", (ptr<struct<"self_reference">>, i16, i32)>
// TYPED-NEXT: !struct_simple = !llvm.struct<"simple", (i32, i32)>
// TYPED-NEXT: !struct_nested = !llvm.struct<"nested", (ptr<!struct_simple>, i16, i8)>
// TYPED-NEXT: !struct_nested_sibling = !llvm.struct<"nested_sibling", (ptr<!struct_simple>, ptr<!struct_simple>)>
// TYPED:      llvm.func @foo(%[[A:.*]]: !llvm.ptr<i8>) {
// TYPED-NEXT:   %[[C:.*]] = llvm.bitcast %[[A]] : !llvm.ptr<i8> to !llvm.ptr<!struct_hello>
// TYPED-NEXT:   llvm.load %[[C]] : !llvm.ptr<!struct_hello>
// TYPED:      llvm.func @bar(%{{.*}}: !llvm.ptr<!struct_hello>)
// TYPED:      llvm.bitcast %{{.*}} : !llvm.ptr<i8> to !llvm.ptr<!struct_nested>
// TYPED:      llvm.bitcast %{{.*}} : !llvm.ptr<i8> to !llvm.ptr<!struct_self_reference>
// TYPED:      llvm.bitcast %{{.*}} : !llvm.ptr<i8> to !llvm.ptr<!struct_nested_sibling>

!llvmStruct_hello = !llvm.struct<"hello", (i32, i32)>
llvm.func @foo(%arg0: !llvm.ptr<i8>) {
  %0 = llvm.bitcast %arg0: !llvm.ptr<i8> to !llvm.ptr<!llvmStruct_hello>
  %1 = llvm.load %0: !llvm.ptr<!llvmStruct_hello>
  llvm.return
}
llvm.func @bar(%arg0: !llvm.ptr<!llvmStruct_hello>) {
  llvm.return
}
llvm.func @baz(%arg0: !llvm.ptr<i8>) -> !llvm.struct<(i32, i32)> {
  %0 = llvm.bitcast %arg0: !llvm.ptr<i8> to !llvm.ptr<struct<"nested", (ptr<struct<"simple", (i32, i32)>>, i16, i8)>>
  %1 = llvm.bitcast %arg0: !llvm.ptr<i8> to !llvm.ptr<struct<"self_reference", (ptr<struct<"self_reference">>, i16, i32)>>
  %2 = llvm.bitcast %arg0: !llvm.ptr<i8> to !llvm.ptr<struct<"nested_sibling", (ptr<struct<"simple", (i32, i32)>>, ptr<struct<"simple", (i32, i32)>>)>>
  %3 = llvm.mlir.undef : !llvm.struct<(i32, i32)>
  llvm.return %3 : !llvm.struct<(i32, i32)>
}
