// RUN: pyopt %s --test-emulate-narrow-int="memref-load-bitwidth=8" --cse --split-input-file | filecheck %s
// RUN: pyopt %s --test-emulate-narrow-int="memref-load-bitwidth=32 arith-compute-bitwidth=8" --cse --split-input-file | filecheck %s --check-prefix=W32

// A 6x7 nibble buffer packs into 21 bytes (or 6 words); a load picks the byte holding
// element (i, j) and shifts the nibble down.
func.func @load_nibble(%i: index, %j: index) -> i4 {
  %m = memref.alloc() : memref<6x7xi4>
  %v = memref.load %m[%i, %j] : memref<6x7xi4>
  return %v : i4
}
// CHECK-DAG:   #[[BYTE:.*]] = affine_map<()[s0, s1] -> ((s0 * 7 + s1) floordiv 2)>
// CHECK-DAG:   #[[BIT:.*]] = affine_map<()[s0, s1] -> (s0 * 28 + s1 * 4 - ((s0 * 7 + s1) floordiv 2) * 8)>
// CHECK-LABEL: func.func @load_nibble(%arg0: index, %arg1: index) -> i4
// CHECK-NEXT:    %[[M:.*]] = memref.alloc() : memref<21xi8>
// CHECK-NEXT:    %[[AT:.*]] = affine.apply #[[BYTE]]()[%arg0, %arg1]
// CHECK-NEXT:    %[[B:.*]] = memref.load %[[M]][%[[AT]]] : memref<21xi8>
// CHECK-NEXT:    %[[OFF:.*]] = affine.apply #[[BIT]]()[%arg0, %arg1]
// CHECK-NEXT:    %[[SH:.*]] = arith.index_cast %[[OFF]] : index to i8
// CHECK-NEXT:    %[[X:.*]] = arith.shrsi %[[B]], %[[SH]] : i8
// CHECK-NEXT:    %[[R:.*]] = arith.trunci %[[X]] : i8 to i4
// CHECK-NEXT:    return %[[R]] : i4

// W32-LABEL: func.func @load_nibble(%arg0: index, %arg1: index) -> i8
// W32:         memref.alloc() : memref<6xi32>
// W32:         arith.shrsi %{{.*}}, %{{.*}} : i32
// W32-NEXT:    %[[R:.*]] = arith.trunci %{{.*}} : i32 to i8
// W32-NEXT:    return %[[R]] : i8

// -----

// A store clears the element's bits with an atomic `andi` and sets them with an `ori`.
func.func @store_pair(%v: i2, %i: index) {
  %m = memref.alloca() : memref<10xi2>
  memref.store %v, %m[%i] : memref<10xi2>
  return
}
// CHECK-DAG:   #[[BYTE:.*]] = affine_map<()[s0] -> (s0 floordiv 4)>
// CHECK-DAG:   #[[BIT:.*]] = affine_map<()[s0] -> (s0 * 2 - (s0 floordiv 4) * 8)>
// CHECK-LABEL: func.func @store_pair(%arg0: i4, %arg1: index)
// CHECK-NEXT:    %[[M:.*]] = memref.alloca() : memref<3xi8>
// CHECK-NEXT:    %[[W:.*]] = arith.extui %arg0 : i4 to i8
// CHECK-NEXT:    %[[AT:.*]] = affine.apply #[[BYTE]]()[%arg1]
// CHECK-NEXT:    %[[OFF:.*]] = affine.apply #[[BIT]]()[%arg1]
// CHECK-NEXT:    %[[SH:.*]] = arith.index_cast %[[OFF]] : index to i8
// CHECK-NEXT:    %[[ONES:.*]] = arith.constant 3 : i8
// CHECK-NEXT:    %[[HOLE:.*]] = arith.shli %[[ONES]], %[[SH]] : i8
// CHECK-NEXT:    %[[ALL:.*]] = arith.constant -1 : i8
// CHECK-NEXT:    %[[KEEP:.*]] = arith.xori %[[HOLE]], %[[ALL]] : i8
// CHECK-NEXT:    %[[NEW:.*]] = arith.shli %[[W]], %[[SH]] : i8
// CHECK-NEXT:    memref.atomic_rmw andi %[[KEEP]], %[[M]][%[[AT]]] : (i8, memref<3xi8>) -> i8
// CHECK-NEXT:    memref.atomic_rmw ori %[[NEW]], %[[M]][%[[AT]]] : (i8, memref<3xi8>) -> i8
// CHECK-NEXT:    return

// W32-LABEL: func.func @store_pair(%arg0: i8, %arg1: index)
// W32:         memref.alloca() : memref<1xi32>
// W32:         memref.atomic_rmw ori %{{.*}} : (i32, memref<1xi32>) -> i32

// -----

// The packed size of a dynamic buffer is computed.
func.func @dyn_alloc(%n: index, %i: index) -> i4 {
  %m = memref.alloc(%n) : memref<?xi4>
  %v = memref.load %m[%i] : memref<?xi4>
  return %v : i4
}
// CHECK-DAG:   #[[HALF:.*]] = affine_map<()[s0] -> (s0 floordiv 2)>
// CHECK-LABEL: func.func @dyn_alloc
// CHECK-NEXT:    %[[N:.*]] = affine.apply #[[HALF]]()[%arg0]
// CHECK-NEXT:    %[[M:.*]] = memref.alloc(%[[N]]) : memref<?xi8>
// CHECK-NEXT:    %[[AT:.*]] = affine.apply #[[HALF]]()[%arg1]
// CHECK-NEXT:    memref.load %[[M]][%[[AT]]] : memref<?xi8>

// -----

// Rank-0 memrefs need no shifting; a store is one atomic assign.
func.func @scalar_memref(%v: i4) -> i4 {
  %m = memref.alloc() : memref<i4>
  memref.store %v, %m[] : memref<i4>
  %r = memref.load %m[] : memref<i4>
  return %r : i4
}
// CHECK-LABEL: func.func @scalar_memref(%arg0: i4) -> i4
// CHECK-NEXT:    %[[M:.*]] = memref.alloc() : memref<i8>
// CHECK-NEXT:    %[[W:.*]] = arith.extui %arg0 : i4 to i8
// CHECK-NEXT:    memref.atomic_rmw assign %[[W]], %[[M]][] : (i8, memref<i8>) -> i8
// CHECK-NEXT:    %[[L:.*]] = memref.load %[[M]][] : memref<i8>
// CHECK-NEXT:    %[[R:.*]] = arith.trunci %[[L]] : i8 to i4
// CHECK-NEXT:    return %[[R]] : i4

// -----

// collapse_shape disappears (the buffer is already 1-D); a static unit-stride subview is
// rescaled to packed elements.
func.func @view_ops(%i: index) -> i4 {
  %m = memref.alloc() : memref<4x16xi4>
  %c = memref.collapse_shape %m [[0, 1]] : memref<4x16xi4> into memref<64xi4>
  %s = memref.subview %c[16] [8] [1] : memref<64xi4> to memref<8xi4, strided<[1], offset: 16>>
  %v = memref.load %s[%i] : memref<8xi4, strided<[1], offset: 16>>
  return %v : i4
}
// CHECK-LABEL: func.func @view_ops
// CHECK-NEXT:    %[[M:.*]] = memref.alloc() : memref<32xi8>
// CHECK-NEXT:    %[[S:.*]] = memref.subview %[[M]][8] [4] [1] : memref<32xi8> to memref<4xi8, strided<[1], offset: 8>>
// CHECK:         memref.load %[[S]][%{{.*}}] : memref<4xi8, strided<[1], offset: 8>>

// W32-LABEL: func.func @view_ops
// W32:         memref.subview %{{.*}}[2] [1] [1] : memref<8xi32> to memref<1xi32, strided<[1], offset: 2>>

// -----

// Elements at least as wide as the load/store width are left alone.
func.func @untouched(%i: index) -> i16 {
  %m = memref.alloc() : memref<3xi16>
  %v = memref.load %m[%i] : memref<3xi16>
  return %v : i16
}
// CHECK-LABEL: func.func @untouched
// CHECK-NEXT:    %[[M:.*]] = memref.alloc() : memref<3xi16>
// CHECK-NEXT:    memref.load %[[M]][%arg0] : memref<3xi16>
