// RUN: pyopt %s -split-input-file -verify-diagnostics

func.func @br_too_few(%a : i32) {
  // expected-error@+1 {{branch has 1 operands for successor #0, but target block has 2}}
  cf.br ^bb1(%a : i32)
^bb1(%x : i32, %y : i32):
  return
}

// -----

func.func @br_type(%a : i32) {
  // expected-error@+1 {{type mismatch for bb argument #0 of successor #0}}
  cf.br ^bb1(%a : i32)
^bb1(%x : i64):
  return
}

// -----

func.func @cond_br_false_dest(%c : i1, %a : i32) {
  // expected-error@+1 {{branch has 0 operands for successor #1, but target block has 1}}
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  return
^bb2(%x : i32):
  return
}

// -----

func.func @cond_br_not_i1(%a : i32) {
  // expected-error@+1 {{'cf.cond_br' op operand #0 must be 1-bit signless integer, but got 'i32'}}
  "cf.cond_br"(%a)[^bb1, ^bb1] <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (i32) -> ()
^bb1:
  return
}

// -----

func.func @switch_case_operands(%f : i32, %a : i32) {
  // expected-error@+1 {{branch has 0 operands for successor #2, but target block has 1}}
  cf.switch %f : i32, [
    default: ^bb1,
    1: ^bb2(%a : i32),
    2: ^bb2
  ]
^bb1:
  return
^bb2(%x : i32):
  return
}

// -----

func.func @switch_value_type(%f : i32) {
  // expected-error@+1 {{'cf.switch' op 'flag' type ('i32') should match case value type ('i64')}}
  "cf.switch"(%f)[^bb1, ^bb1] <{case_operand_segments = array<i32: 0>, case_values = dense<1> : vector<1xi64>, operandSegmentSizes = array<i32: 1, 0, 0>}> : (i32) -> ()
^bb1:
  return
}

// -----

func.func @switch_count(%f : i32) {
  // expected-error@+1 {{'cf.switch' op number of case values (2) should match number of case destinations (1)}}
  "cf.switch"(%f)[^bb1, ^bb1] <{case_operand_segments = array<i32: 0>, case_values = dense<[1, 2]> : vector<2xi32>, operandSegmentSizes = array<i32: 1, 0, 0>}> : (i32) -> ()
^bb1:
  return
}

// -----

func.func @switch_no_default(%f : i32) {
  cf.switch %f : i32, [
    // expected-error@+1 {{custom op 'cf.switch' expected 'default'}}
    1: ^bb1
  ]
^bb1:
  return
}

// -----

func.func @switch_bad_value(%f : i32) {
  cf.switch %f : i32, [
    default: ^bb1,
    // expected-error@+1 {{custom op 'cf.switch' expected integer value}}
    foo: ^bb1
  ]
^bb1:
  return
}

// -----

// expected-note@+1 {{prior use here}}
func.func @assert_not_i1(%a : i32) {
  // expected-error@+1 {{use of value '%a' expects different type than prior uses: 'i1' vs 'i32'}}
  cf.assert %a, "msg"
  return
}

// -----

func.func @br_not_last() {
  // expected-error@+1 {{operation with block successors must terminate its parent block}}
  cf.br ^bb1
  return
^bb1:
  return
}
