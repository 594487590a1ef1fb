// RUN: pyopt %s --remove-dead-values -split-input-file | filecheck %s
// RUN: pyopt %s --remove-dead-values -split-input-file 2>&1 >/dev/null | filecheck %s --check-prefix=REJECT

// Pure ops nobody observes disappear; stored values and their inputs stay.
// CHECK-LABEL: func.func @pure_chain
// CHECK-SAME:  (%[[V:.*]]: i32, %[[BUF:.*]]: memref<i32>) {
// CHECK-NEXT:    %[[K:.*]] = arith.constant 5 : i32
// CHECK-NEXT:    %[[S:.*]] = arith.addi %[[V]], %[[K]] : i32
// CHECK-NEXT:    memref.store %[[S]], %[[BUF]][] : memref<i32>
// CHECK-NEXT:    return
func.func @pure_chain(%v: i32, %buf: memref<i32>) {
  %sq = arith.muli %v, %v : i32
  %unused = arith.subi %sq, %v : i32
  %k = arith.constant 5 : i32
  %sum = arith.addi %v, %k : i32
  memref.store %sum, %buf[] : memref<i32>
  return
}

// -----

// A private callee loses the argument it ignores and the result no caller reads;
// every call site follows.
// CHECK-LABEL: func.func private @callee
// CHECK-SAME:  (%[[U:.*]]: i32) -> i32 {
// CHECK-NEXT:    %[[D:.*]] = arith.addi %[[U]], %[[U]] : i32
// CHECK-NEXT:    return %[[D]] : i32
// CHECK-LABEL: func.func @caller_a
// CHECK-SAME:  (%[[P:.*]]: i32, %{{.*}}: f32) -> i32 {
// CHECK-NEXT:    %[[R:.*]] = call @callee(%[[P]]) : (i32) -> i32
// CHECK-NEXT:    return %[[R]] : i32
// CHECK-LABEL: func.func @caller_b
// CHECK-SAME:  (%[[P2:.*]]: i32, %{{.*}}: f32) {
// CHECK-NEXT:    call @callee(%[[P2]]) : (i32) -> i32
// CHECK-NEXT:    return
func.func private @callee(%used: i32, %ignored: f32) -> (i32, f32) {
  %d = arith.addi %used, %used : i32
  return %d, %ignored : i32, f32
}
func.func @caller_a(%p: i32, %q: f32) -> i32 {
  %r:2 = func.call @callee(%p, %q) : (i32, f32) -> (i32, f32)
  return %r#0 : i32
}
func.func @caller_b(%p: i32, %q: f32) {
  %r:2 = func.call @callee(%p, %q) : (i32, f32) -> (i32, f32)
  return
}

// -----

// An scf.for iteration value whose result is never read is dropped, the one feeding
// the store is kept; the unused induction variable is kept.
// CHECK-LABEL: func.func @loop_carried(
// CHECK-SAME:      %[[LO:.*]]: index, %[[HI:.*]]: index, %[[BUF:.*]]: memref<i32>, %[[SEED:.*]]: i32) {
// CHECK-NEXT:    %[[ONE:.*]] = arith.constant 1 : index
// CHECK-NEXT:    %{{.*}} = scf.for %{{.*}} = %[[LO]] to %[[HI]] step %[[ONE]] iter_args(%[[Y:.*]] = %[[SEED]]) -> (i32) {
// CHECK-NEXT:      %[[NY:.*]] = arith.muli %[[Y]], %[[SEED]] : i32
// CHECK-NEXT:      memref.store %[[NY]], %[[BUF]][] : memref<i32>
// CHECK-NEXT:      scf.yield %[[NY]] : i32
// CHECK-NEXT:    }
// CHECK-NEXT:    return
func.func @loop_carried(%lo: index, %hi: index, %buf: memref<i32>, %seed: i32) {
  %one = arith.constant 1 : index
  %r:2 = scf.for %iv = %lo to %hi step %one iter_args(%x = %seed, %y = %seed) -> (i32, i32) {
    %nx = arith.addi %x, %x : i32
    %ny = arith.muli %y, %seed : i32
    memref.store %ny, %buf[] : memref<i32>
    scf.yield %nx, %ny : i32, i32
  }
  return
}

// -----

// scf.while: only the values reaching the returned result survive.
// CHECK-LABEL: func.func @while_loop
// CHECK-SAME:  (%[[BUF:.*]]: memref<i32>, %[[A0:.*]]: i32, %{{.*}}: i32) -> i32 {
// CHECK-NEXT:    %[[R:.*]] = scf.while (%[[A:.*]] = %[[A0]]) : (i32) -> i32 {
// CHECK-NEXT:      %[[LIM:.*]] = memref.load %[[BUF]][] : memref<i32>
// CHECK-NEXT:      %[[GO:.*]] = arith.cmpi slt, %[[A]], %[[LIM]] : i32
// CHECK-NEXT:      scf.condition(%[[GO]]) %[[A]] : i32
// CHECK-NEXT:    } do {
// CHECK-NEXT:    ^bb0(%[[X:.*]]: i32):
// CHECK-NEXT:      %[[NX:.*]] = arith.addi %[[X]], %[[X]] : i32
// CHECK-NEXT:      scf.yield %[[NX]] : i32
// CHECK-NEXT:    }
// CHECK-NEXT:    return %[[R]] : i32
func.func @while_loop(%buf: memref<i32>, %a0: i32, %b0: i32) -> i32 {
  %r:2 = scf.while (%a = %a0, %b = %b0) : (i32, i32) -> (i32, i32) {
    %lim = memref.load %buf[] : memref<i32>
    %go = arith.cmpi slt, %a, %lim : i32
    scf.condition(%go) %a, %b : i32, i32
  } do {
  ^bb0(%x: i32, %y: i32):
    %nx = arith.addi %x, %x : i32
    %ny = arith.addi %y, %x : i32
    scf.yield %nx, %ny : i32, i32
  }
  return %r#0 : i32
}

// -----

// A pure scf.if whose results are all unused goes away; an effectful one keeps its
// regions but loses the unused result.
// CHECK-LABEL: func.func @if_results
// CHECK-SAME:  (%[[C:.*]]: i1, %[[V:.*]]: i32, %[[BUF:.*]]: memref<i32>) {
// CHECK-NEXT:    scf.if %[[C]] {
// CHECK-NEXT:      memref.store %[[V]], %[[BUF]][] : memref<i32>
// CHECK-NEXT:    } else {
// CHECK-NEXT:    }
// CHECK-NEXT:    return
func.func @if_results(%c: i1, %v: i32, %buf: memref<i32>) {
  %pure = scf.if %c -> (i32) {
    scf.yield %v : i32
  } else {
    %n = arith.subi %v, %v : i32
    scf.yield %n : i32
  }
  %eff = scf.if %c -> (i32) {
    memref.store %v, %buf[] : memref<i32>
    scf.yield %v : i32
  } else {
    scf.yield %v : i32
  }
  return
}

// -----

// Branch ops make the pass give up: it reports them and leaves everything in place.
// REJECT: error: cannot optimize an IR with non-function symbol ops, non-call symbol user ops or branch ops
// CHECK-LABEL: func.func @has_branch
// CHECK: arith.addi
// CHECK: cf.cond_br
func.func @has_branch(%c: i1, %v: i32) {
  %dead = arith.addi %v, %v : i32
  cf.cond_br %c, ^a, ^b
^a:
  cf.br ^b
^b:
  return
}

// -----

// A public callee keeps its signature, so what its calls pass stays, producers included,
// even when the callee ignores the argument (MLIR 19 erases the producer and crashes).
// CHECK-LABEL: func.func @public_ignores(%{{.*}}: i64) -> f64
// CHECK-LABEL: func.func @calls_public
// CHECK-NEXT:    %[[K:.*]] = arith.constant 1 : i64
// CHECK-NEXT:    %[[R:.*]] = call @public_ignores(%[[K]]) : (i64) -> f64
// CHECK-NEXT:    return %[[R]] : f64
func.func @public_ignores(%x: i64) -> f64 {
  %c = arith.constant 1.5 : f64
  return %c : f64
}
func.func @calls_public() -> f64 {
  %k = arith.constant 1 : i64
  %r = func.call @public_ignores(%k) : (i64) -> f64
  return %r : f64
}

// -----

// A call the dead code analysis never reaches (in a branch never taken) does not keep the
// callee's results alive: the values they returned are erased, and so are the results at
// every call (MLIR 19 crashes on this input).
// CHECK-LABEL: func.func private @unused_everywhere() {
// CHECK-NEXT:    return
// CHECK-LABEL: func.func @calls_in_dead_branch
// CHECK-NEXT:    call @unused_everywhere() : () -> ()
// CHECK:         scf.if %{{.*}} {
// CHECK-NEXT:      func.call @unused_everywhere() : () -> ()
func.func private @unused_everywhere(%x: f64) -> (i8, f64) {
  %c = arith.constant 0 : i8
  %d = arith.addf %x, %x : f64
  return %c, %d : i8, f64
}
func.func @calls_in_dead_branch(%x: f64) {
  %a, %b = func.call @unused_everywhere(%x) : (f64) -> (i8, f64)
  %false = arith.constant false
  scf.if %false {
    %c, %d = func.call @unused_everywhere(%x) : (f64) -> (i8, f64)
  }
  return
}
