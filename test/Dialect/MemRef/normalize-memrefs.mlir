// RUN: pyopt %s --normalize-memrefs --split-input-file | filecheck %s

// A transposed layout becomes a transposed shape; accesses swap their subscripts.
// CHECK-LABEL: func @transpose
// CHECK: %[[A:.*]] = memref.alloc() : memref<8x4xf32>
// CHECK: affine.store %{{.*}}, %[[A]][symbol(%arg2), symbol(%arg1)] : memref<8x4xf32>
// CHECK: memref.dealloc %[[A]] : memref<8x4xf32>
func.func @transpose(%v: f32, %i: index, %j: index) {
  %a = memref.alloc() : memref<4x8xf32, affine_map<(d0, d1) -> (d1, d0)>>
  affine.store %v, %a[%i, %j] : memref<4x8xf32, affine_map<(d0, d1) -> (d1, d0)>>
  memref.dealloc %a : memref<4x8xf32, affine_map<(d0, d1) -> (d1, d0)>>
  return
}

// -----

// Tiled layouts: arguments, results and call sites follow; dynamic sizes are computed
// (the tile dimension counts as dynamic too when its source dimension is).
#tile = affine_map<(d0) -> (d0 floordiv 8, d0 mod 8)>
// CHECK-DAG: #[[CEIL:.*]] = affine_map<(d0) -> (d0 ceildiv 8)>
// CHECK-LABEL: func @callee
// CHECK-SAME: (%{{.*}}: memref<3x8xf32>) -> memref<3x8xf32>
func.func @callee(%m: memref<20xf32, #tile>) -> memref<20xf32, #tile> {
  return %m : memref<20xf32, #tile>
}
// CHECK-LABEL: func @caller
// CHECK: %[[N:.*]] = affine.apply #[[CEIL]](%{{.*}})
// CHECK: %[[T:.*]] = affine.apply #{{.*}}(%{{.*}})
// CHECK: memref.alloc(%[[N]], %[[T]]) : memref<?x?xf32>
// CHECK: call @callee(%{{.*}}) : (memref<3x8xf32>) -> memref<3x8xf32>
// CHECK: affine.load %{{.*}}[symbol(%arg2) floordiv 8, symbol(%arg2) mod 8] : memref<3x8xf32>
func.func @caller(%m: memref<20xf32, #tile>, %n: index, %i: index) -> f32 {
  %d = memref.alloc(%n) : memref<?xf32, #tile>
  %r = call @callee(%m) : (memref<20xf32, #tile>) -> memref<20xf32, #tile>
  %x = affine.load %r[%i] : memref<20xf32, #tile>
  return %x : f32
}

// -----

// A use by an op that cannot follow keeps the layout (here an unknown op).
// CHECK-LABEL: func @kept
// CHECK: memref.alloc() : memref<4x8xf32, #{{.*}}>
func.func @kept() {
  %a = memref.alloc() : memref<4x8xf32, affine_map<(d0, d1) -> (d1, d0)>>
  "test.opaque"(%a) : (memref<4x8xf32, affine_map<(d0, d1) -> (d1, d0)>>) -> ()
  return
}
