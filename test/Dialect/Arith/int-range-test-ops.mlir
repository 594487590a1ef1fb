// RUN: pyopt %s -int-range-optimizations | filecheck %s

// The test dialect's range probes: with_bounds makes a value with a given range, increment
// adds one (saturating), reflect_bounds records the range the analysis found.

func.func @f(%a: index, %b: i8) -> (index, i8, i8) {
  %0 = test.with_bounds { umin = 0 : index, umax = 10 : index, smin = 0 : index, smax = 10 : index } : index
  %1 = test.reflect_bounds %a : index
  %2 = test.reflect_bounds %0 : index
  %3 = test.with_bounds { umin = 0 : i8, umax = 255 : i8, smin = -128 : i8, smax = 127 : i8 } : i8
  %4 = test.increment %3 : i8
  %5 = test.reflect_bounds %4 : i8
  %6 = arith.addi %2, %1 : index
  return %6, %5, %b : index, i8, i8
}

// CHECK-LABEL: func.func @f
// CHECK:       test.reflect_bounds {smax = 9223372036854775807 : index, smin = -9223372036854775808 : index, umax = -1 : index, umin = 0 : index} %arg0 : index
// CHECK:       test.reflect_bounds {smax = 10 : index, smin = 0 : index, umax = 10 : index, umin = 0 : index} %0 : index
// CHECK:       %[[INC:.*]] = test.increment %{{.*}} : i8
// CHECK-NEXT:  test.reflect_bounds {smax = 127 : si8, smin = -127 : si8, umax = 255 : ui8, umin = 1 : ui8} %[[INC]] : i8
