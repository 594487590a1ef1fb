// RUN: pyopt %s -split-input-file -verify-diagnostics
// Loop-like and region-branch checks of affine.for / affine.if (generic forms).

func.func @init_type(%f: f32, %g: i32) {
  // expected-error@+1 {{'affine.for' op 0-th init and 0-th region iter_arg have different type: 'f32' != 'i32'}}
  %0 = "affine.for"(%f) <{lowerBoundMap = affine_map<() -> (0)>, operandSegmentSizes = array<i32: 0, 0, 1>, step = 1 : index, upperBoundMap = affine_map<() -> (10)>}> ({
  ^bb0(%i: index, %x: i32):
    affine.yield %g : i32
  }) : (f32) -> (i32)
  return
}

// -----

func.func @yield_type(%f: f32, %g: i32) {
  // expected-error@+1 {{'affine.for' op 0-th region iter_arg and 0-th yielded value have different type: 'f32' != 'i32'}}
  %0 = "affine.for"(%f) <{lowerBoundMap = affine_map<() -> (0)>, operandSegmentSizes = array<i32: 0, 0, 1>, step = 1 : index, upperBoundMap = affine_map<() -> (10)>}> ({
  ^bb0(%i: index, %x: f32):
    affine.yield %g : i32
  }) : (f32) -> (i32)
  return
}

// -----

func.func @back_edge(%f: f32) {
  // expected-error@+1 {{'affine.for' op  region control flow edge from Region #0 to Region #0: source has 0 operands, but target successor needs 1}}
  "affine.for"(%f) <{lowerBoundMap = affine_map<() -> (0)>, operandSegmentSizes = array<i32: 0, 0, 1>, step = 1 : index, upperBoundMap = affine_map<() -> (10)>}> ({
  ^bb0(%i: index, %x: f32):
    affine.yield
  }) : (f32) -> ()
  return
}

// -----

// A single trip only flows back to the parent: nothing to check against iter_args.
func.func @one_trip(%f: f32) {
  "affine.for"(%f) <{lowerBoundMap = affine_map<() -> (0)>, operandSegmentSizes = array<i32: 0, 0, 1>, step = 1 : index, upperBoundMap = affine_map<() -> (1)>}> ({
  ^bb0(%i: index, %x: f32):
    affine.yield
  }) : (f32) -> ()
  return
}

// -----

func.func @zero_trip(%f: f32) {
  // expected-error@+1 {{'affine.for' op  region control flow edge from parent operands to parent results: source has 1 operands, but target successor needs 0}}
  "affine.for"(%f) <{lowerBoundMap = affine_map<() -> (0)>, operandSegmentSizes = array<i32: 0, 0, 1>, step = 1 : index, upperBoundMap = affine_map<() -> (0)>}> ({
  ^bb0(%i: index, %x: f32):
    affine.yield
  }) : (f32) -> ()
  return
}

// -----

#set = affine_set<(d0) : (d0 >= 0)>
func.func @if_without_else(%f: f32, %i: index) -> f32 {
  // expected-error@+1 {{'affine.if' op  region control flow edge from parent operands to parent results: source has 0 operands, but target successor needs 1}}
  %0 = affine.if #set(%i) -> f32 {
    affine.yield %f : f32
  }
  return %0 : f32
}

// -----

func.func @two_blocks() {
  // expected-error@+1 {{'affine.for' op expects region #0 to have 0 or 1 blocks}}
  "affine.for"() <{lowerBoundMap = affine_map<() -> (0)>, operandSegmentSizes = array<i32: 0, 0, 0>, step = 1 : index, upperBoundMap = affine_map<() -> (10)>}> ({
  ^bb0(%x: index):
    affine.yield
  ^bb1:
    affine.yield
  }) : () -> ()
  return
}

// -----

func.func @empty_block(%i: index) {
  // expected-error@+1 {{'affine.if' op expects a non-empty block}}
  "affine.if"(%i) ({
  ^bb0:
  }, {
  }) {condition = affine_set<(d0) : (d0 >= 0)>} : (index) -> ()
  return
}

// -----

func.func @no_then_block(%i: index) {
  // expected-error@+1 {{'affine.if' op region #0 ('thenRegion') failed to verify constraint: region with 1 blocks}}
  "affine.if"(%i) ({
  }, {
  }) {condition = affine_set<(d0) : (d0 >= 0)>} : (index) -> ()
  return
}

// -----

func.func @else_two_blocks(%i: index) {
  // expected-error@+1 {{'affine.if' op expects region #1 to have 0 or 1 blocks}}
  "affine.if"(%i) ({
    affine.yield
  }, {
  ^bb0:
    affine.yield
  ^bb1:
    affine.yield
  }) {condition = affine_set<(d0) : (d0 >= 0)>} : (index) -> ()
  return
}

// -----

// A segment-sizes property left out of the generic form is all zeros.
func.func @missing_segments(%n: index) {
  // expected-error@+1 {{'affine.for' op operand count (1) does not match with the total size (0) specified in attribute 'operandSegmentSizes'}}
  "affine.for"(%n) <{lowerBoundMap = affine_map<()[s0] -> (s0)>, step = 1 : index, upperBoundMap = affine_map<() -> (10)>}> ({
  ^bb0(%x: index):
    affine.yield
  }) : (index) -> ()
  return
}
