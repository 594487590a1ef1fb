// RUN: pyopt %s --allow-unregistered-dialect --lift-cf-to-scf --split-input-file | filecheck %s

// A diamond whose join block takes an argument: the branches yield it.
// CHECK-LABEL: func.func @diamond(
// CHECK-SAME: %[[C:[a-z0-9]+]]: i1, %[[X:[a-z0-9]+]]: i64
// CHECK: %[[R:.*]] = scf.if %[[C]] -> (i64) {
// CHECK-NEXT: %[[A:.*]] = "test.left"(%[[X]])
// CHECK-NEXT: scf.yield %[[A]] : i64
// CHECK-NEXT: } else {
// CHECK-NEXT: scf.yield %[[X]] : i64
// CHECK-NEXT: }
// CHECK-NEXT: return %[[R]] : i64
// CHECK-NOT: {{ cf\.}}
func.func @diamond(%c: i1, %x: i64) -> i64 {
  cf.cond_br %c, ^left, ^right
^left:
  %a = "test.left"(%x) : (i64) -> i64
  cf.br ^join(%a : i64)
^right:
  cf.br ^join(%x : i64)
^join(%r: i64):
  return %r : i64
}

// -----

// A switch becomes an index_switch on the flag cast to index; the case values stay.
// CHECK-LABEL: func.func @switch3(
// CHECK-SAME: %[[F:[a-z0-9]+]]: i32
// CHECK: %[[Z:.*]] = "test.zero"
// CHECK: %[[I:.*]] = arith.index_castui %[[F]] : i32 to index
// CHECK: %[[R:.*]] = scf.index_switch %[[I]] -> f32
// CHECK-NEXT: case 4 {
// CHECK-NEXT: %[[A:.*]] = "test.four"
// CHECK-NEXT: scf.yield %[[A]]
// CHECK: case 7 {
// CHECK-NEXT: %[[B:.*]] = "test.seven"
// CHECK-NEXT: scf.yield %[[B]]
// CHECK: default {
// CHECK-NEXT: scf.yield %[[Z]]
// CHECK: return %[[R]] : f32
func.func @switch3(%f: i32) -> f32 {
  %z = "test.zero"() : () -> f32
  cf.switch %f : i32, [
    default: ^exit(%z : f32),
    4: ^four,
    7: ^seven
  ]
^four:
  %a = "test.four"() : () -> f32
  cf.br ^exit(%a : f32)
^seven:
  %b = "test.seven"() : () -> f32
  cf.br ^exit(%b : f32)
^exit(%r: f32):
  return %r : f32
}

// -----

// A counted loop: the header's argument is carried by scf.while; the value computed in the
// body and used after the loop leaves it as an extra loop result.
// CHECK-LABEL: func.func @loop_escape(
// CHECK-SAME: %[[N:[a-z0-9]+]]: i32
// CHECK-DAG: %[[UNDEF:.*]] = ub.poison : i32
// CHECK-DAG: %[[ONE:.*]] = arith.constant 1 : i32
// CHECK-DAG: %[[ZERO:.*]] = arith.constant 0 : i32
// CHECK: %[[INIT:.*]] = "test.zero"
// CHECK: %[[RES:.*]]:2 = scf.while (%[[I:.*]] = %[[INIT]], %{{.*}} = %[[UNDEF]]) : (i32, i32) -> (i32, i32) {
// CHECK-NEXT: %[[V:.*]] = "test.body"(%[[I]])
// CHECK-NEXT: %[[DONE:.*]] = "test.done"(%[[V]], %[[N]])
// CHECK-NEXT: %[[SEL:.*]]:3 = scf.if %[[DONE]] -> (i32, i32, i32) {
// CHECK-NEXT: scf.yield %[[UNDEF]], %[[ONE]], %[[ZERO]]
// CHECK-NEXT: } else {
// CHECK-NEXT: scf.yield %[[V]], %[[ZERO]], %[[ONE]]
// CHECK-NEXT: }
// CHECK-NEXT: %[[AGAIN:.*]] = arith.trunci %[[SEL]]#2 : i32 to i1
// CHECK-NEXT: scf.condition(%[[AGAIN]]) %[[SEL]]#0, %[[V]] : i32, i32
// CHECK-NEXT: } do {
// CHECK-NEXT: ^bb0(%[[P:.*]]: i32, %[[Q:.*]]: i32):
// CHECK-NEXT: scf.yield %[[P]], %[[Q]]
// CHECK: "test.after"(%[[RES]]#1)
// CHECK-NEXT: return %[[RES]]#1 : i32
func.func @loop_escape(%n: i32) -> i32 {
  %zero = "test.zero"() : () -> i32
  cf.br ^head(%zero : i32)
^head(%i: i32):
  %v = "test.body"(%i) : (i32) -> i32
  %done = "test.done"(%v, %n) : (i32, i32) -> i1
  cf.cond_br %done, ^out, ^head(%v : i32)
^out:
  "test.after"(%v) : (i32) -> ()
  return %v : i32
}

// -----

// Two blocks entering each other (an irreducible cycle) get one header dispatching on a
// discriminator argument.
// CHECK-LABEL: func.func @two_entries(
// CHECK-SAME: %[[C:[a-z0-9]+]]: i1
// CHECK-DAG: %[[ONE:.*]] = arith.constant 1 : i32
// CHECK-DAG: %[[ZERO:.*]] = arith.constant 0 : i32
// CHECK: %[[WHICH:.*]] = scf.if %[[C]] -> (i32) {
// CHECK-NEXT: scf.yield %[[ONE]] : i32
// CHECK-NEXT: } else {
// CHECK-NEXT: scf.yield %[[ZERO]] : i32
// CHECK: scf.while (%[[D:.*]] = %[[WHICH]]) : (i32) -> i32 {
// CHECK-NEXT: %[[DI:.*]] = arith.index_castui %[[D]] : i32 to index
// CHECK-NEXT: scf.index_switch %[[DI]] -> i32, i32, i32
// CHECK-NEXT: case 0 {
// CHECK-NEXT: "test.b"
// CHECK: default {
// CHECK-NEXT: "test.a"
// CHECK: scf.condition
// CHECK-NOT: {{ cf\.}}
// CHECK: return
func.func @two_entries(%c: i1) {
  cf.cond_br %c, ^a, ^b
^a:
  %x = "test.a"() : () -> i1
  cf.cond_br %x, ^b, ^exit
^b:
  %y = "test.b"() : () -> i1
  cf.cond_br %y, ^a, ^exit
^exit:
  return
}

// -----

// Returns of two kinds (the second carries an attribute) cannot share an exit block: a
// switch between the two returns stays.
// CHECK-LABEL: func.func @two_returns(
// CHECK-SAME: %[[C:[a-z0-9]+]]: i1
// CHECK: cf.cond_br %[[C]], ^[[ONE:.*]], ^[[TWO:.*]]
// CHECK: ^[[ONE]]:
// CHECK-NEXT: "test.one"
// CHECK-NEXT: return
// CHECK: ^[[TWO]]:
// CHECK-NEXT: return {tag}
func.func @two_returns(%c: i1) {
  cf.cond_br %c, ^r1, ^r2
^r1:
  "test.one"() : () -> ()
  return
^r2:
  "func.return"() {tag} : () -> ()
}

// -----

// A loop without exit: the function ends with a return of poison after it.
// CHECK-LABEL: func.func @forever(
// CHECK-DAG: %[[ONE:.*]] = arith.constant 1 : i32
// CHECK: scf.while : () -> () {
// CHECK-NEXT: "test.spin"
// CHECK-NEXT: %[[T:.*]] = arith.trunci %[[ONE]] : i32 to i1
// CHECK-NEXT: scf.condition(%[[T]])
// CHECK: %[[U1:.*]] = ub.poison : f32
// CHECK-NEXT: %[[U2:.*]] = ub.poison : i8
// CHECK-NEXT: return %[[U1]], %[[U2]] : f32, i8
func.func @forever(%x: f32) -> (f32, i8) {
  cf.br ^spin
^spin:
  "test.spin"() : () -> ()
  cf.br ^spin
}
