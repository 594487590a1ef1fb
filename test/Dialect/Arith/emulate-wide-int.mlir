// RUN: pyopt %s --arith-emulate-wide-int | filecheck %s
// RUN: pyopt %s --arith-emulate-wide-int=widest-int-supported=64 | filecheck %s --check-prefix=W64

// Default width 32: i64 values travel as vector<2xi32> (low half first).

// CHECK-LABEL: func.func @narrow_untouched(%arg0: i32, %arg1: index) -> (i32, index) {
// CHECK-NEXT:  %0 = arith.addi %arg0, %arg0 : i32
// CHECK-NEXT:  return %0, %arg1 : i32, index
// CHECK-LABEL: func.func @add_pair(%arg0: vector<2xi32>, %arg1: vector<2xi32>) -> vector<2xi32> {
// CHECK-NEXT:  %0 = vector.extract %arg0[0] : i32 from vector<2xi32>
// CHECK-NEXT:  %1 = vector.extract %arg0[1] : i32 from vector<2xi32>
// CHECK-NEXT:  %2 = vector.extract %arg1[0] : i32 from vector<2xi32>
// CHECK-NEXT:  %3 = vector.extract %arg1[1] : i32 from vector<2xi32>
// CHECK-NEXT:  %sum, %overflow = arith.addui_extended %0, %2 : i32, i1
// CHECK-NEXT:  %4 = arith.extui %overflow : i1 to i32
// CHECK-NEXT:  %5 = arith.addi %4, %1 : i32
// CHECK-NEXT:  %6 = arith.addi %5, %3 : i32
// CHECK-NEXT:  %cst = arith.constant dense<0> : vector<2xi32>
// CHECK-NEXT:  %7 = vector.insert %sum, %cst [0] : i32 into vector<2xi32>
// CHECK-NEXT:  %8 = vector.insert %6, %7 [1] : i32 into vector<2xi32>
// CHECK-NEXT:  return %8 : vector<2xi32>
// CHECK-LABEL: func.func @const_vec() -> vector<2x2xi32> {
// CHECK-NEXT:  %cst = arith.constant dense<[[1, 1], [-2, -1]]> : vector<2x2xi32>
// CHECK-NEXT:  return %cst : vector<2x2xi32>
// CHECK-LABEL: func.func @less(%arg0: vector<4x2xi32>, %arg1: vector<4x2xi32>) -> vector<4xi1> {
// CHECK-NEXT:  %0 = vector.extract_strided_slice %arg0 {offsets = [0, 0], sizes = [4, 1], strides = [1, 1]} : vector<4x2xi32> to vector<4x1xi32>
// CHECK-NEXT:  %1 = vector.extract_strided_slice %arg0 {offsets = [0, 1], sizes = [4, 1], strides = [1, 1]} : vector<4x2xi32> to vector<4x1xi32>
// CHECK-NEXT:  %2 = vector.extract_strided_slice %arg1 {offsets = [0, 0], sizes = [4, 1], strides = [1, 1]} : vector<4x2xi32> to vector<4x1xi32>
// CHECK-NEXT:  %3 = vector.extract_strided_slice %arg1 {offsets = [0, 1], sizes = [4, 1], strides = [1, 1]} : vector<4x2xi32> to vector<4x1xi32>
// CHECK-NEXT:  %4 = arith.cmpi ult, %0, %2 : vector<4x1xi32>
// CHECK-NEXT:  %5 = arith.cmpi slt, %1, %3 : vector<4x1xi32>
// CHECK-NEXT:  %6 = arith.cmpi eq, %1, %3 : vector<4x1xi32>
// CHECK-NEXT:  %7 = arith.select %6, %4, %5 : vector<4x1xi1>, vector<4x1xi1>
// CHECK-NEXT:  %8 = vector.shape_cast %7 : vector<4x1xi1> to vector<4xi1>
// CHECK-NEXT:  return %8 : vector<4xi1>
// CHECK-LABEL: func.func @min(%arg0: vector<2xi32>, %arg1: vector<2xi32>) -> vector<2xi32> {
// CHECK-NEXT:  %0 = vector.extract %arg0[0] : i32 from vector<2xi32>
// CHECK-NEXT:  %1 = vector.extract %arg0[1] : i32 from vector<2xi32>
// CHECK-NEXT:  %2 = vector.extract %arg1[0] : i32 from vector<2xi32>
// CHECK-NEXT:  %3 = vector.extract %arg1[1] : i32 from vector<2xi32>
// CHECK-NEXT:  %4 = arith.cmpi ult, %0, %2 : i32
// CHECK-NEXT:  %5 = arith.cmpi ult, %1, %3 : i32
// CHECK-NEXT:  %6 = arith.cmpi eq, %1, %3 : i32
// CHECK-NEXT:  %7 = arith.select %6, %4, %5 : i1
// CHECK-NEXT:  %8 = vector.extract %arg0[0] : i32 from vector<2xi32>
// CHECK-NEXT:  %9 = vector.extract %arg0[1] : i32 from vector<2xi32>
// CHECK-NEXT:  %10 = vector.extract %arg1[0] : i32 from vector<2xi32>
// CHECK-NEXT:  %11 = vector.extract %arg1[1] : i32 from vector<2xi32>
// CHECK-NEXT:  %12 = arith.select %7, %8, %10 : i32
// CHECK-NEXT:  %13 = arith.select %7, %9, %11 : i32
// CHECK-NEXT:  %cst = arith.constant dense<0> : vector<2xi32>
// CHECK-NEXT:  %14 = vector.insert %12, %cst [0] : i32 into vector<2xi32>
// CHECK-NEXT:  %15 = vector.insert %13, %14 [1] : i32 into vector<2xi32>
// CHECK-NEXT:  return %15 : vector<2xi32>
// CHECK-LABEL: func.func @low_half(%arg0: vector<2xi32>) -> i8 {
// CHECK-NEXT:  %0 = vector.extract %arg0[0] : i32 from vector<2xi32>
// CHECK-NEXT:  %1 = arith.trunci %0 : i32 to i8
// CHECK-NEXT:  return %1 : i8
// CHECK-LABEL: func.func @caller(%arg0: vector<2xi32>) -> vector<2xi32> {
// CHECK-NEXT:  %0 = call @add_pair(%arg0, %arg0) : (vector<2xi32>, vector<2xi32>) -> vector<2xi32>
// CHECK-NEXT:  return %0 : vector<2xi32>
// CHECK-LABEL: func.func @too_wide(%arg0: i256) -> i256 {
// CHECK-NEXT:  return %arg0 : i256
// CHECK-LABEL: func.func @show(%arg0: vector<2xi32>) {
// CHECK-NEXT:  vector.print %arg0 : vector<2xi32>
// CHECK-NEXT:  return

// With 64-bit integers supported nothing changes.
// W64-LABEL: func.func @add_pair(%arg0: i64, %arg1: i64) -> i64
// W64-NEXT:    arith.addi %arg0, %arg1 : i64
// W64-LABEL: func.func @min
// W64-NEXT:    arith.minui

func.func @narrow_untouched(%x: i32, %i: index) -> (i32, index) {
  %s = arith.addi %x, %x : i32
  return %s, %i : i32, index
}
func.func @add_pair(%x: i64, %y: i64) -> i64 {
  %s = arith.addi %x, %y : i64
  return %s : i64
}
func.func @const_vec() -> vector<2xi64> {
  %c = arith.constant dense<[4294967297, -2]> : vector<2xi64>
  return %c : vector<2xi64>
}
func.func @less(%x: vector<4xi64>, %y: vector<4xi64>) -> vector<4xi1> {
  %r = arith.cmpi slt, %x, %y : vector<4xi64>
  return %r : vector<4xi1>
}
func.func @min(%x: i64, %y: i64) -> i64 {
  %r = arith.minui %x, %y : i64
  return %r : i64
}
func.func @low_half(%x: i64) -> i8 {
  %r = arith.trunci %x : i64 to i8
  return %r : i8
}
func.func @caller(%x: i64) -> i64 {
  %r = call @add_pair(%x, %x) : (i64, i64) -> i64
  return %r : i64
}
func.func @too_wide(%x: i256) -> i256 {
  return %x : i256
}
func.func @show(%x: i64) {
  vector.print %x : i64
  return
}
