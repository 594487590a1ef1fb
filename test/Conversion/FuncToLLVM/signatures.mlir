// RUN: pyopt %s --convert-func-to-llvm --split-input-file | filecheck %s
// RUN: pyopt %s --convert-func-to-llvm=index-bitwidth=32 --split-input-file | filecheck %s --check-prefix=I32

// Scalars keep their types (index becomes the index width); no result is void.
// CHECK-LABEL: llvm.func @scalars(%arg0: i64, %arg1: f32) {
// I32-LABEL: llvm.func @scalars(%arg0: i32, %arg1: f32) {
func.func @scalars(%n: index, %x: f32) {
  // CHECK-NEXT: llvm.return
  return
}

// -----

// Several results are packed into a struct, and unpacked again at the call.
// CHECK-LABEL: llvm.func @pair(%arg0: i32) -> !llvm.struct<(i32, i32)>
// CHECK: %[[U:.*]] = llvm.mlir.undef : !llvm.struct<(i32, i32)>
// CHECK: %[[A:.*]] = llvm.insertvalue %arg0, %[[U]][0] : !llvm.struct<(i32, i32)>
// CHECK: %[[B:.*]] = llvm.insertvalue %arg0, %[[A]][1] : !llvm.struct<(i32, i32)>
// CHECK: llvm.return %[[B]] : !llvm.struct<(i32, i32)>
func.func @pair(%v: i32) -> (i32, i32) {
  return %v, %v : i32, i32
}
// CHECK-LABEL: llvm.func @caller
// CHECK: %[[R:.*]] = llvm.call @pair(%{{.*}}) : (i32) -> !llvm.struct<(i32, i32)>
// CHECK: llvm.extractvalue %[[R]][0] : !llvm.struct<(i32, i32)>
// CHECK: llvm.extractvalue %[[R]][1] : !llvm.struct<(i32, i32)>
func.func @caller(%v: i32) -> i32 {
  %a, %b = call @pair(%v) : (i32) -> (i32, i32)
  return %b : i32
}

// -----

// A ranked memref argument is passed as its descriptor's fields and re-packed in the body.
// CHECK-LABEL: llvm.func @take(%arg0: !llvm.ptr, %arg1: !llvm.ptr, %arg2: i64, %arg3: i64, %arg4: i64)
// CHECK: llvm.mlir.undef : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
// CHECK: llvm.insertvalue %arg3, %{{.*}}[3, 0]
// CHECK: %[[D:.*]] = llvm.insertvalue %arg4, %{{.*}}[4, 0]
// CHECK: %[[M:.*]] = builtin.unrealized_conversion_cast %[[D]] : {{.*}} to memref<?xi16>
// CHECK: memref.dim %[[M]]
func.func @take(%m: memref<?xi16>) -> index {
  %c0 = arith.constant 0 : index
  %n = memref.dim %m, %c0 : memref<?xi16>
  return %n : index
}
// An unranked memref is its rank and a pointer; rank-0 memrefs have no size/stride arrays.
// CHECK-LABEL: llvm.func @ext(i64, !llvm.ptr, !llvm.ptr, !llvm.ptr, i64)
// CHECK-SAME: -> !llvm.struct<(ptr, ptr, i64)>
func.func private @ext(memref<*xf32>, memref<f64>) -> memref<f64>

// -----

// func.constant takes the function's address; call_indirect calls through it.
// CHECK-LABEL: llvm.func @indirect
// CHECK: %[[F:.*]] = llvm.mlir.addressof @callee : !llvm.ptr
// CHECK: llvm.call %[[F]](%{{.*}}) : !llvm.ptr, (f32) -> f32
func.func private @callee(f32) -> f32
func.func @indirect(%x: f32) -> f32 {
  %f = func.constant @callee : (f32) -> f32
  %y = func.call_indirect %f(%x) : (f32) -> f32
  return %y : f32
}

// -----

// Argument attributes move with their argument (unbundled memrefs get empty dictionaries);
// llvm.readnone becomes a memory effects attribute.
// CHECK-LABEL: llvm.func @attrs(%arg0: !llvm.ptr {llvm.noalias}, %arg1: !llvm.ptr {llvm.byval = i64})
// CHECK-SAME: -> (i32 {llvm.zeroext})
// CHECK-SAME: memory = #llvm.memory_effects<other = none, argMem = none, inaccessibleMem = none>
func.func @attrs(%p: !llvm.ptr {llvm.noalias}, %q: !llvm.ptr {llvm.byval = index}) -> (i32 {llvm.zeroext}) attributes {llvm.readnone} {
  %c = llvm.mlir.constant(0 : i32) : i32
  return %c : i32
}
