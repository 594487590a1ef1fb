// (3 + 5x^2 + 7x^3) + (1 + 4x + 2x^2 - x^3) - (1 + 2x), computed on !poly.poly<4> values and
// printed as its coefficients. See the README section "The poly example, end to end".
func.func private @printMemrefI32(tensor<*xi32>)

func.func @poly_expr(%a: !poly.poly<4>, %b: !poly.poly<4>) -> !poly.poly<4> {
  %c = poly.constant dense<[1, 2]> : tensor<2xi32> : !poly.poly<4>
  %0 = poly.add %a, %b : !poly.poly<4>
  %1 = poly.sub %0, %c : !poly.poly<4>
  return %1 : !poly.poly<4>
}

func.func @main() {
  %ta = arith.constant dense<[3, 0, 5, 7]> : tensor<4xi32>
  %tb = arith.constant dense<[1, 4, 2, -1]> : tensor<4xi32>
  %a = poly.from_tensor %ta : tensor<4xi32> -> !poly.poly<4>
  %b = poly.from_tensor %tb : tensor<4xi32> -> !poly.poly<4>
  %p = call @poly_expr(%a, %b) : (!poly.poly<4>, !poly.poly<4>) -> !poly.poly<4>
  %t = poly.to_tensor %p : !poly.poly<4> -> tensor<4xi32>
  %u = tensor.cast %t : tensor<4xi32> to tensor<*xi32>
  call @printMemrefI32(%u) : (tensor<*xi32>) -> ()
  return
}
