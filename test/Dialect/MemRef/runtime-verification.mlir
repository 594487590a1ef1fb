// RUN: pyopt %s --generate-runtime-verification | filecheck %s

// Checks in front of loads, stores, casts and expand_shape, behind views; the message quotes
// the op in generic form and its location.

// CHECK:  #map = affine_map<()[s0] -> (s0 + 4)>
// CHECK-LABEL: func.func @read(%arg0: memref<?x3xf32>, %arg1: index, %arg2: index) -> f32 {
// CHECK-NEXT:  %c0 = arith.constant 0 : index
// CHECK-NEXT:  %c0_0 = arith.constant 0 : index
// CHECK-NEXT:  %dim = memref.dim %arg0, %c0_0 : memref<?x3xf32>
// CHECK-NEXT:  %0 = arith.cmpi sge, %arg1, %c0 : index
// CHECK-NEXT:  %1 = arith.cmpi slt, %arg1, %dim : index
// CHECK-NEXT:  %2 = arith.andi %0, %1 : i1
// CHECK-NEXT:  %c1 = arith.constant 1 : index
// CHECK-NEXT:  %c3 = arith.constant 3 : index
// CHECK-NEXT:  %3 = arith.cmpi sge, %arg2, %c0 : index
// CHECK-NEXT:  %4 = arith.cmpi slt, %arg2, %c3 : index
// CHECK-NEXT:  %5 = arith.andi %3, %4 : i1
// CHECK-NEXT:  %6 = arith.andi %2, %5 : i1
// CHECK-NEXT:  cf.assert %6, "ERROR: Runtime op verification failed\0A%12 = \22memref.load\22(%arg0, %arg1, %arg2) : (memref<?x3xf32>, index, index) -> f32\0A^ out-of-bounds access\0ALocation: loc(\22{{.*}}runtime-verification.mlir\22:{{[0-9]+}}:8)"
// CHECK-NEXT:  %7 = memref.load %arg0[%arg1, %arg2] : memref<?x3xf32>
// CHECK-NEXT:  return %7 : f32
// CHECK-LABEL: func.func @write_const(%arg0: memref<2xf32>, %arg1: f32) {
// CHECK-NEXT:  %c1 = arith.constant 1 : index
// CHECK-NEXT:  %c0 = arith.constant 0 : index
// CHECK-NEXT:  %c0_0 = arith.constant 0 : index
// CHECK-NEXT:  %c2 = arith.constant 2 : index
// CHECK-NEXT:  %true = arith.constant true
// CHECK-NEXT:  %true_1 = arith.constant true
// CHECK-NEXT:  cf.assert %true, "ERROR: Runtime op verification failed\0A\22memref.store\22(%arg1, %arg0, %0) : (f32, memref<2xf32>, index) -> ()\0A^ out-of-bounds access\0ALocation: loc(\22{{.*}}runtime-verification.mlir\22:{{[0-9]+}}:3)"
// CHECK-NEXT:  memref.store %arg1, %arg0[%c1] : memref<2xf32>
// CHECK-NEXT:  return
// CHECK-LABEL: func.func @scalar(%arg0: memref<i8>) -> i8 {
// CHECK-NEXT:  %0 = memref.load %arg0[] : memref<i8>
// CHECK-NEXT:  return %0 : i8
// CHECK-LABEL: func.func @to_static(%arg0: memref<*xi32>) -> memref<4xi32> {
// CHECK-NEXT:  %0 = memref.rank %arg0 : memref<*xi32>
// CHECK-NEXT:  %c1 = arith.constant 1 : index
// CHECK-NEXT:  %1 = arith.cmpi eq, %0, %c1 : index
// CHECK-NEXT:  cf.assert %1, "ERROR: Runtime op verification failed\0A%3 = \22memref.cast\22(%arg0) : (memref<*xi32>) -> memref<4xi32>\0A^ rank mismatch\0ALocation: loc(\22{{.*}}runtime-verification.mlir\22:{{[0-9]+}}:8)"
// CHECK-NEXT:  %cast = memref.cast %arg0 : memref<*xi32> to memref<?xi32, strided<[?], offset: ?>>
// CHECK-NEXT:  %base_buffer, %offset, %sizes, %strides = memref.extract_strided_metadata %cast : memref<?xi32, strided<[?], offset: ?>> -> memref<i32>, index, index, index
// CHECK-NEXT:  %c0 = arith.constant 0 : index
// CHECK-NEXT:  %dim = memref.dim %arg0, %c0 : memref<*xi32>
// CHECK-NEXT:  %c4 = arith.constant 4 : index
// CHECK-NEXT:  %2 = arith.cmpi eq, %dim, %c4 : index
// CHECK-NEXT:  cf.assert %2, "ERROR: Runtime op verification failed\0A%9 = \22memref.cast\22(%arg0) : (memref<*xi32>) -> memref<4xi32>\0A^ size mismatch of dim 0\0ALocation: loc(\22{{.*}}runtime-verification.mlir\22:{{[0-9]+}}:8)"
// CHECK-NEXT:  %c0_0 = arith.constant 0 : index
// CHECK-NEXT:  %3 = arith.cmpi eq, %offset, %c0_0 : index
// CHECK-NEXT:  cf.assert %3, "ERROR: Runtime op verification failed\0A%11 = \22memref.cast\22(%arg0) : (memref<*xi32>) -> memref<4xi32>\0A^ offset mismatch\0ALocation: loc(\22{{.*}}runtime-verification.mlir\22:{{[0-9]+}}:8)"
// CHECK-NEXT:  %c1_1 = arith.constant 1 : index
// CHECK-NEXT:  %4 = arith.cmpi eq, %strides, %c1_1 : index
// CHECK-NEXT:  cf.assert %4, "ERROR: Runtime op verification failed\0A%13 = \22memref.cast\22(%arg0) : (memref<*xi32>) -> memref<4xi32>\0A^ stride mismatch of dim 0\0ALocation: loc(\22{{.*}}runtime-verification.mlir\22:{{[0-9]+}}:8)"
// CHECK-NEXT:  %cast_2 = memref.cast %arg0 : memref<*xi32> to memref<4xi32>
// CHECK-NEXT:  return %cast_2 : memref<4xi32>
// CHECK-LABEL: func.func @window(%arg0: memref<16xf32>, %arg1: index) -> memref<4xf32, strided<[1], offset: ?>> {
// CHECK-NEXT:  %subview = memref.subview %arg0[%arg1] [4] [1] : memref<16xf32> to memref<4xf32, strided<[1], offset: ?>>
// CHECK-NEXT:  %base_buffer, %offset, %sizes, %strides = memref.extract_strided_metadata %arg0 : memref<16xf32> -> memref<f32>, index, index, index
// CHECK-NEXT:  %c0 = arith.constant 0 : index
// CHECK-NEXT:  %c16 = arith.constant 16 : index
// CHECK-NEXT:  %base_buffer_0, %offset_1, %sizes_2, %strides_3 = memref.extract_strided_metadata %subview : memref<4xf32, strided<[1], offset: ?>> -> memref<f32>, index, index, index
// CHECK-NEXT:  %0 = affine.apply #map()[%offset_1]
// CHECK-NEXT:  %1 = arith.cmpi sge, %offset_1, %c0 : index
// CHECK-NEXT:  %2 = arith.cmpi sle, %0, %c16 : index
// CHECK-NEXT:  %3 = arith.andi %1, %2 : i1
// CHECK-NEXT:  cf.assert %3, "ERROR: Runtime op verification failed\0A%0 = \22memref.subview\22(%arg0, %arg1) <{operandSegmentSizes = array<i32: 1, 1, 0, 0>, static_offsets = array<i64: -9223372036854775808>, static_sizes = array<i64: 4>, static_strides = array<i64: 1>}> : (memref<16xf32>, index) -> memref<4xf32, strided<[1], offset: ?>>\0A^ subview is out-of-bounds of the base memref\0ALocation: loc(\22{{.*}}runtime-verification.mlir\22:{{[0-9]+}}:8)"
// CHECK-NEXT:  return %subview : memref<4xf32, strided<[1], offset: ?>>
// CHECK-LABEL: func.func @view(%arg0: memref<?xf32>) -> memref<2x2xf32> {
// CHECK-NEXT:  %reinterpret_cast = memref.reinterpret_cast %arg0 to offset: [0], sizes: [2, 2], strides: [2, 1] : memref<?xf32> to memref<2x2xf32>
// CHECK-NEXT:  %base_buffer, %offset, %sizes, %strides = memref.extract_strided_metadata %arg0 : memref<?xf32> -> memref<f32>, index, index, index
// CHECK-NEXT:  %c0 = arith.constant 0 : index
// CHECK-NEXT:  %base_buffer_0, %offset_1, %sizes_2:2, %strides_3:2 = memref.extract_strided_metadata %reinterpret_cast : memref<2x2xf32> -> memref<f32>, index, index, index, index, index
// CHECK-NEXT:  %c0_4 = arith.constant 0 : index
// CHECK-NEXT:  %c6 = arith.constant 6 : index
// CHECK-NEXT:  %true = arith.constant true
// CHECK-NEXT:  %0 = arith.cmpi sge, %sizes, %c6 : index
// CHECK-NEXT:  %1 = arith.andi %0, %true : i1
// CHECK-NEXT:  cf.assert %1, "ERROR: Runtime op verification failed\0A%0 = \22memref.reinterpret_cast\22(%arg0) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: 0>, static_sizes = array<i64: 2, 2>, static_strides = array<i64: 2, 1>}> : (memref<?xf32>) -> memref<2x2xf32>\0A^ result of reinterpret_cast is out-of-bounds of the base memref\0ALocation: loc(\22{{.*}}runtime-verification.mlir\22:{{[0-9]+}}:8)"
// CHECK-NEXT:  return %reinterpret_cast : memref<2x2xf32>
// CHECK-LABEL: func.func @split(%arg0: memref<?xf32>, %arg1: index) -> memref<?x4xf32> {
// CHECK-NEXT:  %c0 = arith.constant 0 : index
// CHECK-NEXT:  %dim = memref.dim %arg0, %c0 : memref<?xf32>
// CHECK-NEXT:  %c4 = arith.constant 4 : index
// CHECK-NEXT:  %0 = arith.remsi %dim, %c4 : index
// CHECK-NEXT:  %c0_0 = arith.constant 0 : index
// CHECK-NEXT:  %1 = arith.cmpi eq, %0, %c0_0 : index
// CHECK-NEXT:  cf.assert %1, "ERROR: Runtime op verification failed\0A%6 = \22memref.expand_shape\22(%arg0, %arg1) <{reassociation = [[0, 1]], static_output_shape = array<i64: -9223372036854775808, 4>}> : (memref<?xf32>, index) -> memref<?x4xf32>\0A^ static result dims in reassoc group do not divide src dim evenly\0ALocation: loc(\22{{.*}}runtime-verification.mlir\22:{{[0-9]+}}:8)"
// CHECK-NEXT:  %expand_shape = memref.expand_shape %arg0 [[0, 1]] output_shape [%arg1, 4] : memref<?xf32> into memref<?x4xf32>
// CHECK-NEXT:  return %expand_shape : memref<?x4xf32>

func.func @read(%buf: memref<?x3xf32>, %r: index, %c: index) -> f32 {
  %v = memref.load %buf[%r, %c] : memref<?x3xf32>
  return %v : f32
}
func.func @write_const(%buf: memref<2xf32>, %x: f32) {
  %c1 = arith.constant 1 : index
  memref.store %x, %buf[%c1] : memref<2xf32>
  return
}
func.func @scalar(%buf: memref<i8>) -> i8 {
  %v = memref.load %buf[] : memref<i8>
  return %v : i8
}
func.func @to_static(%buf: memref<*xi32>) -> memref<4xi32> {
  %s = memref.cast %buf : memref<*xi32> to memref<4xi32>
  return %s : memref<4xi32>
}
func.func @window(%buf: memref<16xf32>, %o: index) -> memref<4xf32, strided<[1], offset: ?>> {
  %w = memref.subview %buf[%o][4][1] : memref<16xf32> to memref<4xf32, strided<[1], offset: ?>>
  return %w : memref<4xf32, strided<[1], offset: ?>>
}
func.func @view(%buf: memref<?xf32>) -> memref<2x2xf32> {
  %v = memref.reinterpret_cast %buf to offset: [0], sizes: [2, 2], strides: [2, 1] : memref<?xf32> to memref<2x2xf32>
  return %v : memref<2x2xf32>
}
func.func @split(%buf: memref<?xf32>, %n: index) -> memref<?x4xf32> {
  %e = memref.expand_shape %buf [[0, 1]] output_shape [%n, 4] : memref<?xf32> into memref<?x4xf32>
  return %e : memref<?x4xf32>
}
