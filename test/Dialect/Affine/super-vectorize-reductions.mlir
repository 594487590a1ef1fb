// RUN: pyopt %s -split-input-file -affine-super-vectorize="virtual-vector-size=16 vectorize-reductions=true" | filecheck %s

// A sum over 1000 elements: the last 16-wide step is masked with the neutral 0.
// CHECK-DAG: #[[$LEFT:.*]] = affine_map<(d0) -> (-d0 + 1000)>
// CHECK-LABEL: func.func @dot
// CHECK:         %[[ZV:.*]] = arith.constant dense<0.000000e+00> : vector<16xf32>
// CHECK:         %[[R:.*]] = affine.for %[[I:.*]] = 0 to 1000 step 16 iter_args(%[[ACC:.*]] = %[[ZV]]) -> (vector<16xf32>) {
// CHECK-NEXT:      %[[N:.*]] = affine.apply #[[$LEFT]](%[[I]])
// CHECK-NEXT:      %[[M:.*]] = vector.create_mask %[[N]] : vector<16xi1>
// CHECK:           %[[P:.*]] = arith.mulf
// CHECK-NEXT:      %[[SEL:.*]] = arith.select %[[M]], %[[P]], %[[ZV]] : vector<16xi1>, vector<16xf32>
// CHECK-NEXT:      %[[S:.*]] = arith.addf %[[ACC]], %[[SEL]] : vector<16xf32>
// CHECK-NEXT:      affine.yield %[[S]] : vector<16xf32>
// CHECK:         %[[RED:.*]] = vector.reduction <add>, %[[R]] : vector<16xf32> into f32
// CHECK-NEXT:    return %[[RED]] : f32
func.func @dot(%a: memref<1000xf32>, %b: memref<1000xf32>) -> f32 {
  %zero = arith.constant 0.0 : f32
  %r = affine.for %i = 0 to 1000 iter_args(%acc = %zero) -> (f32) {
    %x = affine.load %a[%i] : memref<1000xf32>
    %y = affine.load %b[%i] : memref<1000xf32>
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %acc, %p : f32
    affine.yield %s : f32
  }
  return %r : f32
}

// -----

// The initial value is not the neutral element: it is combined after the reduction.
// CHECK-LABEL: func.func @row_max
// CHECK-SAME:      %[[SEED:[a-z0-9]+]]: i32)
// CHECK:         affine.for %[[R:.*]] = 0 to 32 {
// CHECK-NEXT:      %[[MIN:.*]] = arith.constant dense<-2147483648> : vector<16xi32>
// CHECK-NEXT:      %[[V:.*]] = affine.for %{{.*}} = 0 to 100 step 16 iter_args(%[[ACC:.*]] = %[[MIN]]) -> (vector<16xi32>) {
// CHECK:             %[[X:.*]] = vector.transfer_read
// CHECK-NEXT:        %[[SEL:.*]] = arith.select %{{.*}}, %[[X]], %[[MIN]]
// CHECK-NEXT:        arith.maxsi %[[SEL]], %[[ACC]] : vector<16xi32>
// CHECK:           %[[RED:.*]] = vector.reduction <maxsi>, %[[V]] : vector<16xi32> into i32
// CHECK-NEXT:      %[[FIN:.*]] = arith.maxsi %[[RED]], %[[SEED]] : i32
// CHECK-NEXT:      affine.store %[[FIN]], %{{.*}}[%[[R]]] : memref<32xi32>
func.func @row_max(%m: memref<32x100xi32>, %out: memref<32xi32>, %seed: i32) {
  affine.for %r = 0 to 32 {
    %v = affine.for %c = 0 to 100 iter_args(%acc = %seed) -> (i32) {
      %x = affine.load %m[%r, %c] : memref<32x100xi32>
      %y = arith.maxsi %x, %acc : i32
      affine.yield %y : i32
    }
    affine.store %v, %out[%r] : memref<32xi32>
  }
  return
}

// -----

// A min upper bound is recomputed with affine.min for the mask.
// CHECK-DAG: #[[$UB:.*]] = affine_map<()[s0] -> (s0, 500)>
// CHECK-DAG: #[[$SUB:.*]] = affine_map<(d0, d1) -> (d0 - d1)>
// CHECK-LABEL: func.func @prod_bounded
// CHECK:         %[[ONES:.*]] = arith.constant dense<1.000000e+00> : vector<16xf64>
// CHECK:         affine.for %[[I:.*]] = 0 to min #[[$UB]]()[%[[N:.*]]] step 16 iter_args(%{{.*}} = %[[ONES]]) -> (vector<16xf64>) {
// CHECK-NEXT:      %[[U:.*]] = affine.min #[[$UB]]()[%[[N]]]
// CHECK-NEXT:      %[[LEFT:.*]] = affine.apply #[[$SUB]](%[[U]], %[[I]])
// CHECK-NEXT:      vector.create_mask %[[LEFT]] : vector<16xi1>
// CHECK:         vector.reduction <mul>, %{{.*}} : vector<16xf64> into f64
// CHECK-NOT:     arith.mulf
// CHECK:         return
func.func @prod_bounded(%a: memref<?xf64>, %n: index) -> f64 {
  %one = arith.constant 1.0 : f64
  %r = affine.for %i = 0 to min affine_map<()[s0] -> (s0, 500)>()[%n] iter_args(%acc = %one) -> (f64) {
    %x = affine.load %a[%i] : memref<?xf64>
    %p = arith.mulf %acc, %x : f64
    affine.yield %p : f64
  }
  return %r : f64
}

// -----

// subf is not a supported combiner: the loop stays scalar.
// CHECK-LABEL: func.func @not_a_reduction
// CHECK-NOT:     vector
// CHECK:         arith.subf %{{.*}}, %{{.*}} : f32
func.func @not_a_reduction(%a: memref<256xf32>) -> f32 {
  %zero = arith.constant 0.0 : f32
  %r = affine.for %i = 0 to 256 iter_args(%acc = %zero) -> (f32) {
    %x = affine.load %a[%i] : memref<256xf32>
    %s = arith.subf %acc, %x : f32
    affine.yield %s : f32
  }
  return %r : f32
}
