// RUN: pyopt %s -test-side-effects -verify-diagnostics -o /dev/null
// Declared memory effects, as the effects query sees them.

func.func @effects(%i: index) {
  // expected-remark@+1 {{operation has no memory effects}}
  %c = arith.constant 1 : index
  // expected-remark@+2 {{found an instance of 'write' on resource '<Default>'}}
  // expected-remark@+1 {{found an instance of 'read' on a symbol '@g', on resource '<Test>'}}
  %0 = "test.side_effect_op"() {effects = [{effect = "write"}, {effect = "read", on_reference = @g, test_resource}]} : () -> i8
  // expected-remark@+1 {{found an instance of 'free' on a op operand, on resource '<Default>'}}
  %1 = test.side_effect_with_region_op (%i) {
  ^bb0(%a: index):
    test.region_yield %a : index
  } {effects = [{effect = "free", on_operand}]} : index -> index
  // expected-remark@+2 {{operation has no memory effects}}
  // expected-remark@+1 {{found a parametric effect with affine_map<(d0) -> (d0 + 1)>}}
  %2 = "test.side_effect_op"() {effect_parameter = affine_map<(d0) -> (d0 + 1)>} : () -> i8
  return
}
