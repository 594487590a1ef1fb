// RUN: pyopt %s | pyopt | filecheck %s
// RUN: pyopt %s --mlir-print-op-generic | filecheck %s --check-prefix=GENERIC

// The tensor side of the casts is inferred from the memref type.
// CHECK-LABEL: func @casts
// CHECK: %[[M:.*]] = bufferization.to_memref %{{.*}} read_only : memref<2x?xi32, strided<[?, 1], offset: ?>>
// CHECK: bufferization.to_memref %{{.*}} : memref<*xf16>
// CHECK: bufferization.to_tensor %[[M]] restrict writable : memref<2x?xi32, strided<[?, 1], offset: ?>>
// GENERIC: "bufferization.to_memref"(%{{.*}}) <{read_only}> : (tensor<2x?xi32>) -> memref<2x?xi32, strided<[?, 1], offset: ?>>
// GENERIC: "bufferization.to_tensor"(%{{.*}}) <{restrict, writable}> : (memref<2x?xi32, strided<[?, 1], offset: ?>>) -> tensor<2x?xi32>
func.func @casts(%t: tensor<2x?xi32>, %u: tensor<*xf16>) -> tensor<2x?xi32> {
  %m = bufferization.to_memref %t read_only : memref<2x?xi32, strided<[?, 1], offset: ?>>
  %n = bufferization.to_memref %u : memref<*xf16>
  %r = bufferization.to_tensor %m restrict writable : memref<2x?xi32, strided<[?, 1], offset: ?>>
  return %r : tensor<2x?xi32>
}

// Every other op of the dialect prints back as it was written.
// CHECK-LABEL: func @all_ops
// CHECK-SAME: (%[[SZ:.*]]: index, %[[T:.*]]: tensor<?xf32>, %[[M:.*]]: memref<?xf32>, %[[C:.*]]: i1, %[[M2:.*]]: memref<4xi32>)
// CHECK: %[[A0:.*]] = bufferization.alloc_tensor(%[[SZ]]) : tensor<?xf32>
// CHECK: %[[A1:.*]] = bufferization.alloc_tensor() copy(%[[T]]) : tensor<?xf32>
// CHECK: %[[A2:.*]] = bufferization.alloc_tensor(%[[SZ]]) size_hint=%[[SZ]] : tensor<?xf32>
// CHECK: bufferization.alloc_tensor(%[[SZ]]) {memory_space = 1 : i64} : tensor<?xf32>
// CHECK: %[[CL:.*]] = bufferization.clone %[[M]] : memref<?xf32> to memref<?xf32>
// CHECK: %{{.*}}:2 = bufferization.dealloc (%[[M]], %[[M2]] : memref<?xf32>, memref<4xi32>) if (%[[C]], %[[C]]) retain (%[[CL]], %[[M]] : memref<?xf32>, memref<?xf32>)
// CHECK: {{^ *}}bufferization.dealloc (%[[M]] : memref<?xf32>) if (%[[C]]){{$}}
// CHECK: %{{.*}} = bufferization.dealloc retain (%[[CL]] : memref<?xf32>)
// CHECK: {{^ *}}bufferization.dealloc{{$}}
// CHECK: bufferization.dealloc_tensor %[[A0]] : tensor<?xf32>
// CHECK: bufferization.materialize_in_destination %[[A1]] in %[[A2]] : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
// CHECK: bufferization.materialize_in_destination %[[A1]] in restrict writable %[[M]] : (tensor<?xf32>, memref<?xf32>) -> ()
// GENERIC: sym_name = "all_ops"
// GENERIC: "bufferization.alloc_tensor"(%{{.*}}) <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (index) -> tensor<?xf32>
// GENERIC: "bufferization.alloc_tensor"(%{{.*}}) <{operandSegmentSizes = array<i32: 0, 1, 0>}> : (tensor<?xf32>) -> tensor<?xf32>
// GENERIC: "bufferization.alloc_tensor"(%{{.*}}, %{{.*}}) <{operandSegmentSizes = array<i32: 1, 0, 1>}>
// GENERIC: <{memory_space = 1 : i64, operandSegmentSizes = array<i32: 1, 0, 0>}>
// GENERIC: "bufferization.dealloc"(%{{.*}}) <{operandSegmentSizes = array<i32: 2, 2, 2>}> : (memref<?xf32>, memref<4xi32>, i1, i1, memref<?xf32>, memref<?xf32>) -> (i1, i1)
// GENERIC: "bufferization.dealloc"() <{operandSegmentSizes = array<i32: 0, 0, 0>}> : () -> ()
func.func @all_ops(%sz: index, %t: tensor<?xf32>, %m: memref<?xf32>, %c: i1, %m2: memref<4xi32>) -> (i1, i1, i1) {
  %0 = bufferization.alloc_tensor(%sz) : tensor<?xf32>
  %1 = bufferization.alloc_tensor() copy(%t) : tensor<?xf32>
  %2 = bufferization.alloc_tensor(%sz) size_hint=%sz : tensor<?xf32>
  %3 = bufferization.alloc_tensor(%sz) {memory_space = 1 : i64} : tensor<?xf32>
  %4 = bufferization.clone %m : memref<?xf32> to memref<?xf32>
  %5:2 = bufferization.dealloc (%m, %m2 : memref<?xf32>, memref<4xi32>) if (%c, %c) retain (%4, %m : memref<?xf32>, memref<?xf32>)
  bufferization.dealloc (%m : memref<?xf32>) if (%c)
  %6 = bufferization.dealloc retain (%4 : memref<?xf32>)
  bufferization.dealloc
  bufferization.dealloc_tensor %0 : tensor<?xf32>
  %7 = bufferization.materialize_in_destination %1 in %2 : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
  bufferization.materialize_in_destination %1 in restrict writable %m : (tensor<?xf32>, memref<?xf32>) -> ()
  return %5#0, %5#1, %6 : i1, i1, i1
}
