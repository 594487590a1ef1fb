// RUN: pyopt %s -split-input-file -verify-diagnostics
// Syntax errors of the affine custom forms.

func.func @iv_result_number() {
  // expected-error@+1 {{result number not allowed in argument list}}
  affine.for %n0#0 = 0 to 7 {
  }
  return
}

// -----

func.func @iv_not_ssa() {
  // expected-error@+1 {{expected SSA operand}}
  affine.for i = 1 to 10 {
  }
}

// -----

func.func @missing_equal() {
  // expected-error@+1 {{expected '='}}
  affine.for %i 1 to 10 {
  }
}

// -----

func.func @missing_body() {
  // expected-error@+1 {{expected '{' to begin a region}}
  affine.for %i = 1 to 10 step 2
}

// -----

#map0 = affine_map<(d0) -> (d0 floordiv 4)>
func.func @iv_used_in_bound() {
  // expected-note@+1 {{previously referenced here}}
  affine.for %i0 = 0 to #map0(%i0) {
  // expected-error@-1 {{region entry argument '%i0' is already in use}}
  }
  return
}

// -----

func.func @ssa_step(%s : i32) {
  // expected-error@+1 {{expected attribute value}}
  affine.for %i = 1 to 5 step %s {
  }
}

// -----

func.func @store_without_subscripts(%C: memref<4x4xf32>, %v: f32) {
  // expected-error@+1 {{expected '[' in affine map}}
  affine.store %v, %C : memref<4x4xf32>
  return
}

// -----

func.func @parallel_without_upper_bound() {
  // expected-error@+1 {{custom op 'affine.parallel' expected 'to'}}
  affine.parallel (%i) = (0) {
  }
}

// -----

func.func @prefetch_keyword(%A: memref<10xf32>, %i: index) {
  // expected-error@+1 {{custom op 'affine.prefetch' expected 'locality'}}
  affine.prefetch %A[%i], read, local<1>, data : memref<10xf32>
  return
}

// -----

func.func @prefetch_rw(%A: memref<10xf32>, %i: index) {
  // expected-error@+1 {{custom op 'affine.prefetch' rw specifier has to be 'read' or 'write'}}
  affine.prefetch %A[%i], rw, locality<0>, data : memref<10xf32>
  return
}

// -----

func.func @prefetch_cache(%A: memref<10xf32>, %i: index) {
  // expected-error@+1 {{custom op 'affine.prefetch' cache type has to be 'data' or 'instr'}}
  affine.prefetch %A[%i], read, locality<0>, false : memref<10xf32>
  return
}

// -----

func.func @undefined_subscript(%A: memref<10xf32>) {
  // expected-error@+1 {{use of undeclared SSA value name}}
  %v = affine.load %A[%undef] : memref<10xf32>
  return
}

// -----

func.func @unclosed_dims(%i: index) {
  // expected-error@+1 {{expected ')' in operand list}}
  %v = affine.apply affine_map<(d0) -> (d0)>(%i
  return
}

// -----

func.func @reduction_not_string() {
  // expected-error@+1 {{integer literal not valid for specified type}}
  affine.parallel (%x) = (0) to (10) reduce (1) -> (f32) {
  }
  return
}

// -----

func.func @iter_args_without_types(%f: f32) {
  // expected-error@+1 {{expected '->'}}
  %0 = affine.for %i = 0 to 10 iter_args(%a = %f) {
  }
  return
}

// -----

// expected-note@+1 {{prior use here}}
func.func @float_bound(%f: f32) {
  // expected-error@+1 {{use of value '%f' expects different type than prior uses: 'index' vs 'f32'}}
  affine.for %i = %f to 10 {
  }
  return
}

// -----

func.func @dma_wait_comma(%T: memref<1xi32>, %i: index) {
  // expected-error@+1 {{expected ','}}
  affine.dma_wait %T[%i] %i : memref<1xi32>
  return
}

// -----

func.func @parallel_iv_result_number() {
  // expected-error@+1 {{result number not allowed in argument list}}
  affine.parallel (%x#1) = (0) to (10) {
  }
  return
}

// -----

func.func @symbol_keyword(%A: memref<10xf32>, %i: index) {
  // expected-error@+1 {{expected '(' at start of SSA symbol}}
  %v = affine.load %A[symbol %i] : memref<10xf32>
  return
}
