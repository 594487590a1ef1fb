// RUN: pyopt %s -split-input-file -verify-diagnostics

func.func @casts_index_to_index(%a: index) {
  // expected-error@+1 {{'index.casts' op operand type 'index' and result type 'index' are cast incompatible}}
  %0 = index.casts %a : index to index
  return
}

// -----

func.func @castu_int_to_int(%a: i32) {
  // expected-error@+1 {{'index.castu' op operand type 'i32' and result type 'i64' are cast incompatible}}
  %0 = index.castu %a : i32 to i64
  return
}

// -----

func.func @casts_float(%f: f32) {
  // expected-error@+1 {{'index.casts' op operand #0 must be integer or index, but got 'f32'}}
  %0 = index.casts %f : f32 to index
  return
}

// -----

func.func @cmp_bad_predicate(%a: index) {
  // expected-error@+2 {{custom op 'index.cmp' expected ::mlir::index::IndexCmpPredicate to be one of: eq, ne, slt, sle, sgt, sge, ult, ule, ugt, uge}}
  // expected-error@+1 {{custom op 'index.cmp' failed to parse IndexCmpPredicateAttr parameter 'value' which is to be a `::mlir::index::IndexCmpPredicate`}}
  %0 = index.cmp lt(%a, %a)
  return
}

// -----

func.func @cmp_wrong_attr(%a: index) {
  // expected-error@+1 {{'index.cmp' op attribute 'pred' failed to satisfy constraint: index comparison predicate kind}}
  %0 = "index.cmp"(%a, %a) {pred = 1 : i32} : (index, index) -> i1
  return
}

// -----

func.func @add_types(%a: index, %b: i32) {
  // expected-error@+1 {{'index.add' op operand #1 must be index, but got 'i32'}}
  %0 = "index.add"(%a, %b) : (index, i32) -> index
  return
}

// -----

func.func @constant_type() {
  // expected-error@+1 {{'index.constant' op attribute 'value' failed to satisfy constraint: index attribute}}
  %0 = "index.constant"() {value = 1 : i64} : () -> index
  return
}

// -----

func.func @sizeof_type() {
  // expected-error@+1 {{'index.sizeof' op result #0 must be index, but got 'i64'}}
  %0 = "index.sizeof"() : () -> i64
  return
}
