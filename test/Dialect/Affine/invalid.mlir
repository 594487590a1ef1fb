// RUN: pyopt %s -allow-unregistered-dialect -split-input-file -verify-diagnostics

func.func @apply_mismatch(%i: index) {
  // expected-error@+1 {{custom op 'affine.apply' dimension or symbol index mismatch}}
  %0 = affine.apply affine_map<(d0)[s0] -> (d0 + s0)>(%i)
  return
}

// -----

func.func @apply_two_results(%i: index) {
  // expected-error@+1 {{'affine.apply' op requires one result}}
  %0:2 = affine.apply affine_map<(d0) -> (d0, d0)>(%i)
  return
}

// -----

func.func @apply_generic_count(%i: index) {
  // expected-error@+1 {{'affine.apply' op operand count and affine map dimension and symbol count must match}}
  %0 = "affine.apply"(%i, %i) <{map = affine_map<(d0) -> (d0)>}> : (index, index) -> index
  return
}

// -----

func.func @apply_not_map(%i: index) {
  // expected-error@+1 {{custom op 'affine.apply' invalid kind of attribute specified}}
  %0 = affine.apply 42(%i)
  return
}

// -----

func.func @min_count(%i: index) {
  // expected-error@+1 {{'affine.min' op operand count and affine map dimension and symbol count must match}}
  %0 = affine.min affine_map<(d0) -> (d0, 4)>(%i, %i)
  return
}

// -----

func.func @max_count(%i: index) {
  // expected-error@+1 {{'affine.max' op operand count and affine map dimension and symbol count must match}}
  %0 = affine.max affine_map<(d0)[s0] -> (d0, s0)>(%i)
  return
}

// -----

func.func @for_bad_dim(%arg0: index, %A: memref<10xf32>) {
  affine.for %i = 0 to 10 {
    %v = affine.load %A[%i] : memref<10xf32>
    %x = "test.index"() : () -> index
    // expected-error@+1 {{'affine.for' op operand cannot be used as a dimension id}}
    affine.for %j = 0 to affine_map<(d0) -> (d0)>(%x) {
    }
  }
  return
}

// -----

func.func @for_bad_symbol(%arg0: index) {
  affine.for %i = 0 to 10 {
    // expected-error@+1 {{'affine.for' op operand cannot be used as a symbol}}
    affine.for %j = 0 to %i {
    }
  }
  return
}

// -----

func.func @for_max_prefix(%n: index) {
  // expected-error@+1 {{lower loop bound affine map with multiple results requires 'max' prefix}}
  affine.for %i = affine_map<()[s0] -> (s0, 0)>()[%n] to 10 {
  }
  return
}

// -----

func.func @for_dim_count(%n: index) {
  // expected-error@+1 {{dim operand count and affine map dim count must match}}
  affine.for %i = affine_map<(d0) -> (d0)>()[%n] to 10 {
  }
  return
}

// -----

func.func @for_sym_count(%n: index) {
  // expected-error@+1 {{symbol operand count and affine map symbol count must match}}
  affine.for %i = affine_map<(d0)[s0] -> (d0)>(%n) to 10 {
  }
  return
}

// -----

func.func @for_step_neg() {
  // expected-error@+1 {{expected step to be representable as a positive signed integer}}
  affine.for %i = 0 to 10 step -2 {
  }
  return
}

// -----

func.func @for_bound_kind() {
  // expected-error@+1 {{expected valid affine map representation for loop bounds}}
  affine.for %i = "x" to 10 {
  }
  return
}

// -----

func.func @for_to() {
  // expected-error@+1 {{expected 'to' between bounds}}
  affine.for %i = 0 until 10 {
  }
  return
}

// -----

func.func @for_iter_mismatch(%f: f32) {
  // expected-error@+1 {{mismatch between the number of loop-carried values and results}}
  %r = affine.for %i = 0 to 10 iter_args(%a = %f, %b = %f) -> (f32) {
    affine.yield %a : f32
  }
  return
}

// -----

func.func @yield_count(%f: f32) {
  %r = affine.for %i = 0 to 10 iter_args(%a = %f) -> (f32) {
    // expected-error@+1 {{'affine.yield' op parent of yield must have same number of results as the yield operands}}
    affine.yield
  }
  return
}

// -----

func.func @yield_type(%f: f32, %g: i32) {
  %r = affine.for %i = 0 to 10 iter_args(%a = %f) -> (f32) {
    // expected-error@+1 {{'affine.yield' op types mismatch between yield op and its parent}}
    affine.yield %g : i32
  }
  return
}

// -----

func.func @yield_parent() {
  "test.region"() ({
    // expected-error@+1 {{'affine.yield' op only terminates affine.if/for/parallel regions}}
    affine.yield
  }) : () -> ()
  return
}

// -----

#set = affine_set<(d0)[s0] : (d0 - s0 >= 0)>
func.func @if_dims(%n: index) {
  // expected-error@+1 {{dim operand count and integer set dim count must match}}
  affine.if #set(%n, %n) {
  }
  return
}

// -----

#set = affine_set<(d0)[s0] : (d0 - s0 >= 0)>
func.func @if_syms(%n: index) {
  // expected-error@+1 {{symbol operand count and integer set symbol count must match}}
  affine.if #set(%n) {
  }
  return
}

// -----

#set = affine_set<(d0)[s0] : (d0 - s0 >= 0)>
func.func @if_bad_symbol(%n: index) {
  affine.for %i = 0 to 10 {
    // expected-error@+1 {{'affine.if' op operand cannot be used as a symbol}}
    affine.if #set(%n)[%i] {
    }
  }
  return
}

// -----

func.func @if_no_condition(%n: index) {
  // expected-error@+1 {{'affine.if' op requires an integer set attribute named 'condition'}}
  "affine.if"() ({
    affine.yield
  }, {
  }) : () -> ()
  return
}

// -----

#set = affine_set<(d0) : (d0 >= 0)>
func.func @if_generic_count(%n: index) {
  // expected-error@+1 {{'affine.if' op operand count and condition integer set dimension and symbol count must match}}
  "affine.if"() ({
    affine.yield
  }, {
  }) {condition = #set} : () -> ()
  return
}

// -----

func.func @if_not_set(%n: index) {
  // expected-error@+1 {{invalid kind of attribute specified}}
  affine.if affine_map<(d0) -> (d0)>(%n) {
  }
  return
}

// -----

func.func @parallel_reduce_type() {
  // expected-error@+1 {{'affine.parallel' op result type cannot match reduction attribute}}
  %0 = affine.parallel (%i) = (0) to (10) reduce ("addf") -> (i32) {
    %c = "test.c"() : () -> i32
    affine.yield %c : i32
  }
  return
}

// -----

func.func @parallel_reduce_value() {
  // expected-error@+1 {{invalid reduction value: "bogus"}}
  %0 = affine.parallel (%i) = (0) to (10) reduce ("bogus") -> (f32) {
  }
  return
}

// -----

func.func @parallel_missing_reduce() {
  // expected-error@+1 {{'affine.parallel' op a reduction must be specified for each output}}
  %0 = affine.parallel (%i) = (0) to (10) -> (f32) {
    %c = "test.c"() : () -> f32
    affine.yield %c : f32
  }
  return
}

// -----

func.func @parallel_arg_count() {
  // expected-error@+1 {{'affine.parallel' op the number of region arguments (1) and the number of map groups for lower (2) and upper bound (2), and the number of steps (1) must all match}}
  affine.parallel (%i) = (0, 0) to (10, 10) {
  }
  return
}

// -----

func.func @parallel_step(%n: index) {
  // expected-error@+1 {{steps must be constant integers}}
  affine.parallel (%i) = (0) to (10) step (%n) {
  }
  return
}

// -----

func.func @parallel_bad_dim(%A: memref<10xf32>) {
  affine.for %i = 0 to 10 {
    %x = "test.index"() : () -> index
    // expected-error@+1 {{'affine.parallel' op operand cannot be used as a dimension id}}
    affine.parallel (%j) = (%x) to (10) {
    }
  }
  return
}

// -----

func.func @parallel_max_in_upper(%a: index, %b: index) {
  // expected-error@+1 {{use of undeclared identifier}}
  affine.parallel (%j) = (0) to (max(%a, %b)) {
  }
  return
}

// -----

func.func @delinearize_empty(%i: index) {
  // expected-error@+1 {{'affine.delinearize_index' op basis should not be empty}}
  "affine.delinearize_index"(%i) : (index) -> ()
  return
}

// -----

func.func @delinearize_count(%i: index, %b: index) {
  // expected-error@+1 {{'affine.delinearize_index' op should return an index for each basis element}}
  %0:3 = affine.delinearize_index %i into (%b, %b) : index, index, index
  return
}

// -----

func.func @load_type(%A: memref<10xf32>, %i: index) {
  // expected-error@+1 {{'affine.load' op result type must match element type of memref}}
  %0 = "affine.load"(%A, %i) <{map = affine_map<(d0) -> (d0)>}> : (memref<10xf32>, index) -> i32
  return
}

// -----

func.func @store_type(%A: memref<10xf32>, %i: index, %v: i32) {
  // expected-error@+1 {{'affine.store' op value to store must have the same type as memref element type}}
  "affine.store"(%v, %A, %i) <{map = affine_map<(d0) -> (d0)>}> : (i32, memref<10xf32>, index) -> ()
  return
}

// -----

func.func @load_rank(%A: memref<10x10xf32>, %i: index) {
  // expected-error@+1 {{'affine.load' op affine map num results must equal memref rank}}
  %0 = affine.load %A[%i] : memref<10x10xf32>
  return
}

// -----

func.func @load_not_memref(%A: tensor<10xf32>, %i: index) {
  // expected-error@+1 {{custom op 'affine.load' invalid kind of type specified}}
  %0 = affine.load %A[%i] : tensor<10xf32>
  return
}

// -----

func.func @load_nonaffine(%A: memref<10xf32>, %i: index) {
  // expected-error@+1 {{non-affine expression: at least one of the multiply operands has to be either a constant or symbolic}}
  %0 = affine.load %A[%i * %i] : memref<10xf32>
  return
}

// -----

func.func @load_no_map(%A: memref<10xf32>, %i: index) {
  // expected-error@+1 {{'affine.load' op requires attribute 'map'}}
  %0 = "affine.load"(%A, %i) : (memref<10xf32>, index) -> f32
  return
}

// -----

func.func @vector_elem(%A: memref<10xf32>, %i: index) {
  // expected-error@+1 {{'affine.vector_load' op requires memref and vector types of the same elemental type}}
  %0 = affine.vector_load %A[%i] : memref<10xf32>, vector<4xi32>
  return
}

// -----

func.func @vector_store_elem(%A: memref<10xf32>, %i: index, %v: vector<4xi32>) {
  // expected-error@+1 {{'affine.vector_store' op requires memref and vector types of the same elemental type}}
  affine.vector_store %v, %A[%i] : memref<10xf32>, vector<4xi32>
  return
}

// -----

func.func @prefetch_locality(%A: memref<10xf32>, %i: index) {
  // expected-error@+1 {{'affine.prefetch' op attribute 'localityHint' failed to satisfy constraint: 32-bit signless integer attribute whose minimum value is 0 whose maximum value is 3}}
  affine.prefetch %A[%i], read, locality<5>, data : memref<10xf32>
  return
}

// -----

func.func @prefetch_rank(%A: memref<10x10xf32>, %i: index) {
  // expected-error@+1 {{'affine.prefetch' op affine.prefetch affine map num results must equal memref rank}}
  affine.prefetch %A[%i], read, locality<1>, data : memref<10x10xf32>
  return
}

// -----

func.func @dma_stride(%A: memref<10xf32>, %B: memref<10xf32>, %T: memref<1xi32>, %i: index) {
  // expected-error@+1 {{expected two stride related operands}}
  affine.dma_start %A[%i], %B[%i], %T[%i], %i, %i : memref<10xf32>, memref<10xf32>, memref<1xi32>
  return
}

// -----

func.func @dma_types(%A: memref<10xf32>, %B: memref<10xf32>, %T: memref<1xi32>, %i: index) {
  // expected-error@+1 {{expected three types}}
  affine.dma_start %A[%i], %B[%i], %T[%i], %i : memref<10xf32>, memref<10xf32>
  return
}

// -----

func.func @dma_src_type(%A: tensor<10xf32>, %B: memref<10xf32>, %T: memref<1xi32>, %i: index) {
  // expected-error@+1 {{'affine.dma_start' op expected DMA source to be of memref type}}
  affine.dma_start %A[%i], %B[%i], %T[%i], %i : tensor<10xf32>, memref<10xf32>, memref<1xi32>
  return
}

// -----

func.func @dma_wait_type(%T: tensor<1xi32>, %i: index) {
  // expected-error@+1 {{expected tag to be of memref type}}
  affine.dma_wait %T[%i], %i : tensor<1xi32>
  return
}

// -----

func.func @for_generic_no_iv() {
  // expected-error@+1 {{'affine.for' op different number of inits and region iter_args: 0 != 18446744073709551615}}
  "affine.for"() <{lowerBoundMap = affine_map<() -> (0)>, operandSegmentSizes = array<i32: 0, 0, 0>, step = 1 : index, upperBoundMap = affine_map<() -> (10)>}> ({
    affine.yield
  }) : () -> ()
  return
}

// -----

func.func @for_generic_results(%f: f32) {
  // expected-error@+1 {{'affine.for' op different number of region iter_args and yielded values: 0 != 1}}
  %0 = "affine.for"() <{lowerBoundMap = affine_map<() -> (0)>, operandSegmentSizes = array<i32: 0, 0, 0>, step = 1 : index, upperBoundMap = affine_map<() -> (10)>}> ({
  ^bb0(%i: index):
    affine.yield %f : f32
  }) : () -> (f32)
  return
}

// -----

func.func @for_generic_region() {
  // expected-error@+1 {{'affine.for' op region #0 ('region') failed to verify constraint: region with 1 blocks}}
  "affine.for"() <{lowerBoundMap = affine_map<() -> (0)>, operandSegmentSizes = array<i32: 0, 0, 0>, step = 1 : index, upperBoundMap = affine_map<() -> (10)>}> ({
  }) : () -> ()
  return
}

// -----

func.func @for_terminator() {
  // expected-error@+2 {{'affine.for' op expects regions to end with 'affine.yield', found 'test.term'}}
  // expected-note@+1 {{in custom textual format, the absence of terminator implies 'affine.yield'}}
  "affine.for"() <{lowerBoundMap = affine_map<() -> (0)>, operandSegmentSizes = array<i32: 0, 0, 0>, step = 1 : index, upperBoundMap = affine_map<() -> (10)>}> ({
  ^bb0(%i: index):
    "test.term"() : () -> ()
  }) : () -> ()
  return
}

// -----

// The op is verified before its block is found to lack a terminator.
func.func @op_error_before_missing_terminator(%A: memref<10x10xf32>, %i: index) {
  // expected-error@+1 {{'affine.load' op expects as many subscripts as affine map inputs}}
  %0 = "affine.load"(%A, %i) <{map = affine_map<(d0, d1) -> (d0, d1)>}> : (memref<10x10xf32>, index) -> f32
}
