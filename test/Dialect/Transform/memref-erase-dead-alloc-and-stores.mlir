// RUN: pyopt %s -transform-interpreter -allow-unregistered-dialect | filecheck %s

// transform.memref.erase_dead_alloc_and_stores: store-to-load forwarding and dead-store
// elimination of vector transfers on memrefs, then allocations nobody reads.

// Forwarded: the read becomes the written vector.
// CHECK-LABEL: func.func @fwd_simple(
// CHECK-SAME: %{{[^:]*}}: memref<4x4xf32>, %[[V:[^:]*]]: vector<1x4xf32>
// CHECK: vector.transfer_write
// CHECK-NOT: vector.transfer_read
// CHECK: return %[[V]]
func.func @fwd_simple(%m: memref<4x4xf32>, %v: vector<1x4xf32>, %i: index) -> vector<1x4xf32> {
  %c0 = arith.constant 0 : index
  %cf = arith.constant 0.0 : f32
  vector.transfer_write %v, %m[%c0, %c0] {in_bounds = [true, true]} : vector<1x4xf32>, memref<4x4xf32>
  %r = vector.transfer_read %m[%c0, %c0], %cf {in_bounds = [true, true]} : memref<4x4xf32>, vector<1x4xf32>
  return %r : vector<1x4xf32>
}
// A conditional write in between may reach the read: no forwarding.
// CHECK-LABEL: func.func @fwd_blocked_by_if(
// CHECK: scf.if
// CHECK: %[[R:.*]] = vector.transfer_read
// CHECK: return %[[R]]
func.func @fwd_blocked_by_if(%m: memref<4x4xf32>, %v: vector<1x4xf32>, %w: vector<1x4xf32>, %b: i1) -> vector<1x4xf32> {
  %c0 = arith.constant 0 : index
  %cf = arith.constant 0.0 : f32
  vector.transfer_write %v, %m[%c0, %c0] {in_bounds = [true, true]} : vector<1x4xf32>, memref<4x4xf32>
  scf.if %b {
    vector.transfer_write %w, %m[%c0, %c0] {in_bounds = [true, true]} : vector<1x4xf32>, memref<4x4xf32>
  }
  %r = vector.transfer_read %m[%c0, %c0], %cf {in_bounds = [true, true]} : memref<4x4xf32>, vector<1x4xf32>
  return %r : vector<1x4xf32>
}
// The write to another row is disjoint from the read.
// CHECK-LABEL: func.func @fwd_disjoint(
// CHECK-SAME: %{{[^:]*}}: memref<4x4xf32>, %[[V:[^:]*]]: vector<1x4xf32>
// CHECK-NOT: vector.transfer_read
// CHECK: return %[[V]]
func.func @fwd_disjoint(%m: memref<4x4xf32>, %v: vector<1x4xf32>, %w: vector<1x4xf32>) -> vector<1x4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %cf = arith.constant 0.0 : f32
  vector.transfer_write %v, %m[%c0, %c0] {in_bounds = [true, true]} : vector<1x4xf32>, memref<4x4xf32>
  vector.transfer_write %w, %m[%c1, %c0] {in_bounds = [true, true]} : vector<1x4xf32>, memref<4x4xf32>
  %r = vector.transfer_read %m[%c0, %c0], %cf {in_bounds = [true, true]} : memref<4x4xf32>, vector<1x4xf32>
  return %r : vector<1x4xf32>
}
// CHECK-LABEL: func.func @dead_store(
// CHECK-SAME: %{{[^:]*}}: memref<4x4xf32>, %{{[^:]*}}: vector<1x4xf32>, %[[W:[^:]*]]: vector<1x4xf32>
// CHECK-NEXT: arith.constant
// CHECK-NEXT: vector.transfer_write %[[W]]
// CHECK-NEXT: return
func.func @dead_store(%m: memref<4x4xf32>, %v: vector<1x4xf32>, %w: vector<1x4xf32>) {
  %c0 = arith.constant 0 : index
  vector.transfer_write %v, %m[%c0, %c0] {in_bounds = [true, true]} : vector<1x4xf32>, memref<4x4xf32>
  vector.transfer_write %w, %m[%c0, %c0] {in_bounds = [true, true]} : vector<1x4xf32>, memref<4x4xf32>
  return
}
// A read of a possibly overlapping row keeps the first write alive.
// CHECK-LABEL: func.func @dead_store_read_between(
// CHECK-COUNT-2: vector.transfer_write
func.func @dead_store_read_between(%m: memref<4x4xf32>, %v: vector<1x4xf32>, %w: vector<1x4xf32>, %i: index) -> vector<1x4xf32> {
  %c0 = arith.constant 0 : index
  %cf = arith.constant 0.0 : f32
  vector.transfer_write %v, %m[%c0, %c0] {in_bounds = [true, true]} : vector<1x4xf32>, memref<4x4xf32>
  %r = vector.transfer_read %m[%i, %c0], %cf {in_bounds = [true, true]} : memref<4x4xf32>, vector<1x4xf32>
  vector.transfer_write %w, %m[%c0, %c0] {in_bounds = [true, true]} : vector<1x4xf32>, memref<4x4xf32>
  return %r : vector<1x4xf32>
}
// The loop writes what the read after it sees: nothing changes.
// CHECK-LABEL: func.func @loop(
// CHECK: vector.transfer_write
// CHECK: scf.for
// CHECK: vector.transfer_read
// CHECK: vector.transfer_write
// CHECK: vector.transfer_read
func.func @loop(%m: memref<4x4xf32>, %v: vector<1x4xf32>, %n: index) -> vector<1x4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %cf = arith.constant 0.0 : f32
  vector.transfer_write %v, %m[%c0, %c0] {in_bounds = [true, true]} : vector<1x4xf32>, memref<4x4xf32>
  scf.for %i = %c0 to %n step %c1 {
    %x = vector.transfer_read %m[%c0, %c0], %cf {in_bounds = [true, true]} : memref<4x4xf32>, vector<1x4xf32>
    %y = arith.addf %x, %x : vector<1x4xf32>
    vector.transfer_write %y, %m[%c0, %c0] {in_bounds = [true, true]} : vector<1x4xf32>, memref<4x4xf32>
  }
  %r = vector.transfer_read %m[%c0, %c0], %cf {in_bounds = [true, true]} : memref<4x4xf32>, vector<1x4xf32>
  return %r : vector<1x4xf32>
}
// A write through a rank-reducing subview is not the same view as the read.
// CHECK-LABEL: func.func @subview_alias(
// CHECK: vector.transfer_write
// CHECK: vector.transfer_read
func.func @subview_alias(%v: vector<4xf32>) -> vector<4xf32> {
  %c0 = arith.constant 0 : index
  %cf = arith.constant 0.0 : f32
  %a = memref.alloc() : memref<8x8xf32>
  %s = memref.subview %a[0, 0] [1, 8] [1, 1] : memref<8x8xf32> to memref<8xf32, strided<[1]>>
  vector.transfer_write %v, %s[%c0] {in_bounds = [true]} : vector<4xf32>, memref<8xf32, strided<[1]>>
  %r = vector.transfer_read %a[%c0, %c0], %cf {in_bounds = [true]} : memref<8x8xf32>, vector<4xf32>
  "test.use"(%a) : (memref<8x8xf32>) -> ()
  return %r : vector<4xf32>
}
// Both branches write: neither post-dominates the first write, nor dominates the read.
// CHECK-LABEL: func.func @cfg(
// CHECK-COUNT-3: vector.transfer_write
// CHECK: vector.transfer_read
func.func @cfg(%m: memref<4xf32>, %v: vector<4xf32>, %w: vector<4xf32>, %b: i1) -> vector<4xf32> {
  %c0 = arith.constant 0 : index
  %cf = arith.constant 0.0 : f32
  vector.transfer_write %v, %m[%c0] {in_bounds = [true]} : vector<4xf32>, memref<4xf32>
  cf.cond_br %b, ^bb1, ^bb2
^bb1:
  vector.transfer_write %w, %m[%c0] {in_bounds = [true]} : vector<4xf32>, memref<4xf32>
  cf.br ^bb3
^bb2:
  vector.transfer_write %w, %m[%c0] {in_bounds = [true]} : vector<4xf32>, memref<4xf32>
  cf.br ^bb3
^bb3:
  %r = vector.transfer_read %m[%c0], %cf {in_bounds = [true]} : memref<4xf32>, vector<4xf32>
  return %r : vector<4xf32>
}
// The write in the join block post-dominates the first one.
// CHECK-LABEL: func.func @cfg_post(
// CHECK-NEXT: arith.constant
// CHECK-NEXT: cf.cond_br
// CHECK-COUNT-1: vector.transfer_write
// CHECK-NEXT: return
func.func @cfg_post(%m: memref<4xf32>, %v: vector<4xf32>, %w: vector<4xf32>, %b: i1) {
  %c0 = arith.constant 0 : index
  vector.transfer_write %v, %m[%c0] {in_bounds = [true]} : vector<4xf32>, memref<4xf32>
  cf.cond_br %b, ^bb1, ^bb2
^bb1:
  cf.br ^bb3
^bb2:
  cf.br ^bb3
^bb3:
  vector.transfer_write %w, %m[%c0] {in_bounds = [true]} : vector<4xf32>, memref<4xf32>
  return
}
// Only written and deallocated: the allocation and its writes go.
// CHECK-LABEL: func.func @dead_alloc_with_dealloc(
// CHECK-NOT: memref
// CHECK: return
func.func @dead_alloc_with_dealloc(%v: vector<4xf32>) {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<8xf32>
  vector.transfer_write %v, %a[%c0] {in_bounds = [true]} : vector<4xf32>, memref<8xf32>
  %f1 = arith.constant 1.0 : f32
  memref.store %f1, %a[%c0] : memref<8xf32>
  memref.dealloc %a : memref<8xf32>
  return
}
// CHECK-LABEL: func.func @alloc_read_by_load(
// CHECK: memref.alloc
// CHECK: vector.transfer_write
// CHECK: memref.load
func.func @alloc_read_by_load(%v: vector<4xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<8xf32>
  vector.transfer_write %v, %a[%c0] {in_bounds = [true]} : vector<4xf32>, memref<8xf32>
  %x = memref.load %a[%c0] : memref<8xf32>
  return %x : f32
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg1: !transform.any_op {transform.readonly}) {
    %0 = transform.structured.match ops{["func.func"]} in %arg1 : (!transform.any_op) -> !transform.any_op
    transform.memref.erase_dead_alloc_and_stores %0 : (!transform.any_op) -> ()
    transform.yield
  }
}
