// RUN: pyopt %s | pyopt | filecheck %s
// RUN: pyopt %s --mlir-print-op-generic | pyopt | filecheck %s

// Round trip of every memref op's custom syntax (expected text from mlir-opt 19).
// CHECK: memref.global "private" constant @c : memref<2xf32> = dense<[1.000000e+00, 2.000000e+00]> {alignment = 64 : i64}
// CHECK: memref.global @u : memref<3xi32> = uninitialized
// CHECK: memref.global @e : memref<4xi8>
// CHECK: memref.global "public" @s : memref<2x2xf32> = dense<0.000000e+00>
// CHECK: func.func @f(%arg0: index, %arg1: index, %arg2: f32, %arg3: i32, %arg4: memref<*xf32>, %arg5: memref<2048xi8>, %arg6: memref<?x?xf32>, %arg7: memref<2xi32>) {
// CHECK: %0 = memref.get_global @c : memref<2xf32>
// CHECK: %1 = memref.realloc %0 : memref<2xf32> to memref<4xf32>
// CHECK: %2 = memref.realloc %0(%arg0) {alignment = 8 : i64} : memref<2xf32> to memref<?xf32>
// CHECK: %3 = memref.alloca_scope  -> (f32) {
// CHECK: %alloca = memref.alloca() : memref<f32>
// CHECK: memref.alloca_scope.return %arg2 : f32
// CHECK: memref.alloca_scope  {
// CHECK: %alloca = memref.alloca(%arg0) : memref<?xf32>
// CHECK: memref.assume_alignment %arg6, 16 : memref<?x?xf32>
// CHECK: memref.copy %arg6, %arg6 : memref<?x?xf32> to memref<?x?xf32>
// CHECK: %4 = memref.rank %arg4 : memref<*xf32>
// CHECK: %intptr = memref.extract_aligned_pointer_as_index %arg6 : memref<?x?xf32> -> index
// CHECK: %base_buffer, %offset, %sizes:2, %strides:2 = memref.extract_strided_metadata %arg6 : memref<?x?xf32> -> memref<f32>, index, index, index, index, index
// CHECK: %alloc = memref.alloc() : memref<10xi32>
// CHECK: %5 = memref.atomic_rmw addi %arg3, %alloc[%arg0] : (i32, memref<10xi32>) -> i32
// CHECK: %6 = memref.generic_atomic_rmw %alloc[%arg0] : memref<10xi32> {
// CHECK: ^bb0(%arg8: i32):
// CHECK: memref.atomic_yield %arg8 : i32
// CHECK: memref.prefetch %arg6[%arg0, %arg0], write, locality<3>, data : memref<?x?xf32>
// CHECK: memref.prefetch %arg6[%arg0, %arg0], read, locality<0>, instr : memref<?x?xf32>
// CHECK: %alloc_0 = memref.alloc() : memref<1xi32>
// CHECK: %alloc_1 = memref.alloc() : memref<4x4xf32, 1>
// CHECK: memref.dma_start %arg6[%arg0, %arg0], %alloc_1[%arg0, %arg0], %arg0, %alloc_0[%arg0] : memref<?x?xf32>, memref<4x4xf32, 1>, memref<1xi32>
// CHECK: memref.dma_start %arg6[%arg0, %arg0], %alloc_1[%arg0, %arg0], %arg0, %alloc_0[%arg0], %arg1, %arg1 : memref<?x?xf32>, memref<4x4xf32, 1>, memref<1xi32>
// CHECK: memref.dma_wait %alloc_0[%arg0], %arg0 : memref<1xi32>
// CHECK: %memspacecast = memref.memory_space_cast %arg6 : memref<?x?xf32> to memref<?x?xf32, 1>
// CHECK: %reshape = memref.reshape %arg4(%arg7) : (memref<*xf32>, memref<2xi32>) -> memref<?x?xf32>
// CHECK: %reinterpret_cast = memref.reinterpret_cast %arg4 to offset: [%arg0], sizes: [10, %arg1], strides: [%arg1, 1] : memref<*xf32> to memref<10x?xf32, strided<[?, 1], offset: ?>>
// CHECK: %expand_shape = memref.expand_shape %arg6 {{\[\[}}0, 1], [2]] output_shape [%arg0, 4, %arg1] : memref<?x?xf32> into memref<?x4x?xf32>
// CHECK: %collapse_shape = memref.collapse_shape %expand_shape {{\[\[}}0, 1], [2]] : memref<?x4x?xf32> into memref<?x?xf32>
// CHECK: %transpose = memref.transpose %arg6 (d0, d1) -> (d1, d0) : memref<?x?xf32> to memref<?x?xf32, strided<[1, ?]>>
// CHECK: %view = memref.view %arg5[%arg0][%arg1] : memref<2048xi8> to memref<?x4xf32>
// CHECK: %subview = memref.subview %arg6[0, %arg0] [4, %arg1] [1, 2] : memref<?x?xf32> to memref<4x?xf32, strided<[?, 2], offset: ?>>
// CHECK: %subview_2 = memref.subview %view[0, 0] [1, 4] [1, 1] : memref<?x4xf32> to memref<4xf32, strided<[1]>>
// CHECK: %cast = memref.cast %arg6 : memref<?x?xf32> to memref<*xf32>
// CHECK: return

memref.global "private" constant @c : memref<2xf32> = dense<[1.0, 2.0]> {alignment = 64}
memref.global @u : memref<3xi32> = uninitialized
memref.global @e : memref<4xi8>
memref.global "public" @s : memref<2x2xf32> = dense<0.0>
func.func @f(%d: index, %s: index, %v: f32, %i: i32, %u: memref<*xf32>, %b: memref<2048xi8>,
             %x: memref<?x?xf32>, %sh: memref<2xi32>) {
  %g = memref.get_global @c : memref<2xf32>
  %r = memref.realloc %g : memref<2xf32> to memref<4xf32>
  %r2 = memref.realloc %g(%d) {alignment = 8} : memref<2xf32> to memref<?xf32>
  %0 = memref.alloca_scope -> (f32) {
    %a = memref.alloca() : memref<f32>
    memref.alloca_scope.return %v : f32
  }
  memref.alloca_scope {
    %a = memref.alloca(%d) : memref<?xf32>
  }
  memref.assume_alignment %x, 16 : memref<?x?xf32>
  memref.copy %x, %x : memref<?x?xf32> to memref<?x?xf32>
  %rk = memref.rank %u : memref<*xf32>
  %ptr = memref.extract_aligned_pointer_as_index %x : memref<?x?xf32> -> index
  %base, %off, %sz:2, %st:2 = memref.extract_strided_metadata %x : memref<?x?xf32> -> memref<f32>, index, index, index, index, index
  %ai = memref.alloc() : memref<10xi32>
  %at = memref.atomic_rmw addi %i, %ai[%d] : (i32, memref<10xi32>) -> i32
  %ga = memref.generic_atomic_rmw %ai[%d] : memref<10xi32> {
  ^bb0(%old: i32):
    memref.atomic_yield %old : i32
  }
  memref.prefetch %x[%d, %d], write, locality<3>, data : memref<?x?xf32>
  memref.prefetch %x[%d, %d], read, locality<0>, instr : memref<?x?xf32>
  %tag = memref.alloc() : memref<1xi32>
  %dst = memref.alloc() : memref<4x4xf32, 1>
  memref.dma_start %x[%d, %d], %dst[%d, %d], %d, %tag[%d] : memref<?x?xf32>, memref<4x4xf32, 1>, memref<1xi32>
  memref.dma_start %x[%d, %d], %dst[%d, %d], %d, %tag[%d], %s, %s : memref<?x?xf32>, memref<4x4xf32, 1>, memref<1xi32>
  memref.dma_wait %tag[%d], %d : memref<1xi32>
  %ms = memref.memory_space_cast %x : memref<?x?xf32> to memref<?x?xf32, 1>
  %rs = memref.reshape %u(%sh) : (memref<*xf32>, memref<2xi32>) -> memref<?x?xf32>
  %rc = memref.reinterpret_cast %u to offset: [%d], sizes: [10, %s], strides: [%s, 1] : memref<*xf32> to memref<10x?xf32, strided<[?, 1], offset: ?>>
  %ex = memref.expand_shape %x [[0, 1], [2]] output_shape [%d, 4, %s] : memref<?x?xf32> into memref<?x4x?xf32>
  %co = memref.collapse_shape %ex [[0, 1], [2]] : memref<?x4x?xf32> into memref<?x?xf32>
  %tr = memref.transpose %x (i, j) -> (j, i) : memref<?x?xf32> to memref<?x?xf32, strided<[1, ?]>>
  %vw = memref.view %b[%d][%s] : memref<2048xi8> to memref<?x4xf32>
  %sv = memref.subview %x[0, %d] [4, %s] [1, 2] : memref<?x?xf32> to memref<4x?xf32, strided<[?, 2], offset: ?>>
  %sv2 = memref.subview %vw[0, 0] [1, 4] [1, 1] : memref<?x4xf32> to memref<4xf32, strided<[1]>>
  %c = memref.cast %x : memref<?x?xf32> to memref<*xf32>
  return
}
