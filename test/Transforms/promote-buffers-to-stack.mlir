// RUN: pyopt %s --promote-buffers-to-stack --split-input-file | filecheck %s
// RUN: pyopt %s --promote-buffers-to-stack="max-alloc-size-in-bytes=16 max-rank-of-allocated-memref=2" --split-input-file | filecheck %s --check-prefix=SMALL

// A small buffer used only locally lives on the stack, attributes kept.
// CHECK-LABEL: func @local
// CHECK-NEXT: memref.alloca() {alignment = 16 : i64} : memref<8xf32>
// SMALL-LABEL: func @local
// SMALL-NEXT: memref.alloc() {alignment = 16 : i64} : memref<8xf32>
func.func @local(%v: f32, %i: index) -> f32 {
  %m = memref.alloc() {alignment = 16 : i64} : memref<8xf32>
  memref.store %v, %m[%i] : memref<8xf32>
  %r = memref.load %m[%i] : memref<8xf32>
  return %r : f32
}

// -----

// Returned through a block argument: stays on the heap. Freed: stays too.
// CHECK-LABEL: func @escapes
// CHECK: memref.alloc() : memref<4xi8>
// CHECK: memref.alloc() : memref<2xi8>
func.func @escapes(%c: i1, %a: memref<4xi8>) -> memref<4xi8> {
  %m = memref.alloc() : memref<4xi8>
  %f = memref.alloc() : memref<2xi8>
  memref.dealloc %f : memref<2xi8>
  cf.cond_br %c, ^bb1(%m : memref<4xi8>), ^bb1(%a : memref<4xi8>)
^bb1(%r: memref<4xi8>):
  return %r : memref<4xi8>
}

// -----

// Dynamic sizes from memref.rank are promoted up to the rank limit. scf.for's body is an
// allocation scope of its own: a buffer yielded to the next iteration leaves it.
// CHECK-LABEL: func @ranked
// CHECK: memref.alloca(%{{.*}}) : memref<?xindex>
// CHECK: memref.alloc(%{{.*}}, %{{.*}}) : memref<?x?xf32>
// CHECK: scf.for
// CHECK-NEXT: memref.alloca() : memref<2xf32>
// CHECK-NEXT: memref.alloc() : memref<2xf32>
// SMALL-LABEL: func @ranked
// SMALL: memref.alloca(%{{.*}}) : memref<?xindex>
// SMALL: memref.alloca(%{{.*}}, %{{.*}}) : memref<?x?xf32>
func.func @ranked(%u: memref<*xf32>, %n: index) {
  %r = memref.rank %u : memref<*xf32>
  %a = memref.alloc(%r) : memref<?xindex>
  %b = memref.alloc(%r, %r) : memref<?x?xf32>
  %c0 = arith.constant 0 : index
  %init = memref.alloca() : memref<2xf32>
  %l = scf.for %i = %c0 to %n step %r iter_args(%it = %init) -> memref<2xf32> {
    %t = memref.alloc() : memref<2xf32>
    %y = memref.alloc() : memref<2xf32>
    scf.yield %y : memref<2xf32>
  }
  return
}
