// RUN: pyopt %s -pass-pipeline="builtin.module(func.func(test-matchers))" -o /dev/null | filecheck %s
// Nested op/value patterns counted over each test function.

func.func @test1(%x: f32, %y: f32, %z: f32) {
  %0 = arith.mulf %x, %y : f32
  %1 = arith.addf %0, %z : f32
  %2 = arith.mulf %x, %1 : f32
  return
}
func.func @test2(%x: f32) -> f32 {
  %k = arith.constant 2.5 : f32
  %0 = arith.addf %x, %k : f32
  %1 = arith.mulf %x, %0 : f32
  return %1 : f32
}

// CHECK: test1
// CHECK-NEXT: Pattern add(*) matched 1 times
// CHECK-NEXT: Pattern mul(*) matched 2 times
// CHECK-NEXT: Pattern add(add(*), *) matched 0 times
// CHECK-NEXT: Pattern add(*, add(*)) matched 0 times
// CHECK-NEXT: Pattern mul(add(*), *) matched 0 times
// CHECK-NEXT: Pattern mul(*, add(*)) matched 1 times
// CHECK-NEXT: Pattern mul(mul(*), *) matched 0 times
// CHECK-NEXT: Pattern mul(mul(*), mul(*)) matched 0 times
// CHECK-NEXT: Pattern mul(mul(mul(*), mul(*)), mul(mul(*), mul(*))) matched 0 times
// CHECK-NEXT: Pattern mul(mul(mul(mul(*), add(*)), mul(*)), mul(mul(*, add(*)), mul(*, add(*)))) matched 0 times
// CHECK-NEXT: Pattern add(a, b) matched 0 times
// CHECK-NEXT: Pattern add(a, c) matched 0 times
// CHECK-NEXT: Pattern add(b, a) matched 0 times
// CHECK-NEXT: Pattern add(c, a) matched 0 times
// CHECK-NEXT: Pattern mul(a, add(c, b)) matched 0 times
// CHECK-NEXT: Pattern mul(a, add(b, c)) matched 0 times
// CHECK-NEXT: Pattern mul(mul(a, *), add(a, c)) matched 0 times
// CHECK-NEXT: Pattern mul(mul(a, *), add(c, b)) matched 0 times
// CHECK-NEXT: test2
// CHECK-NEXT: Pattern add(add(a, constant), a) matched and bound constant to: 2.500000e+00
// CHECK-NEXT: Pattern add(add(a, constant), a) matched
