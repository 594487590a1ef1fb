// RUN: pyopt %s --mlir-print-op-generic | filecheck %s
// RUN: pyopt %s --mlir-print-op-generic | pyopt --mlir-print-op-generic | filecheck %s

// Dynamic entries of offsets/sizes/strides are kDynamic (INT64_MIN) in the static arrays;
// DefaultValuedOptionalAttr `nontemporal` is only stored when written.

// CHECK-LABEL: "func.func"
// CHECK: "memref.subview"(%arg0, %arg1, %arg1) <{operandSegmentSizes = array<i32: 1, 1, 1, 0>, static_offsets = array<i64: 0, -9223372036854775808>, static_sizes = array<i64: -9223372036854775808, 4>, static_strides = array<i64: 1, 1>}> : (memref<8x8xf32>, index, index) -> memref<?x4xf32, strided<[8, 1], offset: ?>>
// CHECK: "memref.reinterpret_cast"(%arg0, %arg1, %arg1) <{operandSegmentSizes = array<i32: 1, 1, 1, 0>, static_offsets = array<i64: -9223372036854775808>, static_sizes = array<i64: -9223372036854775808>, static_strides = array<i64: 1>}> : (memref<8x8xf32>, index, index) -> memref<?xf32, strided<[1], offset: ?>>
// CHECK: "memref.expand_shape"(%{{.*}}, %arg1) <{reassociation = {{\[\[}}0, 1]], static_output_shape = array<i64: -9223372036854775808, 8>}> : (memref<?xf32, strided<[1], offset: ?>>, index) -> memref<?x8xf32, strided<[8, 1], offset: ?>>
// CHECK: "memref.load"(%arg0, %arg1, %arg1) : (memref<8x8xf32>, index, index) -> f32
// CHECK: "memref.store"(%{{.*}}, %arg0, %arg1, %arg1) <{nontemporal = false}> : (f32, memref<8x8xf32>, index, index) -> ()
// CHECK: "memref.alloc"(%arg1) <{alignment = 16 : i64, operandSegmentSizes = array<i32: 1, 0>}> : (index) -> memref<?xf32>
// CHECK: "memref.atomic_rmw"(%{{.*}}, %arg0, %arg1, %arg1) <{kind = 0 : i64}> : (f32, memref<8x8xf32>, index, index) -> f32
// CHECK: "memref.global"() <{constant, initial_value = dense<1.000000e+00> : tensor<4xf32>, sym_name = "g", sym_visibility = "private", type = memref<4xf32>}> : () -> ()
func.func @f(%m: memref<8x8xf32>, %i: index) {
  %0 = memref.subview %m[0, %i] [%i, 4] [1, 1] : memref<8x8xf32> to memref<?x4xf32, strided<[8, 1], offset: ?>>
  %1 = memref.reinterpret_cast %m to offset: [%i], sizes: [%i], strides: [1] : memref<8x8xf32> to memref<?xf32, strided<[1], offset: ?>>
  %2 = memref.expand_shape %1 [[0, 1]] output_shape [%i, 8] : memref<?xf32, strided<[1], offset: ?>> into memref<?x8xf32, strided<[8, 1], offset: ?>>
  %3 = memref.load %m[%i, %i] : memref<8x8xf32>
  memref.store %3, %m[%i, %i] {nontemporal = false} : memref<8x8xf32>
  %4 = memref.alloc(%i) {alignment = 16} : memref<?xf32>
  %5 = memref.atomic_rmw addf %3, %m[%i, %i] : (f32, memref<8x8xf32>) -> f32
  return
}
memref.global "private" constant @g : memref<4xf32> = dense<1.0>
