// RUN: pyopt %s --pass-pipeline="builtin.module(func.func(sroa))" --split-input-file | filecheck %s

// Two of the six cells are used; each becomes a rank-0 alloca.
// CHECK-LABEL: func.func @matrix_cells
// CHECK-SAME: (%[[A:.*]]: f32, %[[B:.*]]: f32)
// CHECK-NOT: memref<2x3xf32>
// CHECK: %[[C01:.*]] = memref.alloca() : memref<f32>
// CHECK-NEXT: %[[C10:.*]] = memref.alloca() : memref<f32>
// CHECK-NEXT: memref.store %[[A]], %[[C10]][] : memref<f32>
// CHECK-NEXT: memref.store %[[B]], %[[C01]][] : memref<f32>
// CHECK-NEXT: memref.load %[[C10]][] : memref<f32>
// CHECK-NEXT: memref.load %[[C01]][] : memref<f32>
func.func @matrix_cells(%a: f32, %b: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = memref.alloca() : memref<2x3xf32>
  memref.store %a, %m[%c1, %c0] : memref<2x3xf32>
  memref.store %b, %m[%c0, %c1] : memref<2x3xf32>
  %x = memref.load %m[%c1, %c0] : memref<2x3xf32>
  %y = memref.load %m[%c0, %c1] : memref<2x3xf32>
  %s = arith.addf %x, %y : f32
  return %s : f32
}

// -----

// CHECK-LABEL: func.func @single_element_is_kept
// CHECK: memref.alloca() : memref<1xi8>
func.func @single_element_is_kept(%a: i8) -> i8 {
  %c0 = arith.constant 0 : index
  %m = memref.alloca() : memref<1xi8>
  memref.store %a, %m[%c0] : memref<1xi8>
  %x = memref.load %m[%c0] : memref<1xi8>
  return %x : i8
}

// -----

// CHECK-LABEL: func.func @oversized_is_kept
// CHECK: memref.alloca() : memref<4x5xi8>
func.func @oversized_is_kept(%a: i8) {
  %c3 = arith.constant 3 : index
  %m = memref.alloca() : memref<4x5xi8>
  memref.store %a, %m[%c3, %c3] : memref<4x5xi8>
  return
}

// -----

// CHECK-LABEL: func.func @out_of_range_index_is_kept
// CHECK: %[[M:.*]] = memref.alloca() : memref<4xi8>
// CHECK-NEXT: memref.store %{{.*}}, %[[M]][%{{.*}}] : memref<4xi8>
func.func @out_of_range_index_is_kept(%a: i8) {
  %c4 = arith.constant 4 : index
  %m = memref.alloca() : memref<4xi8>
  memref.store %a, %m[%c4] : memref<4xi8>
  return
}

// -----

func.func private @sink(memref<4xi8>)

// CHECK-LABEL: func.func @passed_to_call_is_kept
// CHECK: %[[M:.*]] = memref.alloca() : memref<4xi8>
// CHECK: call @sink(%[[M]])
func.func @passed_to_call_is_kept(%a: i8) {
  %c2 = arith.constant 2 : index
  %m = memref.alloca() : memref<4xi8>
  memref.store %a, %m[%c2] : memref<4xi8>
  call @sink(%m) : (memref<4xi8>) -> ()
  return
}

// -----

// Accesses in nested regions are rewired too.
// CHECK-LABEL: func.func @inside_loop
// CHECK: %[[S:.*]] = memref.alloca() : memref<i32>
// CHECK-NEXT: memref.store %{{.*}}, %[[S]][] : memref<i32>
// CHECK-NEXT: scf.for
// CHECK-NEXT: memref.load %[[S]][] : memref<i32>
// CHECK-NEXT: arith.addi
// CHECK-NEXT: memref.store %{{.*}}, %[[S]][] : memref<i32>
// CHECK: memref.load %[[S]][] : memref<i32>
func.func @inside_loop(%a: i32, %n: index) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = memref.alloca() : memref<2xi32>
  memref.store %a, %m[%c1] : memref<2xi32>
  scf.for %i = %c0 to %n step %c1 {
    %v = memref.load %m[%c1] : memref<2xi32>
    %w = arith.addi %v, %a : i32
    memref.store %w, %m[%c1] : memref<2xi32>
  }
  %r = memref.load %m[%c1] : memref<2xi32>
  return %r : i32
}
