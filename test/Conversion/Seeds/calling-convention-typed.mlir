// Seed 001, "calling conventions", in typed-pointer mode (descriptor fields are typed pointers,
// the unranked descriptor pointer an i8*).
// RUN: pyopt %s --allow-unregistered-dialect --convert-func-to-llvm=use-opaque-pointers=0 | filecheck %s

// CHECK-LABEL: llvm.func @pair(
// CHECK-SAME: %[[A:.*]]: i32, %[[B:.*]]: i64) -> !llvm.struct<(i32, i64)> {
// CHECK-NEXT:   %[[U:.*]] = llvm.mlir.undef : !llvm.struct<(i32, i64)>
// CHECK-NEXT:   %[[S0:.*]] = llvm.insertvalue %[[A]], %[[U]][0] : !llvm.struct<(i32, i64)>
// CHECK-NEXT:   %[[S1:.*]] = llvm.insertvalue %[[B]], %[[S0]][1] : !llvm.struct<(i32, i64)>
// CHECK-NEXT:   llvm.return %[[S1]] : !llvm.struct<(i32, i64)>
func.func @pair(%a: i32, %b: i64) -> (i32, i64) {
  return %a, %b : i32, i64
}

// CHECK-LABEL: llvm.func @use_pair()
// CHECK-NEXT:   %[[X:.*]] = llvm.mlir.constant(7 : i32) : i32
// CHECK-NEXT:   %[[Y:.*]] = llvm.mlir.constant(99 : i64) : i64
// CHECK-NEXT:   %[[R:.*]] = llvm.call @pair(%[[X]], %[[Y]]) : (i32, i64) -> !llvm.struct<(i32, i64)>
// CHECK-NEXT:   %[[R0:.*]] = llvm.extractvalue %[[R]][0] : !llvm.struct<(i32, i64)>
// CHECK-NEXT:   %[[R1:.*]] = llvm.extractvalue %[[R]][1] : !llvm.struct<(i32, i64)>
// CHECK-NEXT:   "test.consume_i32"(%[[R0]]) : (i32) -> ()
// CHECK-NEXT:   "test.consume_i64"(%[[R1]]) : (i64) -> ()
func.func @use_pair() {
  %x = arith.constant 7 : i32
  %y = arith.constant 99 : i64
  %r:2 = call @pair(%x, %y) : (i32, i64) -> (i32, i64)
  "test.consume_i32"(%r#0) : (i32) -> ()
  "test.consume_i64"(%r#1) : (i64) -> ()
  return
}

// CHECK-LABEL: llvm.func @take_vec(
// CHECK-SAME: %[[AL:.*]]: !llvm.ptr<f32>, %[[AG:.*]]: !llvm.ptr<f32>, %[[OFF:.*]]: i64, %[[SZ:.*]]: i64, %[[ST:.*]]: i64) {
// CHECK-NEXT:   %[[D0:.*]] = llvm.mlir.undef : !llvm.struct<(ptr<f32>, ptr<f32>, i64, array<1 x i64>, array<1 x i64>)>
// CHECK-NEXT:   %[[D1:.*]] = llvm.insertvalue %[[AL]], %[[D0]][0]
// CHECK-NEXT:   %[[D2:.*]] = llvm.insertvalue %[[AG]], %[[D1]][1]
// CHECK-NEXT:   %[[D3:.*]] = llvm.insertvalue %[[OFF]], %[[D2]][2]
// CHECK-NEXT:   %[[D4:.*]] = llvm.insertvalue %[[SZ]], %[[D3]][3, 0]
// CHECK-NEXT:   %[[D5:.*]] = llvm.insertvalue %[[ST]], %[[D4]][4, 0]
// CHECK-NEXT:   %[[M:.*]] = builtin.unrealized_conversion_cast %[[D5]] : !llvm.struct<(ptr<f32>, ptr<f32>, i64, array<1 x i64>, array<1 x i64>)> to memref<?xf32>
// CHECK:        "test.consume"(%[[M]]) : (memref<?xf32>) -> ()
func.func @take_vec(%m: memref<?xf32>) {
  "test.consume"(%m) : (memref<?xf32>) -> ()
  return
}

// CHECK-LABEL: llvm.func @give_vec()
// CHECK-NEXT:   %[[M:.*]] = "test.produce"() : () -> memref<?xf32>
// CHECK-NEXT:   %[[D:.*]] = builtin.unrealized_conversion_cast %[[M]] : memref<?xf32> to !llvm.struct<(ptr<f32>, ptr<f32>, i64, array<1 x i64>, array<1 x i64>)>
// CHECK-NEXT:   %[[F0:.*]] = llvm.extractvalue %[[D]][0]
// CHECK-NEXT:   %[[F1:.*]] = llvm.extractvalue %[[D]][1]
// CHECK-NEXT:   %[[F2:.*]] = llvm.extractvalue %[[D]][2]
// CHECK-NEXT:   %[[F3:.*]] = llvm.extractvalue %[[D]][3, 0]
// CHECK-NEXT:   %[[F4:.*]] = llvm.extractvalue %[[D]][4, 0]
// CHECK-NEXT:   llvm.call @take_vec(%[[F0]], %[[F1]], %[[F2]], %[[F3]], %[[F4]]) : (!llvm.ptr<f32>, !llvm.ptr<f32>, i64, i64, i64) -> ()
func.func @give_vec() {
  %m = "test.produce"() : () -> memref<?xf32>
  call @take_vec(%m) : (memref<?xf32>) -> ()
  return
}

// Unranked memrefs pass their rank and their descriptor pointer.
// CHECK-LABEL: llvm.func @take_any(
// CHECK-SAME: %[[RANK:.*]]: i64, %[[P:.*]]: !llvm.ptr<i8>) {
// CHECK-NEXT:   %[[U0:.*]] = llvm.mlir.undef : !llvm.struct<(i64, ptr<i8>)>
// CHECK-NEXT:   %[[U1:.*]] = llvm.insertvalue %[[RANK]], %[[U0]][0] : !llvm.struct<(i64, ptr<i8>)>
// CHECK-NEXT:   %[[U2:.*]] = llvm.insertvalue %[[P]], %[[U1]][1] : !llvm.struct<(i64, ptr<i8>)>
// CHECK-NEXT:   %[[M:.*]] = builtin.unrealized_conversion_cast %[[U2]] : !llvm.struct<(i64, ptr<i8>)> to memref<*xf32>
// CHECK:        "test.consume"(%[[M]]) : (memref<*xf32>) -> ()
func.func @take_any(%m: memref<*xf32>) {
  "test.consume"(%m) : (memref<*xf32>) -> ()
  return
}

// CHECK-LABEL: llvm.func @give_any()
// CHECK-NEXT:   %[[M:.*]] = "test.produce"() : () -> memref<*xf32>
// CHECK-NEXT:   %[[D:.*]] = builtin.unrealized_conversion_cast %[[M]] : memref<*xf32> to !llvm.struct<(i64, ptr<i8>)>
// CHECK-NEXT:   %[[R:.*]] = llvm.extractvalue %[[D]][0] : !llvm.struct<(i64, ptr<i8>)>
// CHECK-NEXT:   %[[P:.*]] = llvm.extractvalue %[[D]][1] : !llvm.struct<(i64, ptr<i8>)>
// CHECK-NEXT:   llvm.call @take_any(%[[R]], %[[P]]) : (i64, !llvm.ptr<i8>) -> ()
func.func @give_any() {
  %m = "test.produce"() : () -> memref<*xf32>
  call @take_any(%m) : (memref<*xf32>) -> ()
  return
}
