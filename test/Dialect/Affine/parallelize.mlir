// RUN: pyopt %s --affine-parallelize | filecheck %s
// RUN: pyopt %s --affine-parallelize="parallel-reductions=1 max-nested=1" | filecheck %s --check-prefix=RED

// Independent iterations become affine.parallel; a loop reading what the previous
// iteration wrote stays sequential; a sum needs parallel-reductions.
// CHECK-LABEL: func @loops
// CHECK:      affine.parallel (%{{.*}}) = (0) to (16) {
// CHECK:      affine.for %{{.*}} = 1 to 16 {
// CHECK:      affine.for %{{.*}} = 0 to 16 iter_args
// RED-LABEL: func @loops
// RED:      affine.parallel
// RED:      affine.for %{{.*}} = 1 to 16 {
// RED:      %[[R:.*]] = affine.parallel (%{{.*}}) = (0) to (16) reduce ("addf") -> (f32) {
// RED:        affine.yield %{{.*}} : f32
// RED:      %[[S:.*]] = arith.addf %{{.*}}, %[[R]] : f32
// RED:      return %[[S]]
func.func @loops(%a: memref<16xf32>, %b: memref<16xf32>, %z: f32) -> f32 {
  affine.for %i = 0 to 16 {
    %v = affine.load %a[%i] : memref<16xf32>
    affine.store %v, %b[%i] : memref<16xf32>
  }
  affine.for %i = 1 to 16 {
    %v = affine.load %a[%i - 1] : memref<16xf32>
    affine.store %v, %a[%i] : memref<16xf32>
  }
  %r = affine.for %i = 0 to 16 iter_args(%s = %z) -> f32 {
    %v = affine.load %b[%i] : memref<16xf32>
    %t = arith.addf %s, %v : f32
    affine.yield %t : f32
  }
  return %r : f32
}
