// Round trip of the vector ops with hand-written syntax: contract (trait dictionary,
// iterator types as strings), transfers (elided minor-identity maps and all-false in_bounds),
// reduction kinds, print clauses, mask regions printed inline, outerproduct, warp regions.
// RUN: pyopt %s | pyopt | filecheck %s

// CHECK-DAG: #map = affine_map<(d0, d1, d2) -> (d0, d2)>
// CHECK-DAG: #map1 = affine_map<(d0, d1, d2) -> (d2, d1)>
// CHECK-DAG: #map2 = affine_map<(d0, d1, d2) -> (d0, d1)>
// CHECK-DAG: #map3 = affine_map<(d0, d1) -> (d1, d0)>
// CHECK-LABEL: func.func @ops
// CHECK: %0 = vector.contract {indexing_maps = [#map, #map1, #map2], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %arg0, %arg1, %arg2 : vector<4x3xf32>, vector<3x7xf32> into vector<4x7xf32>
// CHECK: %1 = vector.contract {indexing_maps = [#map, #map1, #map2], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<maxnumf>} %arg0, %arg1, %arg2 {foo} : vector<4x3xf32>, vector<3x7xf32> into vector<4x7xf32>
// CHECK: %2 = vector.transfer_read %arg3[%arg4, %arg4], %arg5 : memref<?x?xf32>, vector<4x8xf32>
// CHECK: %3 = vector.transfer_read %arg3[%arg4, %arg4], %arg5 {in_bounds = [true, false], permutation_map = #map3} : memref<?x?xf32>, vector<4x8xf32>
// CHECK: vector.transfer_write %2, %arg3[%arg4, %arg4] {in_bounds = [false, true]} : vector<4x8xf32>, memref<?x?xf32>
// CHECK: %4 = vector.transfer_write %2, %arg7[%arg4, %arg4] : vector<4x8xf32>, tensor<?x?xf32>
// CHECK: %5 = vector.reduction <add>, %arg6 : vector<16xf32> into f32
// CHECK: %6 = vector.reduction <maxnumf>, %arg6, %arg5 fastmath<fast> : vector<16xf32> into f32
// CHECK: vector.print %arg6 : vector<16xf32>
// CHECK: vector.print str "hello"
// CHECK: vector.print punctuation <comma>
// CHECK: vector.print %arg5 : f32 punctuation <open>
// CHECK: %7 = vector.splat %arg5 : vector<4xf32>
// CHECK: %8 = vector.extract %arg0[1, 2] : f32 from vector<4x3xf32>
// CHECK: %9 = vector.extract %arg0[%arg4] : vector<3xf32> from vector<4x3xf32>
// CHECK: %10 = vector.constant_mask [2] : vector<16xi1>
// CHECK: %11 = vector.mask %10 { vector.transfer_read %arg3[%arg4, %arg4], %arg5 : memref<?x?xf32>, vector<16xf32> } : vector<16xi1> -> vector<16xf32>
// CHECK: %12 = vector.outerproduct %arg6, %arg6 : vector<16xf32>, vector<16xf32>
// CHECK: %13 = vector.outerproduct %arg6, %arg5, %arg6 {kind = #vector.kind<mul>} : vector<16xf32>, f32
// CHECK: %14 = vector.warp_execute_on_lane_0(%arg4)[32] args(%arg6 : vector<16xf32>) -> (vector<1xf32>) {
// CHECK: ^bb0(%arg8: vector<512xf32>):
// CHECK: %cst = arith.constant dense<1.000000e+00> : vector<32xf32>
// CHECK: vector.yield %cst : vector<32xf32>
// CHECK: %vscale = vector.vscale
// CHECK: %15 = vector.extract %arg0[0] : vector<3xf32> from vector<4x3xf32>
// CHECK: %dest, %accumulated_value = vector.scan <add>, %arg0, %15 {inclusive = true, reduction_dim = 0 : i64} : vector<4x3xf32>, vector<3xf32>
// CHECK: return %0 : vector<4x7xf32>

#map = affine_map<(d0, d1, d2) -> (d0, d2)>
#map1 = affine_map<(d0, d1, d2) -> (d2, d1)>
#map2 = affine_map<(d0, d1, d2) -> (d0, d1)>
func.func @ops(%a: vector<4x3xf32>, %b: vector<3x7xf32>, %c: vector<4x7xf32>, %m: memref<?x?xf32>, %i: index, %f: f32, %v: vector<16xf32>, %t: tensor<?x?xf32>) -> vector<4x7xf32> {
  %0 = vector.contract {indexing_maps = [#map, #map1, #map2], iterator_types = ["parallel", "parallel", "reduction"]} %a, %b, %c : vector<4x3xf32>, vector<3x7xf32> into vector<4x7xf32>
  %1 = vector.contract {indexing_maps = [#map, #map1, #map2], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<maxnumf>} %a, %b, %c {foo} : vector<4x3xf32>, vector<3x7xf32> into vector<4x7xf32>
  %2 = vector.transfer_read %m[%i, %i], %f : memref<?x?xf32>, vector<4x8xf32>
  %3 = vector.transfer_read %m[%i, %i], %f {in_bounds = [true, false], permutation_map = affine_map<(d0, d1) -> (d1, d0)>} : memref<?x?xf32>, vector<4x8xf32>
  vector.transfer_write %2, %m[%i, %i] {in_bounds = [false, true]} : vector<4x8xf32>, memref<?x?xf32>
  %t2 = vector.transfer_write %2, %t[%i, %i] : vector<4x8xf32>, tensor<?x?xf32>
  %r = vector.reduction <add>, %v : vector<16xf32> into f32
  %r2 = vector.reduction <maxnumf>, %v, %f fastmath<fast> : vector<16xf32> into f32
  vector.print %v : vector<16xf32>
  vector.print str "hello"
  vector.print punctuation <comma>
  vector.print %f : f32 punctuation <open>
  %s = vector.splat %f : vector<4xf32>
  %e = vector.extract %a[1, 2] : f32 from vector<4x3xf32>
  %e2 = vector.extract %a[%i] : vector<3xf32> from vector<4x3xf32>
  %mk = vector.constant_mask [2] : vector<16xi1>
  %ml = vector.mask %mk { vector.transfer_read %m[%i, %i], %f : memref<?x?xf32>, vector<16xf32> } : vector<16xi1> -> vector<16xf32>
  %op = vector.outerproduct %v, %v : vector<16xf32>, vector<16xf32>
  %op2 = vector.outerproduct %v, %f, %v {kind = #vector.kind<mul>} : vector<16xf32>, f32
  %w = vector.warp_execute_on_lane_0(%i)[32] args(%v : vector<16xf32>) -> (vector<1xf32>) {
  ^bb0(%arg: vector<512xf32>):
    %x = arith.constant dense<1.0> : vector<32xf32>
    vector.yield %x : vector<32xf32>
  }
  %vs = vector.vscale
  %v3 = vector.extract %a[0] : vector<3xf32> from vector<4x3xf32>
  %sc:2 = vector.scan <add>, %a, %v3 {inclusive = true, reduction_dim = 0} : vector<4x3xf32>, vector<3xf32>
  return %0 : vector<4x7xf32>
}
