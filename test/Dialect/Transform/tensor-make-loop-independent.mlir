// RUN: pyopt %s -allow-unregistered-dialect -transform-interpreter -canonicalize -split-input-file -verify-diagnostics | filecheck %s

// Sizes computed with arith ops: the bound of 2 * (ub - i) + 2 over lb <= i < ub.
// CHECK-DAG: #[[$ARITH:.*]] = affine_map<()[s0, s1] -> (s0 * 2 - s1 * 2 + 2)>
// CHECK-LABEL: func.func @arith_size(
// CHECK-SAME: %[[LB:[^:]*]]: index, %[[UB:[^:]*]]: index
// CHECK: scf.for
// CHECK: %[[SZ:.*]] = arith.addi
// CHECK: %[[BIG:.*]] = affine.apply #[[$ARITH]]()[%[[UB]], %[[LB]]]
// CHECK: %[[E:.*]] = tensor.empty(%[[BIG]]) : tensor<?x4xf32>
// CHECK: %[[S:.*]] = tensor.extract_slice %[[E]][0, 0] [%[[SZ]], 4] [1, 1]
// CHECK: "dummy.use"(%[[S]])
func.func @arith_size(%lb: index, %ub: index, %step: index) {
  scf.for %i = %lb to %ub step %step {
    %c2 = arith.constant 2 : index
    %d = arith.subi %ub, %i : index
    %e = arith.muli %d, %c2 : index
    %x = arith.addi %e, %c2 : index
    %empty = tensor.empty(%x) : tensor<?x4xf32>
    "dummy.use"(%empty) : (tensor<?x4xf32>) -> ()
  }
  return
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg1: !transform.any_op {transform.readonly}) {
    %0 = transform.structured.match ops{["tensor.empty"]} in %arg1 : (!transform.any_op) -> !transform.any_op
    %1 = transform.tensor.make_loop_independent %0 {num_loops = 1} : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// A size of a tensor argument stays as it is; the one depending on the IV is bounded.
// CHECK-DAG: #[[$B:.*]] = affine_map<()[s0, s1, s2] -> (s0 + s1 - s2)>
// CHECK-LABEL: func.func @with_dim(
// CHECK-SAME: %[[LB:[^:]*]]: index, %[[UB:[^:]*]]: index, %{{[^:]*}}: index, %[[T:[^:]*]]: tensor<?x?xf32>
// CHECK: %[[D:.*]] = tensor.dim %[[T]], %c1
// CHECK: %[[BIG:.*]] = affine.apply #[[$B]]()[%[[D]], %[[UB]], %[[LB]]]
// CHECK: tensor.empty(%[[BIG]], %[[D]]) : tensor<?x?xf32>
func.func @with_dim(%lb: index, %ub: index, %step: index, %t: tensor<?x?xf32>) {
  scf.for %i = %lb to %ub step %step {
    %c1 = arith.constant 1 : index
    %d1 = tensor.dim %t, %c1 : tensor<?x?xf32>
    %s = affine.apply affine_map<(d0)[s0, s1] -> (s0 + s1 - d0)>(%i)[%d1, %ub]
    %empty = tensor.empty(%s, %d1) : tensor<?x?xf32>
    "dummy.use"(%empty) : (tensor<?x?xf32>) -> ()
  }
  return
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg1: !transform.any_op {transform.readonly}) {
    %0 = transform.structured.match ops{["tensor.empty"]} in %arg1 : (!transform.any_op) -> !transform.any_op
    %1 = transform.tensor.make_loop_independent %0 {num_loops = 1} : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// affine.min: its constant result bounds it; the empty tensor becomes static.
// CHECK-LABEL: func.func @min_size(
// CHECK: %[[M:.*]] = affine.min
// CHECK: %[[E:.*]] = tensor.empty() : tensor<4xf32>
// CHECK: tensor.extract_slice %[[E]][0] [%[[M]]] [1] : tensor<4xf32> to tensor<?xf32>
func.func @min_size(%lb: index, %ub: index, %step: index) {
  scf.for %i = %lb to %ub step %step {
    %s = affine.min affine_map<(d0)[s0] -> (s0 - d0, 4)>(%i)[%ub]
    %empty = tensor.empty(%s) : tensor<?xf32>
    "dummy.use"(%empty) : (tensor<?xf32>) -> ()
  }
  return
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg1: !transform.any_op {transform.readonly}) {
    %0 = transform.structured.match ops{["tensor.empty"]} in %arg1 : (!transform.any_op) -> !transform.any_op
    %1 = transform.tensor.make_loop_independent %0 {num_loops = 1} : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// Low and high padding both depend on the IV: the slice starts past the extra low padding.
// CHECK-DAG: #[[$LOW:.*]] = affine_map<()[s0, s1] -> (s0 - s1)>
// CHECK-DAG: #[[$HIGH:.*]] = affine_map<()[s0, s1] -> (-s0 + s1 - 1)>
// CHECK-DAG: #[[$OFF:.*]] = affine_map<(d0)[s0] -> (d0 - s0)>
// CHECK-LABEL: func.func @low_and_high(
// CHECK-SAME: %[[LB:[^:]*]]: index, %[[UB:[^:]*]]: index
// CHECK: scf.for %[[IV:[^ ]*]] =
// CHECK: %[[L:.*]] = affine.apply #[[$LOW]]()[%[[UB]], %[[LB]]]
// CHECK: %[[H:.*]] = affine.apply #[[$HIGH]]()[%[[LB]], %[[UB]]]
// CHECK: %[[P:.*]] = tensor.pad %{{.*}} low[%[[L]], 2] high[%[[H]], %{{.*}}]
// CHECK: %[[O:.*]] = affine.apply #[[$OFF]](%[[IV]])[%[[LB]]]
// CHECK: tensor.extract_slice %[[P]][%[[O]], 0]
func.func @low_and_high(%lb: index, %ub: index, %step: index, %t: tensor<?x8xf32>, %f: f32) {
  scf.for %i = %lb to %ub step %step {
    %a = affine.apply affine_map<(d0)[s0] -> (s0 - d0)>(%i)[%ub]
    %b = affine.apply affine_map<(d0)[s0] -> (d0 - s0)>(%i)[%lb]
    %p = tensor.pad %t low[%a, 2] high[%b, %a] {
    ^bb0(%arg1: index, %arg2: index):
      tensor.yield %f : f32
    } : tensor<?x8xf32> to tensor<?x?xf32>
    "dummy.use"(%p) : (tensor<?x?xf32>) -> ()
  }
  return
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg1: !transform.any_op {transform.readonly}) {
    %0 = transform.structured.match ops{["tensor.pad"]} in %arg1 : (!transform.any_op) -> !transform.any_op
    %1 = transform.tensor.make_loop_independent %0 {num_loops = 1} : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

func.func @square(%lb: index, %ub: index, %step: index) {
  scf.for %i = %lb to %ub step %step {
    %s = arith.muli %i, %i : index
    // expected-note @below {{target op}}
    %empty = tensor.empty(%s) : tensor<?xf32>
    "dummy.use"(%empty) : (tensor<?xf32>) -> ()
  }
  return
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg1: !transform.any_op {transform.readonly}) {
    %0 = transform.structured.match ops{["tensor.empty"]} in %arg1 : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{could not make target op loop-independent}}
    %1 = transform.tensor.make_loop_independent %0 {num_loops = 1} : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

func.func @generate(%lb: index, %ub: index, %step: index) {
  scf.for %i = %lb to %ub step %step {
    // expected-note @below {{target op}}
    %g = tensor.generate %i {
    ^bb0(%j: index):
      %c = arith.constant 0.0 : f32
      tensor.yield %c : f32
    } : tensor<?xf32>
    "dummy.use"(%g) : (tensor<?xf32>) -> ()
  }
  return
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg1: !transform.any_op {transform.readonly}) {
    %0 = transform.structured.match ops{["tensor.generate"]} in %arg1 : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{unsupported target op}}
    %1 = transform.tensor.make_loop_independent %0 {num_loops = 1} : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

func.func @padding_from_body(%lb: index, %ub: index, %step: index, %t: tensor<?xf32>) {
  scf.for %i = %lb to %ub step %step {
    %h = affine.apply affine_map<(d0)[s0] -> (s0 - d0)>(%i)[%ub]
    // expected-note @below {{target op}}
    %p = tensor.pad %t low[0] high[%h] {
    ^bb0(%arg1: index):
      %x = arith.index_cast %arg1 : index to i32
      %f = arith.sitofp %x : i32 to f32
      tensor.yield %f : f32
    } : tensor<?xf32> to tensor<?xf32>
    "dummy.use"(%p) : (tensor<?xf32>) -> ()
  }
  return
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg1: !transform.any_op {transform.readonly}) {
    %0 = transform.structured.match ops{["tensor.pad"]} in %arg1 : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{could not make target op loop-independent}}
    %1 = transform.tensor.make_loop_independent %0 {num_loops = 1} : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}
