// RUN: pyopt %s -split-input-file -verify-diagnostics -allow-unregistered-dialect

func.func @wrong_value() {
  // expected-error@+1 {{'ub.poison' op attribute 'value' failed to satisfy constraint: PoisonAttrInterface instance}}
  %0 = "ub.poison"() {value = 1 : i32} : () -> i64
  return
}

// -----

func.func @not_poison() {
  // expected-error@+1 {{custom op 'ub.poison' invalid kind of attribute specified}}
  %0 = ub.poison <1> : i32
  return
}

// -----

func.func @unknown_attr() {
  // expected-error@+1 {{unknown attribute `foo` in dialect `ub`}}
  "test.op"() {a = #ub.foo} : () -> ()
  return
}
