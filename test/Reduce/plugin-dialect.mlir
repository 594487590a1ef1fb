// pyreduce loads dialect plugins as pyopt does: a program in examples/poly's dialect whose
// lowering fails (a float coefficient) is reduced to the op the lowering rejects; replaced
// poly values become ub.poison, valid for any type.
// RUN: pyreduce --load-dialect-plugin=%S/../../examples/poly/poly.py %s '--reduction-tree=test=%S/Inputs/poly-lowering-fails.sh test-arg=%S/../../examples/poly/poly.py' 2>/dev/null | filecheck %s

// CHECK:      module {
// CHECK-NEXT:   func.func @scale() {
// CHECK-NEXT:     poly.constant dense<1.500000e+00> : tensor<1xf32> : !poly.poly<4>
// CHECK-NEXT:     return
// CHECK-NEXT:   }
// CHECK-NEXT: }

func.func @sum(%a: !poly.poly<4>, %b: !poly.poly<4>) -> !poly.poly<4> {
  %c = poly.constant dense<[1, 2]> : tensor<2xi32> : !poly.poly<4>
  %0 = poly.add %a, %b : !poly.poly<4>
  %1 = poly.sub %0, %c : !poly.poly<4>
  return %1 : !poly.poly<4>
}

func.func @scale(%a: !poly.poly<4>) -> !poly.poly<4> {
  %f = poly.constant dense<1.5> : tensor<1xf32> : !poly.poly<4>
  %0 = poly.add %a, %f : !poly.poly<4>
  %1 = func.call @sum(%0, %a) : (!poly.poly<4>, !poly.poly<4>) -> !poly.poly<4>
  return %1 : !poly.poly<4>
}
