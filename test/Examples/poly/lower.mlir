// RUN: pyopt --allow-unregistered-dialect --load-dialect-plugin=%S/../../../examples/poly/poly.py %s --poly-to-standard | filecheck %s
// RUN: pyopt --allow-unregistered-dialect --load-dialect-plugin=%S/../../../examples/poly/poly.py %s | pyopt --allow-unregistered-dialect --load-dialect-plugin=%S/../../../examples/poly/poly.py | filecheck %s --check-prefix=ROUND

// CHECK-LABEL: func.func @test_add(
// CHECK-SAME:    %[[A:.*]]: tensor<4xi32>, %[[B:.*]]: tensor<4xi32>) -> tensor<4xi32>
// CHECK:         %[[C:.*]] = arith.constant dense<[1, 2, 0, 0]> : tensor<4xi32>
// CHECK:         %[[S:.*]] = arith.addi %[[A]], %[[B]] : tensor<4xi32>
// CHECK:         %[[D:.*]] = arith.subi %[[S]], %[[C]] : tensor<4xi32>
// CHECK:         return %[[D]] : tensor<4xi32>
// CHECK-NOT:     poly.
// ROUND-LABEL: func.func @test_add(%arg0: !poly.poly<4>, %arg1: !poly.poly<4>) -> !poly.poly<4>
// ROUND:         poly.constant dense<[1, 2]> : tensor<2xi32> : !poly.poly<4>
// ROUND:         poly.add %arg0, %arg1 : !poly.poly<4>
func.func @test_add(%a: !poly.poly<4>, %b: !poly.poly<4>) -> !poly.poly<4> {
  %c = poly.constant dense<[1, 2]> : tensor<2xi32> : !poly.poly<4>
  %0 = poly.add %a, %b : !poly.poly<4>
  %1 = poly.sub %0, %c : !poly.poly<4>
  return %1 : !poly.poly<4>
}

// A user the conversion does not know keeps its poly operand: the source materialization
// rebuilds it from the tensor.
// CHECK-LABEL: func.func @partial(
// CHECK-SAME:    %[[T:.*]]: tensor<4xi32>) -> tensor<4xi32>
// CHECK:         %[[S:.*]] = arith.addi %[[T]], %[[T]] : tensor<4xi32>
// CHECK:         %[[P:.*]] = poly.from_tensor %[[S]] : tensor<4xi32> -> !poly.poly<4>
// CHECK:         "test.use"(%[[P]]) : (!poly.poly<4>) -> ()
// CHECK:         return %[[S]] : tensor<4xi32>
func.func @partial(%t: tensor<4xi32>) -> tensor<4xi32> {
  %p = poly.from_tensor %t : tensor<4xi32> -> !poly.poly<4>
  %q = poly.add %p, %p : !poly.poly<4>
  "test.use"(%q) : (!poly.poly<4>) -> ()
  %r = poly.to_tensor %q : !poly.poly<4> -> tensor<4xi32>
  return %r : tensor<4xi32>
}

// Calls are converted with their callee's signature.
// CHECK-LABEL: func.func @caller(
// CHECK-SAME:    %[[X:.*]]: tensor<4xi32>) -> tensor<4xi32>
// CHECK:         %[[R:.*]] = call @test_add(%[[X]], %[[X]]) : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
// CHECK:         return %[[R]] : tensor<4xi32>
func.func @caller(%x: !poly.poly<4>) -> !poly.poly<4> {
  %r = call @test_add(%x, %x) : (!poly.poly<4>, !poly.poly<4>) -> !poly.poly<4>
  return %r : !poly.poly<4>
}
