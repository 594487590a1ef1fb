// RUN: pyopt %s --test-emulate-narrow-int="arith-compute-bitwidth=1 memref-load-bitwidth=8" --cse --split-input-file --verify-diagnostics | filecheck %s

// Six nibbles are three bytes: the load reads bytes at the linearized index and bitcasts.
func.func @load_nibbles(%i: index, %j: index) -> vector<6xi4> {
  %m = memref.alloc() : memref<4x6xi4>
  %v = vector.load %m[%i, %j] : memref<4x6xi4>, vector<6xi4>
  return %v : vector<6xi4>
}
// CHECK-DAG:   #[[IDX:.*]] = affine_map<()[s0, s1] -> (s0 * 3 + s1 floordiv 2)>
// CHECK-LABEL: func.func @load_nibbles
// CHECK-NEXT:    %[[M:.*]] = memref.alloc() : memref<12xi8>
// CHECK-NEXT:    %[[AT:.*]] = affine.apply #[[IDX]]()[%arg0, %arg1]
// CHECK-NEXT:    %[[B:.*]] = vector.load %[[M]][%[[AT]]] : memref<12xi8>, vector<3xi8>
// CHECK-NEXT:    %[[V:.*]] = vector.bitcast %[[B]] : vector<3xi8> to vector<6xi4>
// CHECK-NEXT:    return %[[V]] : vector<6xi4>

// -----

func.func @store_nibbles(%v: vector<4xi4>, %i: index) {
  %m = memref.alloc() : memref<20xi4>
  vector.store %v, %m[%i] : memref<20xi4>, vector<4xi4>
  return
}
// CHECK-DAG:   #[[HALF:.*]] = affine_map<()[s0] -> (s0 floordiv 2)>
// CHECK-LABEL: func.func @store_nibbles
// CHECK-NEXT:    %[[M:.*]] = memref.alloc() : memref<10xi8>
// CHECK-NEXT:    %[[AT:.*]] = affine.apply #[[HALF]]()[%arg1]
// CHECK-NEXT:    %[[B:.*]] = vector.bitcast %arg0 : vector<4xi4> to vector<2xi8>
// CHECK-NEXT:    vector.store %[[B]], %[[M]][%[[AT]]] : memref<10xi8>, vector<2xi8>

// -----

// The padding value is zero-extended to the packed element type; the constant index folds
// into the linearized index.
func.func @read_nibbles(%i: index) -> vector<4xi4> {
  %pad = arith.constant 1 : i4
  %m = memref.alloc() : memref<2x8xi4>
  %c0 = arith.constant 0 : index
  %v = vector.transfer_read %m[%i, %c0], %pad : memref<2x8xi4>, vector<4xi4>
  return %v : vector<4xi4>
}
// CHECK-DAG:   #[[ROW:.*]] = affine_map<()[s0] -> (s0 * 4)>
// CHECK-LABEL: func.func @read_nibbles
// CHECK-NEXT:    %[[PAD:.*]] = arith.constant 1 : i4
// CHECK-NEXT:    %[[M:.*]] = memref.alloc() : memref<8xi8>
// CHECK-NEXT:    %[[WPAD:.*]] = arith.extui %[[PAD]] : i4 to i8
// CHECK-NEXT:    %[[AT:.*]] = affine.apply #[[ROW]]()[%arg0]
// CHECK-NEXT:    %[[R:.*]] = vector.transfer_read %[[M]][%[[AT]]], %[[WPAD]] : memref<8xi8>, vector<2xi8>
// CHECK-NEXT:    vector.bitcast %[[R]] : vector<2xi8> to vector<4xi4>

// -----

// A byte is loaded if any of its nibbles is enabled; the select restores the pass-through
// for the disabled nibbles that came along.
func.func @masked_load(%i: index, %n: index, %pt: vector<4xi4>) -> vector<4xi4> {
  %m = memref.alloc() : memref<16xi4>
  %mask = vector.create_mask %n : vector<4xi1>
  %v = vector.maskedload %m[%i], %mask, %pt : memref<16xi4>, vector<4xi1>, vector<4xi4> into vector<4xi4>
  return %v : vector<4xi4>
}
// CHECK-DAG:   #[[HALF:.*]] = affine_map<()[s0] -> (s0 floordiv 2)>
// CHECK-DAG:   #[[UP:.*]] = affine_map<()[s0] -> ((s0 + 1) floordiv 2)>
// CHECK-LABEL: func.func @masked_load
// CHECK-NEXT:    %[[M:.*]] = memref.alloc() : memref<8xi8>
// CHECK-NEXT:    %[[MASK:.*]] = vector.create_mask %arg1 : vector<4xi1>
// CHECK-NEXT:    %[[AT:.*]] = affine.apply #[[HALF]]()[%arg0]
// CHECK-NEXT:    %[[N:.*]] = affine.apply #[[UP]]()[%arg1]
// CHECK-NEXT:    %[[BMASK:.*]] = vector.create_mask %[[N]] : vector<2xi1>
// CHECK-NEXT:    %[[BPT:.*]] = vector.bitcast %arg2 : vector<4xi4> to vector<2xi8>
// CHECK-NEXT:    %[[L:.*]] = vector.maskedload %[[M]][%[[AT]]], %[[BMASK]], %[[BPT]] : memref<8xi8>, vector<2xi1>, vector<2xi8> into vector<2xi8>
// CHECK-NEXT:    %[[V:.*]] = vector.bitcast %[[L]] : vector<2xi8> to vector<4xi4>
// CHECK-NEXT:    %[[S:.*]] = arith.select %[[MASK]], %[[V]], %arg2 : vector<4xi1>, vector<4xi4>
// CHECK-NEXT:    return %[[S]]

// -----

// A masked store reads the touched bytes, merges, and writes them back.
func.func @masked_store(%i: index, %v: vector<4xi4>) {
  %m = memref.alloc() : memref<16xi4>
  %mask = vector.constant_mask [3] : vector<4xi1>
  vector.maskedstore %m[%i], %mask, %v : memref<16xi4>, vector<4xi1>, vector<4xi4>
  return
}
// CHECK-LABEL: func.func @masked_store
// CHECK-NEXT:    %[[M:.*]] = memref.alloc() : memref<8xi8>
// CHECK-NEXT:    %[[MASK:.*]] = vector.constant_mask [3] : vector<4xi1>
// CHECK-NEXT:    %[[AT:.*]] = affine.apply #{{.*}}()[%arg0]
// CHECK-NEXT:    %[[BMASK:.*]] = vector.constant_mask [2] : vector<2xi1>
// CHECK-NEXT:    %[[Z:.*]] = arith.constant dense<0> : vector<2xi8>
// CHECK-NEXT:    %[[OLD:.*]] = vector.maskedload %[[M]][%[[AT]]], %[[BMASK]], %[[Z]] : memref<8xi8>, vector<2xi1>, vector<2xi8> into vector<2xi8>
// CHECK-NEXT:    %[[OLDN:.*]] = vector.bitcast %[[OLD]] : vector<2xi8> to vector<4xi4>
// CHECK-NEXT:    %[[MERGED:.*]] = arith.select %[[MASK]], %arg1, %[[OLDN]] : vector<4xi1>, vector<4xi4>
// CHECK-NEXT:    %[[NEW:.*]] = vector.bitcast %[[MERGED]] : vector<4xi4> to vector<2xi8>
// CHECK-NEXT:    vector.maskedstore %[[M]][%[[AT]]], %[[BMASK]], %[[NEW]] : memref<8xi8>, vector<2xi1>, vector<2xi8>

// -----

// An element count that does not fill whole bytes is not supported.
func.func @odd_count(%i: index) -> vector<3xi4> {
  %m = memref.alloc() : memref<12xi4>
  // expected-error @+1 {{failed to legalize operation 'vector.load' that was explicitly marked illegal}}
  %v = vector.load %m[%i] : memref<12xi4>, vector<3xi4>
  return %v : vector<3xi4>
}
