// RUN: not pyopt --load-dialect-plugin=%S/../../../examples/poly/poly.py %s --poly-to-standard 2>&1 | filecheck %s

// A float constant has no lowering: poly is illegal, so the partial conversion fails (and the
// diagnostic names the op).
// CHECK: error: failed to legalize operation 'poly.constant' that was explicitly marked illegal
func.func @f() -> !poly.poly<2> {
  %c = poly.constant dense<[1.0, 2.0]> : tensor<2xf32> : !poly.poly<2>
  return %c : !poly.poly<2>
}
