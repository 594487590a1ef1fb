// RUN: pyopt %s --arith-int-narrowing=int-bitwidths-supported=8,16,32 | filecheck %s
// RUN: pyopt %s --arith-int-narrowing='int-bitwidths-supported=32,16' | filecheck %s --check-prefix=WIDE
// RUN: not pyopt %s --arith-int-narrowing 2>&1 | filecheck %s --allow-empty --check-prefix=NOWIDTHS
// RUN: not pyopt %s --arith-int-narrowing=int-bitwidths-supported=0 --mlir-print-ir-after-failure 2>&1 | filecheck %s --check-prefix=ZERO

// Without usable widths the pass fails without a message.
// NOWIDTHS-NOT: {{.}}
// ZERO: IR Dump After ArithIntNarrowing Failed (arith-int-narrowing)

// Products of two 8-bit values fit in 16 bits.
// CHECK-LABEL: func.func @mul_i8
// CHECK:         %[[A:.*]] = arith.trunci %{{.*}} : i64 to i16
// CHECK-NEXT:    %[[B:.*]] = arith.trunci %{{.*}} : i64 to i16
// CHECK-NEXT:    %[[M:.*]] = arith.muli %[[A]], %[[B]] : i16
// CHECK-NEXT:    %[[E:.*]] = arith.extui %[[M]] : i16 to i64
// CHECK-NEXT:    return %[[E]] : i64
// WIDE-LABEL:  func.func @mul_i8
// WIDE:          arith.muli %{{.*}}, %{{.*}} : i16
func.func @mul_i8(%a: i8, %b: i8) -> i64 {
  %x = arith.extui %a : i8 to i64
  %y = arith.extui %b : i8 to i64
  %r = arith.muli %x, %y : i64
  return %r : i64
}

// Unsigned subtraction may wrap: left alone.
// CHECK-LABEL: func.func @sub_unsigned_stays
// CHECK:         arith.subi %{{.*}}, %{{.*}} : i32
func.func @sub_unsigned_stays(%a: i8, %b: i8) -> i32 {
  %x = arith.extui %a : i8 to i32
  %y = arith.extui %b : i8 to i32
  %r = arith.subi %x, %y : i32
  return %r : i32
}

// A constant operand only needs its own significant bits.
// CHECK-LABEL: func.func @max_with_constant
// CHECK-NEXT:    %[[C:.*]] = arith.constant -300 : i16
// CHECK-NEXT:    %[[M:.*]] = arith.maxsi %arg0, %[[C]] : i16
// CHECK-NEXT:    %[[E:.*]] = arith.extsi %[[M]] : i16 to i64
func.func @max_with_constant(%a: i16) -> i64 {
  %x = arith.extsi %a : i16 to i64
  %c = arith.constant -300 : i64
  %r = arith.maxsi %x, %c : i64
  return %r : i64
}

// CHECK-LABEL: func.func @to_float
// CHECK:         %[[F:.*]] = arith.uitofp %arg0 : i8 to f32
// CHECK-NEXT:    return %[[F]]
// WIDE-LABEL:  func.func @to_float
// WIDE:          %[[T:.*]] = arith.trunci %{{.*}} : i32 to i16
// WIDE-NEXT:     arith.uitofp %[[T]] : i16 to f32
func.func @to_float(%a: i8) -> f32 {
  %x = arith.extui %a : i8 to i32
  %f = arith.uitofp %x : i32 to f32
  return %f : f32
}

// CHECK-LABEL: func.func @index_cast_const
// CHECK-NEXT:    %[[C:.*]] = arith.constant 42 : i64
// CHECK-NEXT:    return %[[C]]
func.func @index_cast_const() -> i64 {
  %c = arith.constant 42 : index
  %r = arith.index_cast %c : index to i64
  return %r : i64
}

// The extension moves after the transpose.
// CHECK-LABEL: func.func @ext_past_vector_ops
// CHECK-NEXT:    %[[T:.*]] = vector.transpose %arg0, [1, 0] : vector<2x4xi8> to vector<4x2xi8>
// CHECK-NEXT:    %[[E:.*]] = arith.extsi %[[T]] : vector<4x2xi8> to vector<4x2xi32>
// CHECK-NEXT:    return %[[E]]
func.func @ext_past_vector_ops(%v: vector<2x4xi8>) -> vector<4x2xi32> {
  %e = arith.extsi %v : vector<2x4xi8> to vector<2x4xi32>
  %t = vector.transpose %e, [1, 0] : vector<2x4xi32> to vector<4x2xi32>
  return %t : vector<4x2xi32>
}

// CHECK-LABEL: func.func @insert_narrow
// CHECK:         %[[I:.*]] = vector.insert %{{.*}}, %{{.*}} [1] : i8 into vector<4xi8>
// CHECK-NEXT:    arith.extui %[[I]] : vector<4xi8> to vector<4xi32>
// WIDE-LABEL:  func.func @insert_narrow
// WIDE:          vector.insert %{{.*}}, %{{.*}} [1] : i16 into vector<4xi16>
func.func @insert_narrow(%a: i8, %v: vector<4xi8>) -> vector<4xi32> {
  %x = arith.extui %a : i8 to i32
  %w = arith.extui %v : vector<4xi8> to vector<4xi32>
  %r = vector.insert %x, %w [1] : i32 into vector<4xi32>
  return %r : vector<4xi32>
}

// An induction variable with constant bounds casts through a narrow integer.
// CHECK-LABEL: func.func @iv_cast
// CHECK:         %[[N:.*]] = arith.index_castui %{{.*}} : index to i8
// CHECK-NEXT:    arith.extui %[[N]] : i8 to i64
func.func @iv_cast(%m: memref<100xi64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c100 = arith.constant 100 : index
  scf.for %i = %c0 to %c100 step %c1 {
    %x = arith.index_castui %i : index to i64
    memref.store %x, %m[%i] : memref<100xi64>
  }
  return
}

// Bounds through additions, products with constants and affine.apply of the induction
// variable decide the cast width.
// CHECK-LABEL: func.func @derived_bounds
// CHECK:         arith.index_castui %{{.*}} : index to i8
// CHECK:         arith.index_cast %{{.*}} : index to i16
// CHECK:         arith.index_cast %{{.*}} : index to i16
func.func @derived_bounds(%m: memref<300xi64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c5 = arith.constant 5 : index
  %c100 = arith.constant 100 : index
  scf.for %i = %c0 to %c100 step %c1 {
    %j = arith.addi %i, %c5 : index
    %k = arith.muli %j, %c5 : index
    %x = arith.index_castui %j : index to i64
    %y = arith.index_cast %k : index to i64
    %a = affine.apply affine_map<(d0) -> (d0 * 3 + 1)>(%i)
    %z = arith.index_cast %a : index to i64
    memref.store %x, %m[%i] : memref<300xi64>
    memref.store %y, %m[%i] : memref<300xi64>
    memref.store %z, %m[%i] : memref<300xi64>
  }
  return
}
