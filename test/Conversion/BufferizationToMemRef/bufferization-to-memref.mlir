// RUN: pyopt %s -convert-bufferization-to-memref -split-input-file -verify-diagnostics | filecheck %s

// CHECK-LABEL: func @clones
// CHECK-SAME: (%[[D:.*]]: memref<?x4xf32>, %[[S:.*]]: memref<8xi32, strided<[?], offset: ?>>)
// CHECK: %[[C0:.*]] = arith.constant 0 : index
// CHECK: %[[DIM:.*]] = memref.dim %[[D]], %[[C0]] : memref<?x4xf32>
// CHECK: %[[A:.*]] = memref.alloc(%[[DIM]]) : memref<?x4xf32>
// CHECK: memref.copy %[[D]], %[[A]]
// CHECK: %[[B:.*]] = memref.alloc() : memref<8xi32>
// CHECK: %[[CAST:.*]] = memref.cast %[[B]] : memref<8xi32> to memref<8xi32, strided<[?], offset: ?>>
// CHECK: memref.copy %[[S]], %[[CAST]]
// CHECK: return %[[A]], %[[CAST]]
func.func @clones(%d: memref<?x4xf32>, %s: memref<8xi32, strided<[?], offset: ?>>) -> (memref<?x4xf32>, memref<8xi32, strided<[?], offset: ?>>) {
  %0 = bufferization.clone %d : memref<?x4xf32> to memref<?x4xf32>
  %1 = bufferization.clone %s : memref<8xi32, strided<[?], offset: ?>> to memref<8xi32, strided<[?], offset: ?>>
  return %0, %1 : memref<?x4xf32>, memref<8xi32, strided<[?], offset: ?>>
}

// -----

// An unranked clone: the sizes are gathered in a loop, a flat buffer is reshaped.
// CHECK-LABEL: func @unranked
// CHECK: %[[RANK:.*]] = memref.rank %[[U:.*]] : memref<*xf16>
// CHECK: %[[SHAPE:.*]] = memref.alloca(%[[RANK]]) : memref<?xindex>
// CHECK: %[[N:.*]] = scf.for {{.*}} iter_args(%[[ACC:.*]] = %{{.*}}) -> (index)
// CHECK:   memref.store %{{.*}}, %[[SHAPE]]
// CHECK:   arith.muli %[[ACC]]
// CHECK: %[[FLAT:.*]] = memref.alloc(%[[N]]) : memref<?xf16>
// CHECK: %[[R:.*]] = memref.reshape %[[FLAT]](%[[SHAPE]])
// CHECK: memref.copy %[[U]], %[[R]] : memref<*xf16> to memref<*xf16>
func.func @unranked(%u: memref<*xf16>) -> memref<*xf16> {
  %0 = bufferization.clone %u : memref<*xf16> to memref<*xf16>
  return %0 : memref<*xf16>
}

// -----

// One memref with a retained value: compare the base pointers at run time.
// CHECK-LABEL: func @one_retained
// CHECK-SAME: (%[[M:.*]]: memref<2xf32>, %[[R:.*]]: memref<2xf32>, %[[C:.*]]: i1)
// CHECK: %[[PM:.*]] = memref.extract_aligned_pointer_as_index %[[M]]
// CHECK: %[[PR:.*]] = memref.extract_aligned_pointer_as_index %[[R]]
// CHECK: %[[NE:.*]] = arith.cmpi ne, %[[PM]], %[[PR]] : index
// CHECK: %[[FREE:.*]] = arith.andi %[[NE]], %[[C]] : i1
// CHECK: scf.if %[[FREE]] {
// CHECK:   memref.dealloc %[[M]]
// CHECK: %[[EQ:.*]] = arith.xori %[[NE]], %true : i1
// CHECK: %[[OWN:.*]] = arith.andi %[[EQ]], %[[C]] : i1
// CHECK: return %[[OWN]]
func.func @one_retained(%m: memref<2xf32>, %r: memref<2xf32>, %c: i1) -> i1 {
  %0 = bufferization.dealloc (%m : memref<2xf32>) if (%c) retain (%r : memref<2xf32>)
  return %0 : i1
}

// -----

// Several memrefs go through the helper function, appended to the module.
// CHECK-LABEL: func @several
// CHECK: call @dealloc_helper(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) : (memref<?xindex>, memref<?xindex>, memref<?xi1>, memref<?xi1>, memref<?xi1>) -> ()
// CHECK: func.func private @dealloc_helper(%{{.*}}: memref<?xindex>, %{{.*}}: memref<?xindex>, %{{.*}}: memref<?xi1>, %{{.*}}: memref<?xi1>, %{{.*}}: memref<?xi1>)
func.func @several(%a: memref<2xf32>, %b: memref<4xf32>, %c: i1, %d: i1) {
  bufferization.dealloc (%a, %b : memref<2xf32>, memref<4xf32>) if (%c, %d)
  return
}

// -----

func.func @left_over(%m: memref<2xf32>) -> tensor<2xf32> {
  // expected-error @below {{failed to legalize operation 'bufferization.to_tensor' that was explicitly marked illegal}}
  %t = bufferization.to_tensor %m : memref<2xf32>
  return %t : tensor<2xf32>
}
