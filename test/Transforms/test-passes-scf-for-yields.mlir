// RUN: pyopt %s -test-scf-for-utils=test-replace-with-new-yields | filecheck %s

// Inner loop first: it gets a second copy of its init; then the outer loop gets copies of
// both inits, and the uses of %a inside it now read the new iter_arg.
// CHECK: %[[O:.*]]:4 = scf.for %{{.*}} iter_args(%[[X:.*]] = %arg1, %[[Y:.*]] = %arg2, %[[XA:.*]] = %arg1, %{{.*}} = %arg2)
// CHECK: %[[S:.*]] = arith.mulf %[[X]], %[[Y]]
// CHECK: %[[I:.*]]:2 = scf.for {{.*}} iter_args(%[[Z:.*]] = %[[S]], %{{.*}} = %[[S]])
// CHECK: %[[T:.*]] = arith.subf %[[Z]], %[[XA]]
// CHECK: %[[T2:.*]] = arith.addf %[[T]], %[[T]]
// CHECK: scf.yield %[[T]], %[[T2]]
// CHECK: return %[[O]]#0, %[[O]]#1
func.func @nested(%n: index, %a: f32, %b: f32) -> (f32, f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%x = %a, %y = %b) -> (f32, f32) {
    %s = arith.mulf %x, %y : f32
    %in = scf.for %j = %c0 to %n step %c1 iter_args(%z = %s) -> (f32) {
      %t = arith.subf %z, %a : f32
      scf.yield %t : f32
    }
    scf.yield %in, %s : f32, f32
  }
  return %r#0, %r#1 : f32, f32
}
