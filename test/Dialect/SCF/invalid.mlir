// RUN: pyopt %s -allow-unregistered-dialect -split-input-file -verify-diagnostics

func.func @for_bounds_mismatch(%i: i32, %x: index) {
  // expected-error@+1 {{failed to verify that all of {lowerBound, upperBound, step} have same type}}
  "scf.for"(%x, %i, %x) ({}) : (index, i32, index) -> ()
  return
}

// -----

func.func @for_empty_generic(%x: index) {
  // expected-error@+1 {{'scf.for' op region #0 ('region') failed to verify constraint: region with 1 blocks}}
  "scf.for"(%x, %x, %x) ({}) : (index, index, index) -> ()
  return
}

// -----

func.func @for_result_count(%x: index, %f: f32) {
  // expected-error@+1 {{custom op 'scf.for' mismatch in number of loop-carried values and defined values}}
  %r:2 = scf.for %i = %x to %x step %x iter_args(%a = %f) -> (f32, f32) {
    scf.yield %a : f32
  }
  return
}

// -----

func.func @for_yield_type(%x: index, %f: f32, %g: f64) {
  // expected-error@+1 {{'scf.for' op 0-th region iter_arg and 0-th yielded value have different type: 'f32' != 'f64'}}
  %r = scf.for %i = %x to %x step %x iter_args(%a = %f) -> (f32) {
    scf.yield %g : f64
  }
  return
}

// -----

func.func @for_iv_type(%x: index) {
  // expected-error@+1 {{'scf.for' op expected induction variable to be same type as bounds and step}}
  "scf.for"(%x, %x, %x) ({
  ^bb0(%i: i64):
    scf.yield
  }) : (index, index, index) -> ()
  return
}

// -----

func.func @for_wrong_terminator(%x: index) {
  // expected-error@+2 {{'scf.for' op expects regions to end with 'scf.yield', found 'test.term'}}
  // expected-note@+1 {{in custom textual format, the absence of terminator implies 'scf.yield'}}
  "scf.for"(%x, %x, %x) ({
  ^bb0(%i: index):
    "test.term"() : () -> ()
  }) : (index, index, index) -> ()
  return
}

// -----

func.func @if_no_else(%c: i1, %f: f32) {
  // expected-error@+1 {{'scf.if' op must have an else block if defining values}}
  %r = scf.if %c -> (f32) {
    scf.yield %f : f32
  }
  return
}

// -----

func.func @if_yield_types(%c: i1, %f: f32, %i: i32) {
  // expected-error@+1 {{'scf.if' op  along control flow edge from Region #1 to parent results: source type #0 'i32' should match input type #0 'f32'}}
  %r = scf.if %c -> (f32) {
    scf.yield %f : f32
  } else {
    scf.yield %i : i32
  }
  return
}

// -----

func.func @if_block_args(%c: i1) {
  // expected-error@+1 {{'scf.if' op region #1 should have no arguments}}
  "scf.if"(%c) ({
    scf.yield
  }, {
  ^bb0(%a: i32):
    scf.yield
  }) : (i1) -> ()
  return
}

// -----

func.func @yield_outside() {
  "test.region"() ({
    // expected-error@+1 {{'scf.yield' op expects parent op to be one of 'scf.execute_region, scf.for, scf.if, scf.index_switch, scf.while'}}
    scf.yield
  }) : () -> ()
  return
}

// -----

func.func @condition_outside(%c: i1) {
  "test.region"() ({
    // expected-error@+1 {{'scf.condition' op expects parent op 'scf.while'}}
    scf.condition(%c)
  }) : () -> ()
  return
}

// -----

func.func @while_arity(%f: f32) {
  // expected-error@+1 {{custom op 'scf.while' expected as many input types as operands (expected 1 got 0)}}
  scf.while (%a = %f) : () -> () {
    "test.foo"() : () -> ()
  } do {
    scf.yield
  }
  return
}

// -----

func.func @while_before_args(%f: f32, %c: i1) {
  // expected-error@+1 {{'scf.while' op  region control flow edge from Region #1 to Region #0: source has 0 operands, but target successor needs 1}}
  scf.while (%a = %f) : (f32) -> () {
    scf.condition(%c)
  } do {
    scf.yield
  }
  return
}

// -----

func.func @while_missing_condition() {
  // expected-error@+1 {{'scf.while' op expects the 'before' region to terminate with 'scf.condition'}}
  scf.while : () -> () {
    // expected-note@+1 {{terminator here}}
    scf.yield
  } do {
    scf.yield
  }
  return
}

// -----

func.func @while_empty_block() {
  // expected-error@+1 {{'scf.while' op expects a non-empty block}}
  scf.while : () -> () {
  ^bb0:
  } do {
  ^bb0:
  }
  return
}

// -----

func.func @execute_region_args() {
  // expected-error@+1 {{'scf.execute_region' op region cannot have any arguments}}
  "scf.execute_region"() ({
  ^bb0(%a: i32):
    scf.yield
  }) : () -> ()
  return
}

// -----

func.func @execute_region_yields(%f: f32, %i: i32, %c: i1) {
  // expected-error@+1 {{'scf.execute_region' op  along control flow edgefrom Region #0 to parent results operands mismatch between return-like terminators}}
  %r = scf.execute_region -> f32 {
    cf.cond_br %c, ^bb1, ^bb2
  ^bb1:
    scf.yield %f : f32
  ^bb2:
    scf.yield %i : i32
  }
  return
}

// -----

func.func @switch_dup(%x: index) {
  // expected-error@+1 {{'scf.index_switch' op has duplicate case value: 3}}
  scf.index_switch %x
  case 3 {
    scf.yield
  }
  case 3 {
    scf.yield
  }
  default {
  }
  return
}

// -----

func.func @switch_result_count(%x: index, %f: f32) {
  // expected-error@+1 {{'scf.index_switch' op expected each region to return 1 values, but case region #0 returns 0}}
  %r = scf.index_switch %x -> f32
  case 1 {
    // expected-note@+1 {{see yield operation here}}
    scf.yield
  }
  default {
    scf.yield %f : f32
  }
  return
}

// -----

func.func @parallel_count(%x: index) {
  // expected-error@+1 {{custom op 'scf.parallel' expected 2 operands}}
  scf.parallel (%i, %j) = (%x, %x) to (%x) step (%x, %x) {
  }
  return
}

// -----

func.func @parallel_const_step(%x: index) {
  %c0 = arith.constant 0 : index
  // expected-error@+1 {{'scf.parallel' op constant step operand must be positive}}
  scf.parallel (%i) = (%x) to (%x) step (%c0) {
  }
  return
}

// -----

func.func @reduce_args(%x: index, %f: f32) {
  %r = scf.parallel (%i) = (%x) to (%x) step (%x) init (%f) -> f32 {
    // expected-error@+1 {{'scf.reduce' op expected two block arguments with type 'f32' in the 0-th reduction region}}
    scf.reduce(%f : f32) {
    ^bb0(%l: f32):
      scf.reduce.return %l : f32
    }
  }
  return
}

// -----

func.func @reduce_return_type(%x: index, %f: f32) {
  %r = scf.parallel (%i) = (%x) to (%x) step (%x) init (%f) -> f32 {
    scf.reduce(%f : f32) {
    ^bb0(%l: f32, %m: f32):
      %c = arith.constant 1 : i32
      // expected-error@+1 {{'scf.reduce.return' op must have type 'f32' (the type of the reduction inputs)}}
      scf.reduce.return %c : i32
    }
  }
  return
}

// -----

func.func @forall_outs_count(%n: index, %t: tensor<4xf32>) {
  // expected-error@+1 {{custom op 'scf.forall' 1 operands present, but expected 2}}
  %r:2 = scf.forall (%i) in (%n) shared_outs(%o = %t) -> (tensor<4xf32>, tensor<4xf32>) {
  }
  return
}

// -----

func.func @forall_in_parallel_ops(%n: index, %t: tensor<4xf32>) {
  %r = scf.forall (%i) in (%n) shared_outs(%o = %t) -> (tensor<4xf32>) {
    // expected-error@+1 {{'scf.forall.in_parallel' op expected only tensor.parallel_insert_slice ops}}
    scf.forall.in_parallel {
      "test.foo"() : () -> ()
    }
  }
  return
}

// -----

func.func @forall_mapping(%n: index) {
  // expected-error@+1 {{'scf.forall' op attribute 'mapping' failed to satisfy constraint: Device Mapping array attribute}}
  scf.forall (%i) in (%n) {
  } {mapping = [1, 2]}
  return
}
