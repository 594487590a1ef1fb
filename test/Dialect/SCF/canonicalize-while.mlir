// RUN: pyopt %s -canonicalize="test-convergence" | filecheck %s

// scf.while canonicalization, and scf.for carrying a tensor through a static-erasing cast.

func.func private @work(i32) -> i32
func.func private @pred(i32) -> i1

// Before-args whose yielded value is their own init or that come back unchanged through
// the condition: replaced by their init.
// CHECK-LABEL: func @invariant_before_args
//  CHECK-SAME:   (%[[A:.*]]: i32, %[[B:.*]]: i32, %[[N:.*]]: i32)
//       CHECK:   %[[R:.*]] = scf.while (%[[X:.*]] = %[[A]]) : (i32) -> i32 {
//       CHECK:     arith.cmpi slt, %[[X]], %[[N]] : i32
//       CHECK:   } do {
//       CHECK:     %[[W:.*]] = func.call @work
//       CHECK:     %[[S:.*]] = arith.addi %[[W]], %[[B]] : i32
//       CHECK:     scf.yield %[[S]] : i32
//       CHECK:   return %[[R]], %[[B]], %[[N]] : i32, i32, i32
func.func @invariant_before_args(%a: i32, %b: i32, %n: i32) -> (i32, i32, i32) {
  %r:3 = scf.while (%x = %a, %y = %b, %z = %n) : (i32, i32, i32) -> (i32, i32, i32) {
    %c = arith.cmpi slt, %x, %z : i32
    scf.condition(%c) %x, %y, %z : i32, i32, i32
  } do {
  ^bb0(%x2: i32, %y2: i32, %z2: i32):
    %w = func.call @work(%x2) : (i32) -> i32
    %s = arith.addi %w, %y2 : i32
    scf.yield %s, %b, %z2 : i32, i32, i32
  }
  return %r#0, %r#1, %r#2 : i32, i32, i32
}

// A condition argument defined outside the before block is forwarded directly.
// CHECK-LABEL: func @invariant_value_yielded
//  CHECK-SAME:   (%[[A:.*]]: i32, %[[K:.*]]: i32)
//       CHECK:   %[[R:.*]] = scf.while (%{{.*}} = %[[A]]) : (i32) -> i32 {
//       CHECK:     scf.condition(%{{.*}}) %{{.*}} : i32
//       CHECK:   ^bb0(%[[X:.*]]: i32):
//       CHECK:     arith.addi %[[X]], %[[K]] : i32
//       CHECK:   return %[[R]], %[[K]] : i32, i32
func.func @invariant_value_yielded(%a: i32, %k: i32) -> (i32, i32) {
  %r:2 = scf.while (%x = %a) : (i32) -> (i32, i32) {
    %c = func.call @pred(%x) : (i32) -> i1
    scf.condition(%c) %x, %k : i32, i32
  } do {
  ^bb0(%x2: i32, %k2: i32):
    %s = arith.addi %x2, %k2 : i32
    scf.yield %s : i32
  }
  return %r#0, %r#1 : i32, i32
}

// The condition's truth in the after region, and a comparison repeated there.
// The repeated comparison is true and its inverse false; the unrelated one stays.
// CHECK-LABEL: func @condition_truth
//       CHECK:   %[[ONE:.*]] = arith.constant 1 : i32
//       CHECK:   scf.while
//       CHECK:   } do {
//       CHECK:   ^bb0(%[[X:.*]]: i32):
//       CHECK:     %[[EQ:.*]] = arith.cmpi eq, %[[X]]
//       CHECK:     %[[E:.*]] = arith.extui %[[EQ]]
//       CHECK:     %[[S:.*]] = arith.addi %[[X]], %[[ONE]] : i32
//       CHECK:     arith.addi %[[S]], %[[E]] : i32
func.func @condition_truth(%a: i32, %lim: i32) -> i32 {
  %r = scf.while (%x = %a) : (i32) -> i32 {
    %c = arith.cmpi ult, %x, %lim : i32
    scf.condition(%c) %x : i32
  } do {
  ^bb0(%x2: i32):
    %same = arith.cmpi ult, %x2, %lim : i32
    %inv = arith.cmpi uge, %x2, %lim : i32
    %other = arith.cmpi eq, %x2, %lim : i32
    %e1 = arith.extui %same : i1 to i32
    %e2 = arith.extui %inv : i1 to i32
    %e3 = arith.extui %other : i1 to i32
    %s1 = arith.addi %x2, %e1 : i32
    %s2 = arith.addi %s1, %e2 : i32
    %s3 = arith.addi %s2, %e3 : i32
    %w = func.call @work(%s3) : (i32) -> i32
    scf.yield %w : i32
  }
  return %r : i32
}

// CHECK-LABEL: func @condition_passed_on
//       CHECK:   %[[ONE:.*]] = arith.constant 1 : i32
//       CHECK:   scf.while (%{{.*}} = %{{.*}}) : (i32) -> i32 {
//       CHECK:     scf.condition(%{{.*}}) %{{.*}} : i32
//       CHECK:   ^bb0(%[[X:.*]]: i32):
//       CHECK:     arith.addi %[[X]], %[[ONE]] : i32
func.func @condition_passed_on(%a: i32) -> i32 {
  %r:2 = scf.while (%x = %a) : (i32) -> (i1, i32) {
    %c = func.call @pred(%x) : (i32) -> i1
    %w = func.call @work(%x) : (i32) -> i32
    scf.condition(%c) %c, %w : i1, i32
  } do {
  ^bb0(%flag: i1, %x2: i32):
    %e = arith.extui %flag : i1 to i32
    %s = arith.addi %x2, %e : i32
    scf.yield %s : i32
  }
  return %r#1 : i32
}

// Unused results, duplicated results, unused arguments.
// CHECK-LABEL: func @unused_and_duplicated
//       CHECK:   %[[R:.*]] = scf.while (%{{.*}} = %{{.*}}) : (i32) -> i32 {
//       CHECK:     %[[W:.*]] = func.call @work
//       CHECK:     scf.condition(%{{.*}}) %[[W]] : i32
//       CHECK:   ^bb0(%[[P:.*]]: i32):
//       CHECK:     %[[S:.*]] = arith.addi %[[P]], %[[P]] : i32
//       CHECK:     scf.yield %[[S]] : i32
//       CHECK:   return %[[R]], %[[R]] : i32, i32
func.func @unused_and_duplicated(%a: i32, %b: i32) -> (i32, i32) {
  %r:4 = scf.while (%x = %a, %dead = %b) : (i32, i32) -> (i32, i32, i32, i32) {
    %c = func.call @pred(%x) : (i32) -> i1
    %w = func.call @work(%x) : (i32) -> i32
    %v = func.call @work(%w) : (i32) -> i32
    scf.condition(%c) %w, %w, %v, %v : i32, i32, i32, i32
  } do {
  ^bb0(%p: i32, %q: i32, %u: i32, %u2: i32):
    %s = arith.addi %p, %q : i32
    scf.yield %s, %s : i32, i32
  }
  return %r#0, %r#1 : i32, i32
}

// Condition arguments that are the before arguments in another order.
// CHECK-LABEL: func @align
//       CHECK:   %[[R:.*]]:2 = scf.while (%[[X:.*]] = %{{.*}}, %[[Y:.*]] = %{{.*}}) : (i32, i32) -> (i32, i32) {
//       CHECK:     scf.condition(%{{.*}}) %[[X]], %[[Y]] : i32, i32
//       CHECK:   ^bb0(%[[X2:.*]]: i32, %[[Y2:.*]]: i32):
//       CHECK:     func.call @work(%[[X2]])
//       CHECK:   return %[[R]]#1, %[[R]]#0 : i32, i32
func.func @align(%a: i32, %b: i32) -> (i32, i32) {
  %r:2 = scf.while (%x = %a, %y = %b) : (i32, i32) -> (i32, i32) {
    %c = arith.cmpi slt, %x, %y : i32
    scf.condition(%c) %y, %x : i32, i32
  } do {
  ^bb0(%y2: i32, %x2: i32):
    %w = func.call @work(%x2) : (i32) -> i32
    %v = func.call @work(%y2) : (i32) -> i32
    scf.yield %w, %v : i32, i32
  }
  return %r#0, %r#1 : i32, i32
}

// A loop-carried tensor whose init erases static sizes is carried with the static type.
func.func private @step(tensor<?xf32>) -> tensor<?xf32>
// CHECK-LABEL: func @for_cast
//  CHECK-SAME:   (%[[T:.*]]: tensor<16xf32>
//       CHECK:   %[[R:.*]] = scf.for %{{.*}} iter_args(%[[ACC:.*]] = %[[T]]) -> (tensor<16xf32>) {
//       CHECK:     %[[IN:.*]] = tensor.cast %[[ACC]] : tensor<16xf32> to tensor<?xf32>
//       CHECK:     %[[S:.*]] = func.call @step(%[[IN]])
//       CHECK:     %[[OUT:.*]] = tensor.cast %[[S]] : tensor<?xf32> to tensor<16xf32>
//       CHECK:     scf.yield %[[OUT]] : tensor<16xf32>
//       CHECK:   %[[C:.*]] = tensor.cast %[[R]] : tensor<16xf32> to tensor<?xf32>
//       CHECK:   return %[[C]]
func.func @for_cast(%t: tensor<16xf32>, %n: index) -> tensor<?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %d = tensor.cast %t : tensor<16xf32> to tensor<?xf32>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %d) -> (tensor<?xf32>) {
    %s = func.call @step(%acc) : (tensor<?xf32>) -> tensor<?xf32>
    scf.yield %s : tensor<?xf32>
  }
  return %r : tensor<?xf32>
}
