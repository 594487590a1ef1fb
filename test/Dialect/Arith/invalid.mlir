// RUN: pyopt %s -split-input-file -verify-diagnostics -allow-unregistered-dialect

func.func @constant_type_mismatch() {
  // expected-error@+1 {{'arith.constant' op failed to verify that all of {value, result} have same type}}
  %0 = "arith.constant"() {value = 1 : i32} : () -> i64
  return
}

// -----

func.func @constant_signed() {
  // expected-error@+1 {{'arith.constant' op integer return type must be signless}}
  %0 = arith.constant 1 : si32
  return
}

// -----

func.func @constant_string() {
  // expected-error@+1 {{'arith.constant' op value must be an integer, float, or elements attribute}}
  %0 = "arith.constant"() {value = "foo" : i32} : () -> i32
  return
}

// -----

func.func @constant_untyped() {
  // expected-error@+1 {{'arith.constant' op attribute 'value' failed to satisfy constraint: TypedAttr instance}}
  %0 = "arith.constant"() {value = unit} : () -> i32
  return
}

// -----

func.func @constant_symbol() {
  // expected-error@+1 {{custom op 'arith.constant' invalid kind of attribute specified}}
  %0 = arith.constant @foo : i32
  return
}

// -----

func.func @constant_scalable() {
  // expected-error@+1 {{'arith.constant' op intializing scalable vectors with elements attribute is not supported unless it's a vector splat}}
  %0 = arith.constant dense<[1, 2]> : vector<[2]xi32>
  return
}

// -----

func.func @addi_float(%f: f32) {
  // expected-error@+1 {{'arith.addi' op operand #0 must be signless-integer-like, but got 'f32'}}
  %0 = arith.addi %f, %f : f32
  return
}

// -----

func.func @addf_result(%f: f32) {
  // expected-error@+1 {{'arith.addf' op requires the same type for all operands and results}}
  %0 = "arith.addf"(%f, %f) : (f32, f32) -> f64
  return
}

// -----

func.func @bad_fastmath(%f: f32) {
  // expected-error@+2 {{custom op 'arith.addf' expected ::mlir::arith::FastMathFlags to be one of: none, reassoc, nnan, ninf, nsz, arcp, contract, afn, fast}}
  // expected-error@+1 {{custom op 'arith.addf' failed to parse Arith_FastMathAttr parameter 'value' which is to be a `::mlir::arith::FastMathFlags`}}
  %0 = arith.addf %f, %f fastmath<foo> : f32
  return
}

// -----

func.func @bad_overflow(%a: i32) {
  // expected-error@+2 {{expected ::mlir::arith::IntegerOverflowFlags to be one of: none, nsw, nuw}}
  // expected-error@+1 {{failed to parse Arith_IntegerOverflowAttr parameter}}
  %0 = arith.addi %a, %a overflow<wrap> : i32
  return
}

// -----

func.func @fastmath_wrong_attr(%f: f32) {
  // expected-error@+1 {{'arith.addf' op attribute 'fastmath' failed to satisfy constraint: Floating point fast math flags}}
  %0 = "arith.addf"(%f, %f) {fastmath = 1 : i32} : (f32, f32) -> f32
  return
}

// -----

func.func @cmpi_bad_predicate(%a: i32) {
  // expected-error@+1 {{custom op 'arith.cmpi' expected string or keyword containing one of the following enum values for attribute 'predicate' [eq, ne, slt, sle, sgt, sge, ult, ule, ugt, uge]}}
  %0 = arith.cmpi foo, %a, %a : i32
  return
}

// -----

func.func @cmpi_bad_predicate_string(%a: i32) {
  // expected-error@+1 {{custom op 'arith.cmpi' invalid predicate attribute specification: "foo"}}
  %0 = arith.cmpi "foo", %a, %a : i32
  return
}

// -----

func.func @cmpi_float(%f: f32) {
  // expected-error@+1 {{custom op 'arith.cmpi' 'lhs' must be signless-integer-like, but got 'f32'}}
  %0 = arith.cmpi eq, %f, %f : f32
  return
}

// -----

func.func @cmpi_predicate_range(%a: i32) {
  // expected-error@+1 {{'arith.cmpi' op attribute 'predicate' failed to satisfy constraint: allowed 64-bit signless integer cases: 0, 1, 2, 3, 4, 5, 6, 7, 8, 9}}
  %0 = "arith.cmpi"(%a, %a) {predicate = 10} : (i32, i32) -> i1
  return
}

// -----

func.func @cmpi_no_predicate(%a: i32) {
  // expected-error@+1 {{'arith.cmpi' op requires attribute 'predicate'}}
  %0 = "arith.cmpi"(%a, %a) : (i32, i32) -> i1
  return
}

// -----

func.func @cmpf_result_shape(%v: vector<4xf32>) {
  // expected-error@+1 {{'arith.cmpf' op failed to verify that result type has i1 element type and same shape as operands}}
  %0 = "arith.cmpf"(%v, %v) {predicate = 1} : (vector<4xf32>, vector<4xf32>) -> i1
  return
}

// -----

func.func @cmpi_operand_types(%a: i32, %b: i64) {
  // expected-error@+1 {{'arith.cmpi' op requires all operands to have the same type}}
  %0 = "arith.cmpi"(%a, %b) {predicate = 0} : (i32, i64) -> i1
  return
}

// -----

func.func @truncf_rounding(%d: f64) {
  // expected-error@+1 {{'arith.truncf' op attribute 'roundingmode' failed to satisfy constraint: Floating point rounding mode}}
  %0 = "arith.truncf"(%d) {roundingmode = 9 : i32} : (f64) -> f32
  return
}

// -----

func.func @extsi_narrower(%a: i32) {
  // expected-error@+1 {{'arith.extsi' op operand type 'i32' and result type 'i16' are cast incompatible}}
  %0 = arith.extsi %a : i32 to i16
  return
}

// -----

func.func @extf_shape(%f: f32) {
  // expected-error@+1 {{'arith.extf' op requires the same shape for all operands and results}}
  %0 = arith.extf %f : f32 to vector<2xf64>
  return
}

// -----

func.func @sitofp_tensor_dims(%v: vector<2xi32>) {
  // expected-error@+1 {{'arith.sitofp' op failed to verify that input and output have the same tensor dimensions}}
  %0 = arith.sitofp %v : vector<2xi32> to tensor<2xf32>
  return
}

// -----

func.func @index_cast_int(%a: i32) {
  // expected-error@+1 {{'arith.index_cast' op operand type 'i32' and result type 'i64' are cast incompatible}}
  %0 = arith.index_cast %a : i32 to i64
  return
}

// -----

func.func @bitcast_width(%f: f32) {
  // expected-error@+1 {{'arith.bitcast' op operand type 'f32' and result type 'i64' are cast incompatible}}
  %0 = arith.bitcast %f : f32 to i64
  return
}

// -----

func.func @bitcast_encoding(%t: tensor<2xf32, "foo">) {
  // expected-error@+1 {{'arith.bitcast' op operand type 'tensor<2xf32, "foo">' and result type 'tensor<2xi32, "bar">' are cast incompatible}}
  %0 = arith.bitcast %t : tensor<2xf32, "foo"> to tensor<2xi32, "bar">
  return
}

// -----

func.func @extui_index(%i: index) {
  // expected-error@+1 {{'arith.extui' op operand #0 must be signless-fixed-width-integer-like, but got 'index'}}
  %0 = arith.extui %i : index to i64
  return
}

// -----

func.func @addui_extended_scalar_overflow(%v: vector<8xi32>) {
  // expected-error@+1 {{'arith.addui_extended' op if an operand is non-scalar, then all results must be non-scalar}}
  %0:2 = arith.addui_extended %v, %v : vector<8xi32>, i1
  return
}

// -----

func.func @addui_extended_kind(%v: vector<8xi32>) {
  // expected-error@+1 {{'arith.addui_extended' op all non-scalar operands/results must have the same shape and base type}}
  %0:2 = arith.addui_extended %v, %v : vector<8xi32>, tensor<8xi1>
  return
}

// -----

func.func @mulsi_extended_types(%a: i32) {
  // expected-error@+1 {{'arith.mulsi_extended' op failed to verify that all of {lhs, rhs, low, high} have same type}}
  %0:2 = "arith.mulsi_extended"(%a, %a) : (i32, i32) -> (i32, i64)
  return
}

// -----

func.func @select_types(%c: i1, %f: f32, %a: i32) {
  // expected-error@+1 {{'arith.select' op failed to verify that all of {true_value, false_value, result} have same type}}
  %0 = "arith.select"(%c, %f, %a) : (i1, f32, i32) -> f32
  return
}

// -----

func.func @select_condition_shape(%c: vector<4xi1>, %v: vector<2xf32>) {
  // expected-error@+1 {{'arith.select' op failed to verify that condition is signless i1 or has matching shape}}
  %0 = arith.select %c, %v, %v : vector<4xi1>, vector<2xf32>
  return
}

// -----

func.func @select_condition_encoding(%c: tensor<8xi1, "bar">, %t: tensor<8xi32, "foo">) {
  // expected-error@+1 {{'arith.select' op expected condition type to have the same shape as the result type, expected 'tensor<8xi1, "foo">', but got 'tensor<8xi1, "bar">'}}
  %0 = arith.select %c, %t, %t : tensor<8xi1, "bar">, tensor<8xi32, "foo">
  return
}

// -----

func.func @select_operand_count(%c: i1, %f: f32) {
  // expected-error@+1 {{custom op 'arith.select' expected 3 operands}}
  %0 = arith.select %c, %f : f32
  return
}

// -----

func.func @unknown_attr() {
  // expected-error@+1 {{unknown attribute `foo` in dialect `arith`}}
  "test.op"() {a = #arith.foo<1>} : () -> ()
  return
}
