// RUN: pyopt %s --transform-interpreter --split-input-file --verify-diagnostics | filecheck %s

// transform.structured.hoist_pad: the pad of a tiled operand is computed before the loops
// into a packed tensor indexed by the iteration numbers of the loops that index it, and
// replaced inside the loops by a slice of that tensor (optionally transposed, or carried
// through the inner loop's iter_args when it pads an init). Expected output from mlir-opt-19.

// CHECK-LABEL: {{\[\[\[}} IR printer: hoisted ]]]
// CHECK-NEXT:  tensor.pad %{{.*}} low[0, 0] high[%{{.*}}, %{{.*}}] {
// CHECK:       } : tensor<?x?xf32> to tensor<5x7xf32>
// CHECK:       #[[COUNT:.*]] = affine_map<(d0, d1)[s0] -> ((d0 - d1) ceildiv s0)>
// CHECK-LABEL: func.func @lhs
// CHECK:       %[[E:.*]] = tensor.empty(%{{.*}}, %{{.*}}) : tensor<?x?x5x7xf32>
// CHECK:       %[[PACKED:.*]] = scf.for %[[I:.*]] = {{.*}} iter_args(%[[A:.*]] = %[[E]]) -> (tensor<?x?x5x7xf32>) {
// CHECK:         %[[II:.*]] = affine.apply #[[COUNT]](%[[I]], %{{.*}})[%{{.*}}]
// CHECK:         scf.for %[[J:.*]] = {{.*}} iter_args(%[[B:.*]] = %[[A]]) -> (tensor<?x?x5x7xf32>) {
// CHECK:           %[[JJ:.*]] = affine.apply #[[COUNT]](%[[J]], %{{.*}})[%{{.*}}]
// CHECK:           %[[P:.*]] = tensor.pad
// CHECK:           tensor.insert_slice %[[P]] into %[[B]][%[[II]], %[[JJ]], 0, 0] [1, 1, 5, 7] [1, 1, 1, 1] : tensor<5x7xf32> into tensor<?x?x5x7xf32>
// The rhs, hoisted above one loop and transposed:
// CHECK:         %[[E2:.*]] = tensor.empty(%{{.*}}) : tensor<?x25x7xf32>
// CHECK:         scf.for {{.*}} iter_args(%[[C:.*]] = %[[E2]]) -> (tensor<?x25x7xf32>) {
// CHECK:           %[[PR:.*]] = tensor.pad
// CHECK:           } : tensor<?x25xf32> to tensor<7x25xf32>
// CHECK:           %[[OUT:.*]] = tensor.extract_slice %[[C]][%{{.*}}, 0, 0] [1, 25, 7] [1, 1, 1] : tensor<?x25x7xf32> to tensor<25x7xf32>
// CHECK:           %[[T:.*]] = linalg.generic {{.*}} ins(%[[PR]] : tensor<7x25xf32>) outs(%[[OUT]] : tensor<25x7xf32>)
// CHECK:           tensor.insert_slice %[[T]] into %[[C]]
// In the original loops, slices of the packed tensors (the rhs transposed back):
// CHECK:         tensor.extract_slice %[[PACKED]][%{{.*}}, %{{.*}}, 0, 0] [1, 1, 5, 7] [1, 1, 1, 1] : tensor<?x?x5x7xf32> to tensor<5x7xf32>
// CHECK:         %[[RT:.*]] = tensor.extract_slice %{{.*}} [1, 25, 7] [1, 1, 1] : tensor<?x25x7xf32> to tensor<25x7xf32>
// CHECK:         %[[BACK:.*]] = tensor.empty() : tensor<7x25xf32>
// CHECK:         linalg.generic {{.*}} ins(%[[RT]] : tensor<25x7xf32>) outs(%[[BACK]] : tensor<7x25xf32>)
// CHECK:         linalg.matmul
func.func @lhs(%arg0: tensor<24x12xf32>, %arg1: tensor<12x25xf32>, %arg2: tensor<24x25xf32>) -> tensor<24x25xf32> {
  %0 = linalg.matmul ins(%arg0, %arg1 : tensor<24x12xf32>, tensor<12x25xf32>) outs(%arg2 : tensor<24x25xf32>) -> tensor<24x25xf32>
  func.return %0 : tensor<24x25xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg1: !transform.any_op {transform.readonly}) {
    %matmul = transform.structured.match ops{["linalg.matmul"]} in %arg1 : (!transform.any_op) -> !transform.any_op
    %m, %loops:2 = transform.structured.tile_using_for %matmul tile_sizes [5, 0, 7] : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %p, %pad, %cb = transform.structured.pad %m {padding_values=[0.0: f32, 0.0 : f32, 0.0 : f32], padding_dimensions=[0, 1, 2]} : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %lhs = transform.get_producer_of_operand %p[0] : (!transform.any_op) -> !transform.any_op
    %h = transform.structured.hoist_pad %lhs by 2 loops : (!transform.any_op) -> !transform.any_op
    transform.print %h {name = "hoisted"} : !transform.any_op
    %rhs = transform.get_producer_of_operand %p[1] : (!transform.any_op) -> !transform.any_op
    %h2 = transform.structured.hoist_pad %rhs by 1 loops, transpose by [1, 0] : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// CHECK-LABEL: func.func @init
// CHECK:       %[[S:.*]] = tensor.extract_slice %[[ACC:.*]][%{{.*}}, 0] [%[[N:.*]], 25] [1, 1] : tensor<24x25xf32> to tensor<?x25xf32>
// CHECK:       %[[P:.*]] = tensor.pad %[[S]]
// CHECK:       %[[R:.*]]:4 = scf.for {{.*}} iter_args(%{{.*}} = %[[ACC]], %{{.*}} = %[[S]], %[[X:.*]] = %[[ACC]], %[[Y:.*]] = %[[P]]) -> (tensor<24x25xf32>, tensor<?x25xf32>, tensor<24x25xf32>, tensor<5x25xf32>) {
// CHECK:         %[[MM:.*]] = linalg.matmul {{.*}} outs(%[[Y]] : tensor<5x25xf32>)
// CHECK:         scf.yield %{{.*}}, %{{.*}}, %{{.*}}, %[[MM]]
// CHECK:       tensor.extract_slice %[[R]]#3[%{{.*}}, 0] [%[[N]], 25] [1, 1] : tensor<5x25xf32> to tensor<?x25xf32>
func.func @init(%arg0: tensor<24x12xf32>, %arg1: tensor<12x25xf32>, %arg2: tensor<24x25xf32>) -> tensor<24x25xf32> {
  %0 = linalg.matmul ins(%arg0, %arg1 : tensor<24x12xf32>, tensor<12x25xf32>) outs(%arg2 : tensor<24x25xf32>) -> tensor<24x25xf32>
  func.return %0 : tensor<24x25xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg1: !transform.any_op {transform.readonly}) {
    %matmul = transform.structured.match ops{["linalg.matmul"]} in %arg1 : (!transform.any_op) -> !transform.any_op
    %m, %loops:2 = transform.structured.tile_using_for %matmul tile_sizes [5, 0, 7] : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %p, %pad, %cb = transform.structured.pad %m {padding_values=[0.0: f32, 0.0 : f32, 0.0 : f32], padding_dimensions=[0, 1, 2], copy_back_op = "none"} : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %init = transform.get_producer_of_operand %p[2] : (!transform.any_op) -> !transform.any_op
    transform.apply_licm to %loops#1 : !transform.any_op
    %h = transform.structured.hoist_pad %init by 1 loops : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// The pad of the rhs does not depend on the tiled loop: nothing to pack (the pad itself is
// the result); an init cannot be packed through the loop carrying it.
// CHECK-LABEL: {{\[\[\[}} IR printer: rhs ]]]
// CHECK-NEXT:  tensor.pad
// CHECK-SAME:  low[0, 0] high[0, 0]
func.func @rhs(%arg0: tensor<24x12xf32>, %arg1: tensor<12x25xf32>, %arg2: tensor<24x25xf32>) -> tensor<24x25xf32> {
  %0 = linalg.matmul ins(%arg0, %arg1 : tensor<24x12xf32>, tensor<12x25xf32>) outs(%arg2 : tensor<24x25xf32>) -> tensor<24x25xf32>
  func.return %0 : tensor<24x25xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg1: !transform.any_op {transform.readonly}) {
    %matmul = transform.structured.match ops{["linalg.matmul"]} in %arg1 : (!transform.any_op) -> !transform.any_op
    %m, %loop = transform.structured.tile_using_for %matmul tile_sizes [5] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %p, %pad, %cb = transform.structured.pad %m {padding_values=[0.0: f32, 0.0 : f32, 0.0 : f32], padding_dimensions=[0, 1, 2], pack_paddings=[1, 1, 1]} : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %rhs = transform.get_producer_of_operand %p[1] : (!transform.any_op) -> !transform.any_op
    %r = transform.structured.hoist_pad.build_packing_loop_nest %rhs above %loop : (!transform.any_op, !transform.any_op) -> !transform.any_op
    transform.print %r {name = "rhs"} : !transform.any_op
    %init = transform.get_producer_of_operand %p[2] : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{could not build packing loop nest}}
    %i = transform.structured.hoist_pad.build_packing_loop_nest %init above %loop : (!transform.any_op, !transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

func.func @not_in_loop(%t: tensor<3xf32>, %v: f32) -> tensor<4xf32> {
  // expected-note @below {{when applied to this op}}
  %0 = tensor.pad %t low[0] high[1] {
  ^bb0(%i: index):
    tensor.yield %v : f32
  } : tensor<3xf32> to tensor<4xf32>
  return %0 : tensor<4xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg1: !transform.any_op {transform.readonly}) {
    %pad = transform.structured.match ops{["tensor.pad"]} in %arg1 : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{transform.structured.hoist_pad failed to apply}}
    %h = transform.structured.hoist_pad %pad by 1 loops : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}
