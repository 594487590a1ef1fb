// RUN: pyopt %s -split-input-file -verify-diagnostics

func.func @float_op_on_int(%a: i32) {
  // expected-error@+1 {{'math.absf' op operand #0 must be floating-point-like, but got 'i32'}}
  %0 = math.absf %a : i32
  return
}

// -----

func.func @int_op_on_float(%a: f32) {
  // expected-error@+1 {{'math.ctlz' op operand #0 must be signless-integer-like, but got 'f32'}}
  %0 = math.ctlz %a : f32
  return
}

// -----

func.func @signed_int(%a: si32) {
  // expected-error@+1 {{'math.absi' op operand #0 must be signless-integer-like, but got 'si32'}}
  %0 = math.absi %a : si32
  return
}

// -----

func.func @mixed_types(%a: f32, %b: f64) {
  // expected-error@+1 {{'math.powf' op requires the same type for all operands and results}}
  %0 = "math.powf"(%a, %b) : (f32, f64) -> f32
  return
}

// -----

func.func @fpowi_result(%a: vector<4xf32>, %b: vector<4xi32>) {
  // expected-error@+1 {{'math.fpowi' op failed to verify that all of {lhs, result} have same type}}
  %0 = "math.fpowi"(%a, %b) : (vector<4xf32>, vector<4xi32>) -> vector<4xf64>
  return
}

// -----

func.func @fpowi_shape(%a: vector<4xf32>, %b: vector<5xi32>) {
  // expected-error@+1 {{'math.fpowi' op requires the same shape for all operands and results}}
  %0 = "math.fpowi"(%a, %b) : (vector<4xf32>, vector<5xi32>) -> vector<4xf32>
  return
}

// -----

func.func @fpowi_scalar_vector(%a: f32, %b: vector<4xi32>) {
  // expected-error@+1 {{'math.fpowi' op requires the same shape for all operands and results}}
  %0 = math.fpowi %a, %b : f32, vector<4xi32>
  return
}

// -----

func.func @fpowi_mixed_containers(%a: vector<4xf32>, %b: tensor<4xi32>) {
  // expected-error@+1 {{'math.fpowi' op all non-scalar operands/results must have the same shape and base type}}
  %0 = "math.fpowi"(%a, %b) : (vector<4xf32>, tensor<4xi32>) -> vector<4xf32>
  return
}

// -----

func.func @bad_flag(%a: f32) {
  // expected-error@+2 {{expected ::mlir::arith::FastMathFlags to be one of: none, reassoc, nnan, ninf, nsz, arcp, contract, afn, fast}}
  // expected-error@+1 {{failed to parse Arith_FastMathAttr parameter 'value' which is to be a `::mlir::arith::FastMathFlags`}}
  %0 = math.absf %a fastmath<fastest> : f32
  return
}

// -----

func.func @empty_flags(%a: f32) {
  // expected-error@+2 {{expected valid keyword}}
  // expected-error@+1 {{failed to parse Arith_FastMathAttr parameter}}
  %0 = math.absf %a fastmath<> : f32
  return
}

// -----

func.func @wrong_attr_kind(%a: f32) {
  // expected-error@+1 {{'math.absf' op attribute 'fastmath' failed to satisfy constraint: Floating point fast math flags}}
  %0 = "math.absf"(%a) {fastmath = 1 : i32} : (f32) -> f32
  return
}
