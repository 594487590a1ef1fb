// RUN: pyopt %s -allow-unregistered-dialect -split-input-file -verify-diagnostics

func.func @alloc_dyn_count(%n: index) {
  // expected-error@+1 {{dimension operand count does not equal memref dynamic dimension count}}
  %0 = memref.alloc() : memref<?x4xf32>
  return
}

// -----

func.func @alloc_sym_count(%n: index) {
  // expected-error@+1 {{symbol operand count does not equal memref symbol count: expected 1, got 0}}
  %0 = memref.alloc() : memref<4xf32, affine_map<(d0)[s0] -> (d0 + s0)>>
  return
}

// -----

func.func @alloc_negative_alignment() {
  // expected-error@+1 {{attribute 'alignment' failed to satisfy constraint: 64-bit signless integer attribute whose minimum value is 0}}
  %0 = memref.alloc() {alignment = -8} : memref<4xf32>
  return
}

// -----

"some.region_op"() ({
  // expected-error@+1 {{requires an ancestor op with AutomaticAllocationScope trait}}
  %0 = memref.alloca() : memref<4xf32>
  "some.end"() : () -> ()
}) : () -> ()

// -----

func.func @store_type(%m: memref<4xf32>, %v: i32, %i: index) {
  // expected-error@+1 {{failed to verify that type of 'value' matches element type of 'memref'}}
  "memref.store"(%v, %m, %i) : (i32, memref<4xf32>, index) -> ()
  return
}

// -----

func.func @store_indices(%m: memref<4x4xf32>, %v: f32, %i: index) {
  // expected-error@+1 {{store index operand count not equal to memref rank}}
  memref.store %v, %m[%i] : memref<4x4xf32>
  return
}

// -----

func.func @load_type(%m: memref<4xf32>, %i: index) {
  // expected-error@+1 {{failed to verify that result type matches element type of 'memref'}}
  %0 = "memref.load"(%m, %i) : (memref<4xf32>, index) -> f64
  return
}

// -----

// expected-error@+1 {{initial value expected to be of type 'tensor<2xf32>', but was of type 'tensor<2xf64>'}}
"memref.global"() <{sym_name = "g", type = memref<2xf32>, initial_value = dense<1.0> : tensor<2xf64>}> : () -> ()

// -----

memref.global "private" @g : memref<2xf32>
func.func @get_global_type() {
  // expected-error@+1 {{result type 'memref<3xf32>' does not match type 'memref<2xf32>' of the global memref @g}}
  %0 = memref.get_global @g : memref<3xf32>
  return
}

// -----

func.func @cast_rank(%m: memref<4xf32>) {
  // expected-error@+1 {{operand type 'memref<4xf32>' and result type 'memref<4x1xf32>' are cast incompatible}}
  %0 = memref.cast %m : memref<4xf32> to memref<4x1xf32>
  return
}

// -----

func.func @memory_space_cast_shape(%m: memref<4xf32>) {
  // expected-error@+1 {{operand type 'memref<4xf32>' and result type 'memref<5xf32, 1>' are cast incompatible}}
  %0 = memref.memory_space_cast %m : memref<4xf32> to memref<5xf32, 1>
  return
}

// -----

func.func @subview_result_layout(%m: memref<8x16xf32>) {
  // expected-error@+1 {{expected result type to be 'memref<4x4xf32, strided<[32, 2], offset: 18>>' or a rank-reduced version. (mismatch of result layout)}}
  %0 = memref.subview %m[1, 2] [4, 4] [2, 2] : memref<8x16xf32> to memref<4x4xf32, strided<[16, 1], offset: 18>>
  return
}

// -----

func.func @subview_dynamic_count(%m: memref<8x16xf32>, %i: index) {
  // expected-error@+1 {{expected 2 dynamic offset values}}
  %0 = "memref.subview"(%m, %i) <{operandSegmentSizes = array<i32: 1, 1, 0, 0>, static_offsets = array<i64: -9223372036854775808, -9223372036854775808>, static_sizes = array<i64: 1, 1>, static_strides = array<i64: 1, 1>}> : (memref<8x16xf32>, index) -> memref<1x1xf32, strided<[16, 1], offset: ?>>
  return
}

// -----

func.func @reinterpret_cast_size(%m: memref<?xf32>) {
  // expected-error@+1 {{expected result type with size = 4 instead of 5 in dim = 1}}
  %0 = memref.reinterpret_cast %m to offset: [0], sizes: [2, 4], strides: [4, 1] : memref<?xf32> to memref<2x5xf32, strided<[4, 1]>>
  return
}

// -----

func.func @expand_layout(%m: memref<8xf32, strided<[2]>>) {
  // expected-error@+1 {{expected expanded type to be 'memref<2x4xf32, strided<[8, 2]>>' but found 'memref<2x4xf32, strided<[4, 1]>>'}}
  %0 = memref.expand_shape %m [[0, 1]] output_shape [2, 4] : memref<8xf32, strided<[2]>> into memref<2x4xf32, strided<[4, 1]>>
  return
}

// -----

func.func @expand_dynamic_count(%m: memref<?xf32>, %n: index) {
  // expected-error@+1 {{mismatch in dynamic dims in output_shape and static_output_shape: static_output_shape has 1 dynamic dims while output_shape has 0 values}}
  %0 = "memref.expand_shape"(%m) <{reassociation = [[0, 1]], static_output_shape = array<i64: -9223372036854775808, 4>}> : (memref<?xf32>) -> memref<?x4xf32>
  return
}

// -----

func.func @collapse_strided(%m: memref<2x4xf32, strided<[8, 1]>>) {
  // expected-error@+1 {{invalid source layout map or collapsing non-contiguous dims}}
  %0 = memref.collapse_shape %m [[0, 1]] : memref<2x4xf32, strided<[8, 1]>> into memref<8xf32, strided<[1]>>
  return
}

// -----

func.func @transpose_type(%m: memref<2x4xf32>) {
  // expected-error@+1 {{result type 'memref<4x2xf32>' is not equivalent to the canonical transposed input type 'memref<4x2xf32, affine_map<(d0, d1) -> (d0 + d1 * 4)>>'}}
  %0 = memref.transpose %m (i, j) -> (j, i) : memref<2x4xf32> to memref<4x2xf32>
  return
}

// -----

func.func @view_sizes(%b: memref<64xi8>, %i: index) {
  // expected-error@+1 {{incorrect number of size operands for type 'memref<?x?xf32>'}}
  %0 = memref.view %b[%i][%i] : memref<64xi8> to memref<?x?xf32>
  return
}

// -----

func.func @extract_metadata(%m: memref<4xf32>) {
  // expected-error@+2 {{inferred type(s) 'memref<f32>', 'index', 'index', 'index' are incompatible with return type(s) of operation 'memref<f64>', 'index', 'index', 'index'}}
  // expected-error@+1 {{failed to infer returned types}}
  %b, %o, %s, %t = memref.extract_strided_metadata %m : memref<4xf32> -> memref<f64>, index, index, index
  return
}

// -----

func.func @atomic_yield_parent(%v: f32) {
  // expected-error@+1 {{'memref.atomic_yield' op expects parent op 'memref.generic_atomic_rmw'}}
  memref.atomic_yield %v : f32
}

// -----

func.func @alloca_scope_results(%v: f32) {
  // expected-error@+1 {{'memref.alloca_scope.return' op expects parent op 'memref.alloca_scope'}}
  memref.alloca_scope.return %v : f32
}

// -----

func.func @dma_wait_rank(%tag: memref<2xi32>, %i: index) {
  // expected-error@+1 {{expected tagIndices to have the same number of elements as the tagMemRef rank, expected 1, but got 0}}
  memref.dma_wait %tag[], %i : memref<2xi32>
  return
}

// -----

func.func @dma_stride_pair(%m: memref<4xf32>, %tag: memref<1xi32>, %i: index) {
  // expected-error@+1 {{expected two stride related operands}}
  memref.dma_start %m[%i], %m[%i], %i, %tag[%i], %i : memref<4xf32>, memref<4xf32>, memref<1xi32>
  return
}

// -----

func.func @prefetch_locality(%m: memref<4xf32>, %i: index) {
  // expected-error@+1 {{'memref.prefetch' op too few indices}}
  "memref.prefetch"(%m) <{isDataCache = true, isWrite = false, localityHint = 1 : i32}> : (memref<4xf32>) -> ()
  return
}

// -----

// expected-error@+1 {{type should be static shaped memref, but got 'memref<?xf32>'}}
memref.global @dyn : memref<?xf32>
