// RUN: pyopt %s -split-input-file -verify-diagnostics

// expected-error @+1 {{immutable global must have an initial value}}
ml_program.global private @nothing : tensor<4xi32>

// -----

ml_program.global private @c(dense<1> : tensor<2xi32>) : tensor<2xi32>
ml_program.func @store_const() {
  %0 = arith.constant dense<0> : tensor<2xi32>
  // expected-error @+1 {{cannot store to an immutable global @c}}
  ml_program.global_store @c = %0 : tensor<2xi32>
  ml_program.return
}

// -----

ml_program.global private mutable @m(dense<1> : tensor<2xi32>) : tensor<2xi32>
ml_program.func @load_type() {
  // expected-error @+1 {{cannot load from global typed 'tensor<2xi32>' as 'tensor<?xi32>'}}
  %0 = ml_program.global_load @m : tensor<?xi32>
  ml_program.return
}

// -----

ml_program.func @undefined() {
  // expected-error @+1 {{undefined global: @nowhere}}
  %0 = ml_program.global_load_const @nowhere : tensor<2xi32>
  ml_program.return
}

// -----

ml_program.func @ret() -> i32 {
  // expected-error @+1 {{'ml_program.return' op has 0 operands, but enclosing function (@ret) returns 1}}
  ml_program.return
}
