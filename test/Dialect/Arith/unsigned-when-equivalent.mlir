// RUN: pyopt %s -arith-unsigned-when-equivalent | filecheck %s

// Masking to the low byte makes %low non-negative, so the signed ops on it (and a signed
// comparison) become unsigned; the division of the unbounded %x and eq stay.

func.func @bounded(%x: i16, %y: i32) -> (i16, i16, i64, i1, i1, i16) {
  %mask = arith.constant 255 : i16
  %three = arith.constant 3 : i16
  %low = arith.andi %x, %mask : i16
  %q = arith.divsi %low, %three : i16
  %r = arith.remsi %low, %three : i16
  %w = arith.extsi %low : i16 to i64
  %lt = arith.cmpi slt, %low, %three : i16
  %eq = arith.cmpi eq, %low, %three : i16
  %any = arith.divsi %x, %three : i16
  return %q, %r, %w, %lt, %eq, %any : i16, i16, i64, i1, i1, i16
}

// CHECK:      %[[LOW:.*]] = arith.andi
// CHECK-NEXT: arith.divui %[[LOW]], %{{.*}} : i16
// CHECK-NEXT: arith.remui %[[LOW]], %{{.*}} : i16
// CHECK-NEXT: arith.extui %[[LOW]] : i16 to i64
// CHECK-NEXT: arith.cmpi ult, %[[LOW]]
// CHECK-NEXT: arith.cmpi eq, %[[LOW]]
// CHECK-NEXT: arith.divsi %arg0
