// RUN: pyopt %s -allow-unregistered-dialect | pyopt -allow-unregistered-dialect | filecheck %s
// RUN: pyopt %s -allow-unregistered-dialect --mlir-print-op-generic | pyopt -allow-unregistered-dialect | filecheck %s
// RUN: pyopt %s -allow-unregistered-dialect --mlir-print-op-generic | filecheck %s --check-prefix=GENERIC
// Every affine op through the custom and the generic form.

// CHECK-DAG: #map = affine_map<(d0)[s0] -> (d0, s0 - 4)>
// CHECK-DAG: #map1 = affine_map<(d0)[s0] -> (d0 + 16, s0)>
// CHECK-DAG: #map2 = affine_map<(d0) -> (d0 * 2)>
// CHECK-DAG: #map3 = affine_map<(d0, d1) -> (d0 ceildiv 4 + d1)>
// CHECK-DAG: #map4 = affine_map<()[s0] -> (s0 * 3)>
// CHECK-DAG: #map5 = affine_map<(d0)[s0] -> (d0, s0, 42)>
// CHECK-DAG: #map6 = affine_map<(d0, d1) -> (d0 - d1, 0)>
// CHECK-DAG: #set = affine_set<(d0)[s0] : (d0 - 10 >= 0, -d0 + s0 - 1 >= 0, d0 mod 2 == 0)>
// CHECK-DAG: #set1 = affine_set<() : (0 == 0)>
// CHECK-LABEL: func.func @loops(%arg0: memref<?x64xf32>, %arg1: index, %arg2: f32) -> f32 {
// CHECK-NEXT: affine.for %arg3 = 0 to 10 step 3 {
// CHECK-NEXT: affine.for %arg4 = max #map(%arg3)[%arg1] to min #map1(%arg3)[%arg1] {
// CHECK-NEXT: %1 = affine.load %arg0[%arg3 + %arg4 floordiv 2, symbol(%arg1) mod 64] : memref<?x64xf32>
// CHECK-NEXT: affine.store %1, %arg0[%arg4, 3] : memref<?x64xf32>
// CHECK-NEXT: }
// CHECK-NEXT: affine.for %arg4 = %arg1 to #map2(%arg3) {
// CHECK-NEXT: } {unroll = 2 : i64}
// CHECK-NEXT: }
// CHECK-NEXT: %0 = affine.for %arg3 = -5 to %arg1 iter_args(%arg4 = %arg2) -> (f32) {
// CHECK-NEXT: %1 = affine.load %arg0[%arg3, 0] : memref<?x64xf32>
// CHECK-NEXT: %2 = affine.if #set(%arg3)[%arg1] -> f32 {
// CHECK-NEXT: affine.yield %1 : f32
// CHECK-NEXT: } else {
// CHECK-NEXT: affine.yield %arg4 : f32
// CHECK-NEXT: }
// CHECK-NEXT: affine.yield %2 : f32
// CHECK-NEXT: }
// CHECK-NEXT: affine.if #set1() {
// CHECK-NEXT: "test.op"() : () -> ()
// CHECK-NEXT: } {tag}
// CHECK-NEXT: return %0 : f32
// CHECK-NEXT: }
// CHECK-LABEL: func.func @maps(%arg0: index, %arg1: index) -> (index, index, index, index, index) {
// CHECK-NEXT: %0 = affine.apply #map3(%arg0, %arg1)
// CHECK-NEXT: %1 = affine.apply #map4()[%arg1] {attr}
// CHECK-NEXT: %2 = affine.min #map5(%arg0)[%arg1]
// CHECK-NEXT: %3 = affine.max #map6(%arg0, %arg1)
// CHECK-NEXT: %4:3 = affine.delinearize_index %arg0 into (%arg1, %arg1, %arg1) : index, index, index
// CHECK-NEXT: return %0, %1, %2, %3, %4#2 : index, index, index, index, index
// CHECK-NEXT: }
// CHECK-LABEL: func.func @parallel(%arg0: memref<100x100xf32>, %arg1: index) -> (f32, i32) {
// CHECK-NEXT: affine.parallel (%arg2, %arg3) = (0, max(%arg1, 0)) to (min(%arg1, 100), 100) step (4, 8) {
// CHECK-NEXT: %1 = affine.vector_load %arg0[%arg2, %arg3] : memref<100x100xf32>, vector<8xf32>
// CHECK-NEXT: affine.vector_store %1, %arg0[%arg2, %arg3 + 1] : memref<100x100xf32>, vector<8xf32>
// CHECK-NEXT: }
// CHECK-NEXT: %0:2 = affine.parallel (%arg2) = (0) to (symbol(%arg1)) reduce ("addf", "ori") -> (f32, i32) {
// CHECK-NEXT: %1 = affine.load %arg0[%arg2, %arg2] : memref<100x100xf32>
// CHECK-NEXT: %2 = "test.int"() : () -> i32
// CHECK-NEXT: affine.yield %1, %2 : f32, i32
// CHECK-NEXT: }
// CHECK-NEXT: affine.parallel () = () to () {
// CHECK-NEXT: }
// CHECK-NEXT: return %0#0, %0#1 : f32, i32
// CHECK-NEXT: }
// CHECK-LABEL: func.func @memory(%arg0: memref<100x100xf32>, %arg1: memref<1xi32>, %arg2: memref<f32>, %arg3: index, %arg4: index, %arg5: index) {
// CHECK-NEXT: affine.for %arg6 = 0 to 10 {
// CHECK-NEXT: affine.prefetch %arg0[%arg6, %arg6 + 1], write, locality<1>, instr : memref<100x100xf32>
// CHECK-NEXT: affine.dma_start %arg0[%arg6, 0], %arg0[%arg6 + 1, symbol(%arg3)], %arg1[%arg4], %arg5, %arg5, %arg5 : memref<100x100xf32>, memref<100x100xf32>, memref<1xi32>
// CHECK-NEXT: affine.dma_wait %arg1[%arg4], %arg5 : memref<1xi32>
// CHECK-NEXT: %0 = affine.load %arg2[] : memref<f32>
// CHECK-NEXT: affine.store %0, %arg2[] : memref<f32>
// CHECK-NEXT: }
// CHECK-NEXT: return
// CHECK-NEXT: }
// CHECK-NEXT: }

// Generic form: inherent attributes are properties, affine.if's condition and the dma maps
// are discardable attributes, and implicit terminators are explicit. Aliases are numbered
// regions first (nested ops before the op's own attributes).
// GENERIC: #map = affine_map<(d0, d1)[s0] -> (d0 + d1 floordiv 2, s0 mod 64)>
// GENERIC: #map6 = affine_map<() -> (0)>
// GENERIC: #map19 = affine_map<() -> ()>
// GENERIC-LABEL: sym_name = "loops"
// GENERIC: "affine.for"() <{lowerBoundMap = #map6, operandSegmentSizes = array<i32: 0, 0, 0>, step = 3 : index, upperBoundMap = #map7}> ({
// GENERIC-NEXT: ^bb0(%{{.*}}: index):
// GENERIC: "affine.yield"() : () -> ()
// GENERIC: "affine.if"(%{{.*}}, %{{.*}}) ({
// GENERIC: }) {condition = #set} : (index, index) -> f32
// GENERIC: "affine.if"() ({
// GENERIC-NEXT: "test.op"() : () -> ()
// GENERIC-NEXT: "affine.yield"() : () -> ()
// GENERIC-NEXT: }, {
// GENERIC-NEXT: }) {condition = #set1, tag} : () -> ()
// GENERIC-LABEL: sym_name = "parallel"
// GENERIC: "affine.parallel"(%{{.*}}, %{{.*}}) <{lowerBoundsGroups = dense<[1, 2]> : tensor<2xi32>, lowerBoundsMap = #map16, reductions = [], steps = [4, 8], upperBoundsGroups = dense<[2, 1]> : tensor<2xi32>, upperBoundsMap = #map17}>
// GENERIC: <{lowerBoundsGroups = dense<1> : tensor<1xi32>, lowerBoundsMap = #map6, reductions = [0, 11], steps = [1], upperBoundsGroups = dense<1> : tensor<1xi32>, upperBoundsMap = #map4}>
// GENERIC: "affine.parallel"() <{lowerBoundsGroups = dense<> : tensor<0xi32>, lowerBoundsMap = #map19, reductions = [], steps = [], upperBoundsGroups = dense<> : tensor<0xi32>, upperBoundsMap = #map19}>
// GENERIC-LABEL: sym_name = "memory"
// GENERIC: "affine.prefetch"(%{{.*}}, %{{.*}}) <{isDataCache = false, isWrite = true, localityHint = 1 : i32, map = #map20}>
// GENERIC: "affine.dma_start"({{.*}}) {dst_map = #map21, src_map = #map8, tag_map = #map22} : (memref<100x100xf32>, index, memref<100x100xf32>, index, index, memref<1xi32>, index, index, index, index) -> ()
// GENERIC: "affine.dma_wait"({{.*}}) {tag_map = #map22} : (memref<1xi32>, index, index) -> ()

#lb = affine_map<(d0)[s0] -> (d0, s0 - 4)>
#ub = affine_map<(d0)[s0] -> (d0 + 16, s0)>
#set = affine_set<(d0)[s0] : (d0 - 10 >= 0, s0 - d0 - 1 >= 0, d0 mod 2 == 0)>

func.func @loops(%A: memref<?x64xf32>, %n: index, %init: f32) -> f32 {
  affine.for %i = 0 to 10 step 3 {
    affine.for %j = max #lb(%i)[%n] to min #ub(%i)[%n] {
      %v = affine.load %A[%i + %j floordiv 2, symbol(%n) mod 64] : memref<?x64xf32>
      affine.store %v, %A[%j, 3] : memref<?x64xf32>
    }
    affine.for %k = %n to affine_map<(d0) -> (d0 * 2)>(%i) {
    } {unroll = 2 : i64}
  }
  %sum = affine.for %i = -5 to %n iter_args(%acc = %init) -> (f32) {
    %x = affine.load %A[%i, 0] : memref<?x64xf32>
    %r = affine.if #set(%i)[%n] -> f32 {
      affine.yield %x : f32
    } else {
      affine.yield %acc : f32
    }
    affine.yield %r : f32
  }
  affine.if affine_set<() : (0 == 0)>() {
    "test.op"() : () -> ()
  } {tag}
  return %sum : f32
}

func.func @maps(%a: index, %b: index) -> (index, index, index, index, index) {
  %0 = affine.apply affine_map<(d0, d1) -> (d0 ceildiv 4 + d1)>(%a, %b)
  %1 = affine.apply affine_map<()[s0] -> (s0 * 3)>()[%b] {attr}
  %2 = affine.min affine_map<(d0)[s0] -> (d0, s0, 42)>(%a)[%b]
  %3 = affine.max affine_map<(d0, d1) -> (d0 - d1, 0)>(%a, %b)
  %4:3 = affine.delinearize_index %a into (%b, %b, %b) : index, index, index
  return %0, %1, %2, %3, %4#2 : index, index, index, index, index
}

func.func @parallel(%A: memref<100x100xf32>, %n: index) -> (f32, i32) {
  affine.parallel (%i, %j) = (0, max(%n, 0)) to (min(%n, 100), 100) step (4, 8) {
    %v = affine.vector_load %A[%i, %j] : memref<100x100xf32>, vector<8xf32>
    affine.vector_store %v, %A[%i, %j + 1] : memref<100x100xf32>, vector<8xf32>
  }
  %r:2 = affine.parallel (%i) = (0) to (symbol(%n)) reduce ("addf", "ori") -> (f32, i32) {
    %v = affine.load %A[%i, %i] : memref<100x100xf32>
    %c = "test.int"() : () -> i32
    affine.yield %v, %c : f32, i32
  }
  affine.parallel () = () to () {
  }
  return %r#0, %r#1 : f32, i32
}

func.func @memory(%A: memref<100x100xf32>, %T: memref<1xi32>, %s: memref<f32>, %n: index, %c0: index, %c8: index) {
  affine.for %i = 0 to 10 {
    affine.prefetch %A[%i, %i + 1], write, locality<1>, instr : memref<100x100xf32>
    affine.dma_start %A[%i, 0], %A[%i + 1, symbol(%n)], %T[%c0], %c8, %c8, %c8 : memref<100x100xf32>, memref<100x100xf32>, memref<1xi32>
    affine.dma_wait %T[%c0], %c8 : memref<1xi32>
    %v = affine.load %s[] : memref<f32>
    affine.store %v, %s[] : memref<f32>
  }
  return
}
