// RUN: pyopt -allow-unregistered-dialect -split-input-file %s -affine-super-vectorizer-test=compose-maps 2>&1 >/dev/null | filecheck %s --check-prefix=COMPOSE
// RUN: pyopt -allow-unregistered-dialect -split-input-file %s -affine-super-vectorizer-test=forward-slicing 2>&1 >/dev/null | filecheck %s --check-prefix=FWD
// RUN: pyopt -allow-unregistered-dialect -split-input-file %s -affine-super-vectorizer-test=backward-slicing 2>&1 >/dev/null | filecheck %s --check-prefix=BWD
// RUN: pyopt -allow-unregistered-dialect -split-input-file %s -affine-super-vectorizer-test=slicing 2>&1 >/dev/null | filecheck %s --check-prefix=BOTH
// RUN: pyopt -allow-unregistered-dialect -split-input-file %s -affine-super-vectorizer-test=vectorize-affine-loop-nest 2>/dev/null | filecheck %s --check-prefix=NEST
// RUN: pyopt -allow-unregistered-dialect -split-input-file %s -affine-super-vectorizer-test=vectorize-affine-loop-nest 2>&1 >/dev/null | filecheck %s --check-prefix=NESTMSG

// The maps are composed last to first: (d0 * 3, d1 floordiv 2) o (d0 + d1, d1).
// COMPOSE: Composed map: (d0, d1) -> (d0 * 3 + d1 * 3, d1 floordiv 2)
func.func @compose() {
  "test_affine_map"() {affine_map = affine_map<(d0, d1) -> (d0 + d1, d1)>} : () -> ()
  "test_affine_map"() {affine_map = affine_map<(d0, d1) -> (d0 * 3, d1 floordiv 2)>} : () -> ()
  return
}

// -----

// FWD-LABEL: slices
// FWD-NEXT:  matched: %0 = "slicing-test-op"(%arg0) : (i32) -> i8 forward static slice:
// FWD-NEXT:  %1 = "slicing-test-op"(%0) : (i8) -> i16
// FWD-NEXT:  %2 = "other"(%0, %1) : (i8, i16) -> i64
// FWD-NEXT:  matched: %1 = "slicing-test-op"(%0) : (i8) -> i16 forward static slice:
// FWD-NEXT:  %2 = "other"(%0, %1) : (i8, i16) -> i64

// BWD-LABEL: slices
// BWD-NEXT:  matched: %0 = "slicing-test-op"(%arg0) : (i32) -> i8 backward static slice:
// BWD-NEXT:  matched: %1 = "slicing-test-op"(%0) : (i8) -> i16 backward static slice:
// BWD-NEXT:  %0 = "slicing-test-op"(%arg0) : (i32) -> i8

// BOTH-LABEL: slices
// BOTH-NEXT:  matched: %0 = "slicing-test-op"(%arg0) : (i32) -> i8 static slice:
// BOTH-NEXT:  %0 = "slicing-test-op"(%arg0) : (i32) -> i8
// BOTH-NEXT:  %1 = "slicing-test-op"(%0) : (i8) -> i16
// BOTH-NEXT:  %2 = "other"(%0, %1) : (i8, i16) -> i64
func.func @slices(%x: i32) {
  %a = "slicing-test-op"(%x) : (i32) -> i8
  %b = "slicing-test-op"(%a) : (i8) -> i16
  %c = "other"(%a, %b) : (i8, i16) -> i64
  return
}

// -----

// The outermost loop is vectorized by 4; the inner one stays scalar, so the
// transfers read along memref dim 0.
// NEST: #[[$DIM0:.*]] = affine_map<(d0, d1) -> (d0)>
// NEST-LABEL: func.func @outer_by_four
// NEST:         affine.for %[[I:.*]] = 0 to 8 step 4 {
// NEST-NEXT:      affine.for %[[J:.*]] = 0 to 16 {
// NEST:             %[[V:.*]] = vector.transfer_read %{{.*}}[%[[I]], %[[J]]], %{{.*}} {permutation_map = #[[$DIM0]]} : memref<8x16xf32>, vector<4xf32>
// NEST-NEXT:        %[[W:.*]] = arith.negf %[[V]] : vector<4xf32>
// NEST-NEXT:        vector.transfer_write %[[W]], %{{.*}}[%[[I]], %[[J]]] {permutation_map = #[[$DIM0]]} : vector<4xf32>, memref<8x16xf32>
func.func @outer_by_four(%m: memref<8x16xf32>) {
  affine.for %i = 0 to 8 {
    affine.for %j = 0 to 16 {
      %v = affine.load %m[%i, %j] : memref<8x16xf32>
      %w = arith.negf %v : f32
      affine.store %w, %m[%i, %j] : memref<8x16xf32>
    }
  }
  return
}

// -----

// NESTMSG: remark: Outermost loop cannot be parallel
// NEST-LABEL: func.func @outer_sequential
// NEST-NOT:     vector
func.func @outer_sequential(%m: memref<9xf32>) {
  affine.for %i = 0 to 8 {
    %v = affine.load %m[%i] : memref<9xf32>
    affine.store %v, %m[%i + 1] : memref<9xf32>
  }
  return
}
