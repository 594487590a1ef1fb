// memref-expand: float min/max atomic_rmw to generic_atomic_rmw, reshape with a static-size
// shape to reinterpret_cast (expected output: mlir-opt 19).
// RUN: pyopt %s -memref-expand -split-input-file | filecheck %s

// Floating-point min/max have no atomicrmw counterpart: a generic_atomic_rmw computes them.
// CHECK-LABEL: func.func @float_min_max(
// CHECK-SAME: %[[M:[^:]*]]: memref<4x4xf64>, %[[V:[^:]*]]: f64, %[[I:[^:]*]]: index)
// CHECK: %[[A:.*]] = memref.generic_atomic_rmw %[[M]][%[[I]], %[[I]]] : memref<4x4xf64> {
// CHECK-NEXT: ^bb0(%[[CUR:.*]]: f64):
// CHECK-NEXT: %[[MIN:.*]] = arith.minimumf %[[CUR]], %[[V]] : f64
// CHECK-NEXT: memref.atomic_yield %[[MIN]] : f64
// CHECK: %[[B:.*]] = memref.generic_atomic_rmw %[[M]][%[[I]], %[[I]]] : memref<4x4xf64> {
// CHECK-NEXT: ^bb0(%[[CUR2:.*]]: f64):
// CHECK-NEXT: %[[MAX:.*]] = arith.maxnumf %[[CUR2]], %[[V]] : f64
// CHECK-NEXT: memref.atomic_yield %[[MAX]] : f64
// CHECK: memref.atomic_rmw addf %[[V]], %[[M]][%[[I]], %[[I]]] : (f64, memref<4x4xf64>) -> f64
// CHECK: return %[[A]], %[[B]]
func.func @float_min_max(%m: memref<4x4xf64>, %v: f64, %i: index) -> (f64, f64) {
  %a = memref.atomic_rmw minimumf %v, %m[%i, %i] : (f64, memref<4x4xf64>) -> f64
  %b = memref.atomic_rmw maxnumf %v, %m[%i, %i] : (f64, memref<4x4xf64>) -> f64
  %c = memref.atomic_rmw addf %v, %m[%i, %i] : (f64, memref<4x4xf64>) -> f64
  return %a, %b : f64, f64
}

// -----

// A shape operand of static size: sizes loaded (static ones as constants), row-major strides.
// CHECK-LABEL: func.func @reshape_static_shape(
// CHECK: %[[C1:.*]] = arith.constant 1 : index
// CHECK: %[[C6:.*]] = arith.constant 6 : index
// CHECK: %[[S0:.*]] = arith.muli %[[C1]], %[[C6]] : index
// CHECK: %[[C0:.*]] = arith.constant 0 : index
// CHECK: %[[D0:.*]] = memref.load %arg1[%[[C0]]] : memref<2xindex>
// CHECK: memref.reinterpret_cast %arg0 to offset: [0], sizes: [%[[D0]], 6], strides: [%[[S0]], %[[C1]]] : memref<24xi8> to memref<?x6xi8>
func.func @reshape_static_shape(%src: memref<24xi8>, %shape: memref<2xindex>) -> memref<?x6xi8> {
  %r = memref.reshape %src(%shape) : (memref<24xi8>, memref<2xindex>) -> memref<?x6xi8>
  return %r : memref<?x6xi8>
}

// -----

// CHECK-LABEL: func.func @reshape_dynamic_shape_kept(
// CHECK: memref.reshape %arg0(%arg1) : (memref<*xf32>, memref<?xi64>) -> memref<*xf32>
func.func @reshape_dynamic_shape_kept(%src: memref<*xf32>, %shape: memref<?xi64>) -> memref<*xf32> {
  %r = memref.reshape %src(%shape) : (memref<*xf32>, memref<?xi64>) -> memref<*xf32>
  return %r : memref<*xf32>
}
