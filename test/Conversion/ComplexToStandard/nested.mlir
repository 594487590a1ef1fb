// RUN: pyopt %s --convert-complex-to-standard | filecheck %s
// RUN: pyopt %s --pass-pipeline="builtin.module(func.func(convert-complex-to-standard))" | filecheck %s

// atan2 is expressed with complex mul/add/sqrt/div/log, which the pass lowers in turn: only
// create/re/im are left, and the last op is the multiplication by -i.
// CHECK-LABEL: func.func @atan2
// CHECK-NOT: complex.{{(mul|add|sqrt|div|log|abs|atan2)}}
// CHECK: %[[MINUS_ONE:.*]] = arith.constant -1.000000e+00 : f32
// CHECK-NEXT: %[[NEG_I:.*]] = complex.create %{{.*}}, %[[MINUS_ONE]] : complex<f32>
// CHECK-NEXT: complex.re %[[NEG_I]]
// CHECK-NOT: complex.{{(mul|add|sqrt|div|log|abs|atan2)}}
// CHECK: %[[RES:.*]] = complex.create
// CHECK-NEXT: return %[[RES]] : complex<f32>
func.func @atan2(%x: complex<f32>, %y: complex<f32>) -> complex<f32> {
  %r = complex.atan2 %x, %y : complex<f32>
  return %r : complex<f32>
}

// Ops inside nested regions are lowered in place.
// CHECK-LABEL: func.func @in_a_loop
// CHECK: scf.for {{.*}} iter_args(%[[ACC:.*]] = %{{.*}}) -> (complex<f64>)
// CHECK-NEXT: %[[A:.*]] = complex.re %[[ACC]] : complex<f64>
// CHECK-NEXT: %[[B:.*]] = complex.re %[[ACC]] : complex<f64>
// CHECK-NEXT: %[[S:.*]] = arith.addf %[[A]], %[[B]] : f64
// CHECK: %[[R:.*]] = complex.create %[[S]], %{{.*}} : complex<f64>
// CHECK-NEXT: scf.yield %[[R]] : complex<f64>
func.func @in_a_loop(%x: complex<f64>, %n: index) -> complex<f64> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %x) -> (complex<f64>) {
    %d = complex.add %acc, %acc : complex<f64>
    scf.yield %d : complex<f64>
  }
  return %r : complex<f64>
}
