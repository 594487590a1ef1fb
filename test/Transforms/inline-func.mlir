// RUN: pyopt %s -allow-unregistered-dialect -inline | filecheck %s

// CHECK-LABEL: func.func private @pick(
// CHECK-LABEL: func.func @square(
// CHECK-LABEL: func.func @through_constant(
// CHECK-NEXT:    %[[M:.*]] = arith.muli %arg0, %arg0 : i32
// CHECK-NEXT:    return %[[M]] : i32
// CHECK-LABEL: func.func @caller(
// CHECK-NEXT:    cf.cond_br %arg0, ^bb2(%arg1 : i32), ^bb1
// CHECK-NEXT:  ^bb1:
// CHECK-NEXT:    %[[S:.*]] = arith.addi %arg1, %arg1 : i32
// CHECK-NEXT:    cf.br ^bb2(%[[S]] : i32)
// CHECK-NEXT:  ^bb2(%[[R:.*]]: i32):
// CHECK-NEXT:    %[[SQ:.*]] = arith.muli %[[R]], %[[R]] : i32
// CHECK-NEXT:    return %[[SQ]] : i32
// CHECK-LABEL: func.func @countdown(
// CHECK-NEXT:    call @countdown(
// CHECK-LABEL: func.func @calls_countdown(
// CHECK-NEXT:    call @countdown(
// CHECK-LABEL: func.func private @uses_index(
// CHECK-LABEL: func.func @in_loop(
// CHECK:         scf.for %[[I:.*]] =
// CHECK-NEXT:      %[[P:.*]] = func.call @pick(%arg0, %arg1, %arg1)
// CHECK-NEXT:      %[[Q:.*]] = arith.muli %[[P]], %[[P]] : i32
// CHECK-NEXT:      %[[X:.*]] = func.call @uses_index(%[[I]])
// CHECK-NEXT:      "test.use"(%[[Q]], %[[X]])

// A callee with several blocks: its returns become branches to the block after the call,
// whose argument takes the call result. The private callee stays: one call to it (in the
// loop below) cannot be inlined.
func.func private @pick(%c: i1, %a: i32, %b: i32) -> i32 {
  cf.cond_br %c, ^yes, ^no
^yes:
  return %a : i32
^no:
  %s = arith.addi %a, %b : i32
  return %s : i32
}

// A public callee is inlined but kept.
func.func @square(%a: i32) -> i32 {
  %0 = arith.muli %a, %a : i32
  return %0 : i32
}

// Calls that resolve through a func.constant are made direct by the simplification pipeline,
// then inlined.
func.func @through_constant(%x: i32) -> i32 {
  %f = func.constant @square : (i32) -> i32
  %0 = func.call_indirect %f(%x) : (i32) -> i32
  return %0 : i32
}

func.func @caller(%c: i1, %x: i32) -> i32 {
  %0 = call @pick(%c, %x, %x) : (i1, i32, i32) -> i32
  %1 = call @square(%0) : (i32) -> i32
  return %1 : i32
}

// Self-recursive functions are never inlined, into themselves or elsewhere.
func.func @countdown(%x: i32) -> i32 {
  %0 = call @countdown(%x) : (i32) -> i32
  return %0 : i32
}

func.func @calls_countdown(%x: i32) -> i32 {
  %0 = call @countdown(%x) : (i32) -> i32
  return %0 : i32
}

// The index dialect has no inliner interface: its ops block inlining.
func.func private @uses_index(%a: index) -> index {
  %0 = index.add %a, %a
  return %0 : index
}

// A multi-block callee cannot go into the single-block body of scf.for; a single-block one can.
func.func @in_loop(%c: i1, %x: i32, %n: index) {
  %lb = arith.constant 0 : index
  %st = arith.constant 1 : index
  scf.for %i = %lb to %n step %st {
    %0 = func.call @pick(%c, %x, %x) : (i1, i32, i32) -> i32
    %1 = func.call @square(%0) : (i32) -> i32
    %2 = func.call @uses_index(%i) : (index) -> index
    "test.use"(%1, %2) : (i32, index) -> ()
  }
  return
}

// Vector ops may be inlined anywhere.
// CHECK-LABEL: func.func @vector_caller
// CHECK-NOT:     call
// CHECK:         vector.broadcast
func.func private @vector_callee(%s: f32) -> vector<2xf32> {
  %0 = vector.broadcast %s : f32 to vector<2xf32>
  return %0 : vector<2xf32>
}
func.func @vector_caller(%s: f32) -> vector<2xf32> {
  %0 = call @vector_callee(%s) : (f32) -> vector<2xf32>
  return %0 : vector<2xf32>
}
