// Verifier and parser diagnostics of the vector dialect (messages as mlir-opt 19 gives them).
// RUN: pyopt %s -split-input-file -verify-diagnostics

func.func @broadcast_bad_dim(%v: vector<5xi8>) {
  // expected-error@+1 {{'vector.broadcast' op dimension mismatch (5 vs. 6)}}
  %0 = vector.broadcast %v : vector<5xi8> to vector<2x6xi8>
  return
}

// -----

func.func @broadcast_to_scalar(%x: i8) {
  // expected-error@+1 {{custom op 'vector.broadcast' invalid kind of type specified}}
  %0 = vector.broadcast %x : i8 to i8
  return
}

// -----

func.func @shuffle_mask_oob(%a: vector<3xi16>) {
  // expected-error@+1 {{'vector.shuffle' op mask index #3 out of range}}
  %0 = vector.shuffle %a, %a [5, 0, 6] : vector<3xi16>, vector<3xi16>
  return
}

// -----

func.func @extract_too_deep(%v: vector<2x3xi32>) {
  // expected-error@+1 {{expected position attribute of rank no greater than vector rank}}
  %0 = vector.extract %v[1, 1, 1] : i32 from vector<2x3xi32>
  return
}

// -----

func.func @extract_wrong_result(%v: vector<2x3xi32>) {
  // expected-error@+2 {{'vector.extract' op inferred type(s) 'vector<3xi32>' are incompatible with return type(s) of operation 'vector<2xi32>'}}
  // expected-error@+1 {{'vector.extract' op failed to infer returned types}}
  %0 = "vector.extract"(%v) <{static_position = array<i64: 1>}> : (vector<2x3xi32>) -> vector<2xi32>
  return
}

// -----

func.func @insert_oob(%s: i32, %v: vector<2x3xi32>) {
  // expected-error@+1 {{expected position attribute #2 to be a non-negative integer smaller than the corresponding dest vector dimension}}
  %0 = vector.insert %s, %v[1, 3] : i32 into vector<2x3xi32>
  return
}

// -----

func.func @extractelement_2d(%v: vector<2x2xf16>, %i: index) {
  // expected-error@+1 {{'vector.extractelement' op unexpected >1 vector rank}}
  %0 = vector.extractelement %v[%i : index] : vector<2x2xf16>
  return
}

// -----

func.func @reduction_bad_kind(%v: vector<8xf32>) {
  // expected-error@+1 {{'vector.reduction' op unsupported reduction type ''f32'' for kind 'xor'}}
  %0 = vector.reduction <xor>, %v : vector<8xf32> into f32
  return
}

// -----

func.func @reduction_kind_keyword(%v: vector<8xf32>) {
  // expected-error@+2 {{failed to parse Vector_CombiningKindAttr parameter 'value'}}
  // expected-error@+1 {{expected ::mlir::vector::CombiningKind to be one of: }}
  %0 = vector.reduction <sum>, %v : vector<8xf32> into f32
  return
}

// -----

func.func @multi_reduction_dest(%v: vector<2x8xf32>, %acc: vector<2xf32>) {
  // expected-error@+1 {{'vector.multi_reduction' op destination type 'vector<2xf32>' is incompatible with source type 'vector<2x8xf32>'}}
  %0 = vector.multi_reduction <add>, %v, %acc [0] : vector<2x8xf32> to vector<2xf32>
  return
}

// -----

func.func @transfer_read_indices(%m: memref<4x4xf32>, %i: index, %f: f32) {
  // expected-error@+1 {{'vector.transfer_read' op requires 2 indices}}
  %0 = vector.transfer_read %m[%i], %f : memref<4x4xf32>, vector<4xf32>
  return
}

// -----

func.func @transfer_read_one_type(%m: memref<4x4xf32>, %i: index, %f: f32) {
  // expected-error@+1 {{requires two types}}
  %0 = vector.transfer_read %m[%i, %i], %f : memref<4x4xf32>
  return
}

// -----

func.func @transfer_write_broadcast(%v: vector<4xf32>, %m: memref<4x4xf32>, %i: index) {
  // expected-error@+1 {{'vector.transfer_write' op should not have broadcast dimensions}}
  vector.transfer_write %v, %m[%i, %i] {permutation_map = affine_map<(d0, d1) -> (0)>} : vector<4xf32>, memref<4x4xf32>
  return
}

// -----

func.func @transfer_read_in_bounds(%m: memref<4x4xf32>, %i: index, %f: f32) {
  // expected-error@+1 {{requires broadcast dimensions to be in-bounds}}
  %0 = vector.transfer_read %m[%i, %i], %f {permutation_map = affine_map<(d0, d1) -> (0, d1)>} : memref<4x4xf32>, vector<2x4xf32>
  return
}

// -----

func.func @contract_no_reduction(%a: vector<2x3xf32>, %b: vector<3x4xf32>, %c: vector<2x4x3xf32>) {
  // expected-error@+1 {{'vector.contract' op expected at least one contracting dimension pair}}
  %0 = vector.contract {indexing_maps = [affine_map<(i, j, k) -> (i, k)>, affine_map<(i, j, k) -> (k, j)>, affine_map<(i, j, k) -> (i, j, k)>], iterator_types = ["parallel", "parallel", "parallel"]} %a, %b, %c : vector<2x3xf32>, vector<3x4xf32> into vector<2x4x3xf32>
  return
}

// -----

func.func @contract_bad_iterator(%a: vector<2x3xf32>, %b: vector<3x4xf32>, %c: vector<2x4xf32>) {
  // expected-error@+1 {{unexpected iterator_type (window)}}
  %0 = vector.contract {indexing_maps = [affine_map<(i, j, k) -> (i, k)>, affine_map<(i, j, k) -> (k, j)>, affine_map<(i, j, k) -> (i, j)>], iterator_types = ["parallel", "window", "reduction"]} %a, %b, %c : vector<2x3xf32>, vector<3x4xf32> into vector<2x4xf32>
  return
}

// -----

func.func @outerproduct_acc(%a: vector<2xf32>, %b: vector<3xf32>, %c: vector<3x2xf32>) {
  // expected-error@+1 {{'vector.outerproduct' op expected operand #3 of same type as result type}}
  %0 = "vector.outerproduct"(%a, %b, %c) : (vector<2xf32>, vector<3xf32>, vector<3x2xf32>) -> vector<2x3xf32>
  return
}

// -----

func.func @constant_mask_mixed_zero() {
  // expected-error@+1 {{'vector.constant_mask' op expected all mask dim sizes to be zeros, as a result of conjunction with zero mask dim}}
  %0 = vector.constant_mask [1, 0] : vector<2x2xi1>
  return
}

// -----

func.func @create_mask_rank(%i: index) {
  // expected-error@+1 {{'vector.create_mask' op must specify an operand for each result vector dimension}}
  %0 = vector.create_mask %i : vector<2x2xi1>
  return
}

// -----

func.func @shape_cast_count(%v: vector<2x3xf32>) {
  // expected-error@+1 {{'vector.shape_cast' op source/result number of elements must match}}
  %0 = vector.shape_cast %v : vector<2x3xf32> to vector<7xf32>
  return
}

// -----

func.func @bitcast_width(%v: vector<4xi32>) {
  // expected-error@+1 {{'vector.bitcast' op source/result bitwidth of the minor 1-D vectors must be equal}}
  %0 = vector.bitcast %v : vector<4xi32> to vector<4xi8>
  return
}

// -----

func.func @transpose_dup(%v: vector<2x2x2xf32>) {
  // expected-error@+1 {{'vector.transpose' op duplicate position index: 1}}
  %0 = vector.transpose %v, [1, 1, 0] : vector<2x2x2xf32> to vector<2x2x2xf32>
  return
}

// -----

func.func @load_elem(%m: memref<8xi32>, %i: index) {
  // expected-error@+1 {{'vector.load' op base and result element types should match}}
  %0 = vector.load %m[%i] : memref<8xi32>, vector<4xf32>
  return
}

// -----

func.func @step_index(%i: index) {
  // expected-error@+1 {{'vector.step' op result #0 must be vector of index values of ranks 1, but got 'vector<4xi32>'}}
  %0 = vector.step : vector<4xi32>
  return
}

// -----

func.func @from_elements_count(%x: i8) {
  // expected-error@+1 {{custom op 'vector.from_elements' 3 operands present, but expected 4}}
  %0 = vector.from_elements %x, %x, %x : vector<2x2xi8>
  return
}

// -----

func.func @print_string_with_punctuation() {
  // expected-error@+1 {{'vector.print' op failed to verify that `source` or `punctuation` are not set when printing strings}}
  vector.print str "x" punctuation <close>
  return
}

// -----

func.func @mask_two_ops(%m: vector<4xi1>, %v: vector<4xf32>) {
  // expected-error@+1 {{'vector.mask' op expects only one operation to mask}}
  vector.mask %m {
    %0 = vector.reduction <add>, %v : vector<4xf32> into f32
    %1 = vector.reduction <mul>, %v : vector<4xf32> into f32
  } : vector<4xi1>
  return
}

// -----

func.func @warp_yield_count(%lane: index) {
  // expected-error@+1 {{'vector.warp_execute_on_lane_0' op expected same number of yield operands and return values.}}
  %0 = vector.warp_execute_on_lane_0(%lane)[16] -> (vector<2xf32>) {
    vector.yield
  }
  return
}

// -----

func.func @scan_dim(%v: vector<4x4xi32>, %init: vector<4xi32>) {
  // expected-error@+1 {{'vector.scan' op reduction dimension 2 has to be less than 2}}
  %0:2 = vector.scan <add>, %v, %init {inclusive = false, reduction_dim = 2} : vector<4x4xi32>, vector<4xi32>
  return
}
