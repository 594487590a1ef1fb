// RUN: pyopt %s -test-linalg-transform-patterns=test-erase-unused-operands-and-results | filecheck %s
// RUN: pyopt %s -test-linalg-transform-patterns=test-erase-unnecessary-inputs | filecheck %s --check-prefix=INPUTS

// Erasing operands and results: the duplicated input, the input the payload never reads,
// the unused results (the one whose init feeds another result stays until that result dies)
// and the result computed like another go; only the returned result is left.
// Erasing unnecessary inputs only: the inputs go, the payload reads the init instead of the
// input it duplicates, and every result stays.
// CHECK-LABEL: func.func @dead_and_duplicate(
// CHECK-SAME:    %[[A:[a-zA-Z0-9_]+]]: tensor<4x8xf32>, %[[B:[a-zA-Z0-9_]+]]: tensor<4x8xf32>, %{{.+}}: tensor<4xf32>)
// CHECK:         %[[R:.+]] = linalg.generic
// CHECK-SAME:      ins(%[[A]] : tensor<4x8xf32>) outs(%[[B]] : tensor<4x8xf32>)
// CHECK-NEXT:    ^bb0(%[[X:[a-zA-Z0-9_]+]]: f32, %{{.+}}: f32):
// CHECK-NEXT:      %[[S:.+]] = arith.addf %[[X]], %[[X]] : f32
// CHECK-NEXT:      linalg.yield %[[S]] : f32
// CHECK:         return %[[R]] : tensor<4x8xf32>
// INPUTS-LABEL: func.func @dead_and_duplicate(
// INPUTS-SAME:    %[[A:[a-zA-Z0-9_]+]]: tensor<4x8xf32>, %[[B:[a-zA-Z0-9_]+]]: tensor<4x8xf32>, %{{.+}}: tensor<4xf32>)
// INPUTS:         %[[R:.+]]:3 = linalg.generic
// INPUTS-NOT:       ins(
// INPUTS-SAME:      outs(%[[B]], %[[B]], %[[A]] : tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>)
// INPUTS-NEXT:    ^bb0(%{{.+}}: f32, %{{.+}}: f32, %[[O:[a-zA-Z0-9_]+]]: f32):
// INPUTS-NEXT:      %[[S:.+]] = arith.addf %[[O]], %[[O]] : f32
// INPUTS-NEXT:      %[[T:.+]] = arith.mulf %[[O]], %[[O]] : f32
// INPUTS-NEXT:      linalg.yield %[[S]], %[[S]], %[[T]] : f32, f32, f32
// INPUTS:         return %[[R]]#1
#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
func.func @dead_and_duplicate(%a: tensor<4x8xf32>, %b: tensor<4x8xf32>, %c: tensor<4xf32>) -> tensor<4x8xf32> {
  %0:3 = linalg.generic {indexing_maps = [#id, #id, #row, #id, #id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%a, %a, %c : tensor<4x8xf32>, tensor<4x8xf32>, tensor<4xf32>) outs(%b, %b, %a : tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>) {
    ^bb0(%x: f32, %y: f32, %z: f32, %o0: f32, %o1: f32, %o2: f32):
      %s = arith.addf %x, %y : f32
      %t = arith.mulf %o2, %x : f32
      linalg.yield %s, %s, %t : f32, f32, f32
  } -> (tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>)
  return %0#1 : tensor<4x8xf32>
}

// An unused result whose payload only updates its own init is bypassed, then erased.
// CHECK-LABEL: func.func @unused_cycle(
// CHECK-SAME:    %[[A:[a-zA-Z0-9_]+]]: tensor<8xf32>, %[[B:[a-zA-Z0-9_]+]]: tensor<8xf32>)
// CHECK:         %[[R:.+]] = linalg.generic
// CHECK-SAME:      ins(%[[A]] : tensor<8xf32>) outs(%[[B]] : tensor<8xf32>)
// CHECK-NEXT:    ^bb0(%[[X:[a-zA-Z0-9_]+]]: f32, %[[O:[a-zA-Z0-9_]+]]: f32):
// CHECK-NEXT:      %[[S:.+]] = arith.addf %[[X]], %[[O]] : f32
// CHECK-NEXT:      linalg.yield %[[S]] : f32
// CHECK:         return %[[R]] : tensor<8xf32>
// INPUTS-LABEL: func.func @unused_cycle(
// INPUTS:         %[[R:.+]]:2 = linalg.generic
// INPUTS:         return %[[R]]#0

func.func @unused_cycle(%a: tensor<8xf32>, %b: tensor<8xf32>) -> tensor<8xf32> {
  %0:2 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      ins(%a : tensor<8xf32>) outs(%b, %b : tensor<8xf32>, tensor<8xf32>) {
    ^bb0(%x: f32, %o0: f32, %o1: f32):
      %s = arith.addf %x, %o0 : f32
      %t = arith.addf %o1, %x : f32
      linalg.yield %s, %t : f32, f32
  } -> (tensor<8xf32>, tensor<8xf32>)
  return %0#0 : tensor<8xf32>
}
