// RUN: pyopt %s --int-range-optimizations | filecheck %s

// A product of small values is small on both 32- and 64-bit targets.
// CHECK-LABEL: func.func @small_product
// CHECK-NEXT:    %[[T:.*]] = index.bool.constant true
// CHECK-NEXT:    return %[[T]] : i1
func.func @small_product(%a: index, %b: index) -> i1 {
  %c100 = index.constant 100
  %limit = index.constant 10001
  %x = index.minu %a, %c100
  %y = index.minu %b, %c100
  %p = index.mul %x, %y
  %r = index.cmp ult(%p, %limit)
  return %r : i1
}

// Shifting past bit 31 is only known on 64-bit targets: the comparison stays.
// CHECK-LABEL: func.func @shift_past_32
// CHECK:         %[[R:.*]] = index.cmp ne
// CHECK-NEXT:    return %[[R]] : i1
func.func @shift_past_32(%a: index) -> i1 {
  %c1 = index.constant 1
  %c0 = index.constant 0
  %c32 = index.constant 32
  %s = index.shl %c1, %c32
  %r = index.cmp ne(%s, %c0)
  return %r : i1
}

// Casting an i8 to index and back keeps the value's range.
// CHECK-LABEL: func.func @cast_round_trip
// CHECK-NEXT:    %[[T:.*]] = index.bool.constant true
// CHECK-NEXT:    return %[[T]] : i1
func.func @cast_round_trip(%a: i8) -> i1 {
  %i = index.casts %a : i8 to index
  %lo = index.constant -128
  %r = index.cmp sge(%i, %lo)
  return %r : i1
}

// A constant result is materialized by the index dialect.
// CHECK-LABEL: func.func @folded_div
// CHECK-NEXT:    %[[C:.*]] = index.constant 1
// CHECK-NEXT:    return %[[C]] : index
func.func @folded_div(%a: index) -> index {
  %c4 = index.constant 4
  %c1 = index.constant 1
  %x = index.and %a, %c1
  %y = index.add %x, %c4
  %q = index.divu %y, %c4
  return %q : index
}

// sizeof is 32 or 64.
// CHECK-LABEL: func.func @sizeof
// CHECK-NEXT:    %[[T:.*]] = index.bool.constant true
// CHECK-NEXT:    return %[[T]] : i1
func.func @sizeof() -> i1 {
  %s = index.sizeof
  %c31 = index.constant 31
  %r = index.cmp ugt(%s, %c31)
  return %r : i1
}
