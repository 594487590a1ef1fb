// RUN: pytranslate -mlir-to-llvmir %s | filecheck %s

// IRBuilder folds `and (ptrtoint @g), mask` to 0 when the mask only covers bits
// the global's alignment keeps clear: an explicit alignment, else the preferred
// alignment of a definition (16 for one larger than 16 bytes), the ABI alignment
// of anything that may be replaced at link time, and 4 for a function.

llvm.mlir.global external @eight(0 : i32) {addr_space = 0 : i32, alignment = 8 : i64} : i32
llvm.mlir.global external @wide(0 : i64) {addr_space = 0 : i32} : i64
llvm.mlir.global external @table(dense<0> : tensor<24xi8>) {addr_space = 0 : i32} : !llvm.array<24 x i8>
llvm.mlir.global weak @weakling(0 : i64) {addr_space = 0 : i32} : i64
llvm.mlir.global external @elsewhere() {addr_space = 0 : i32} : i64
llvm.func @callee() {
  llvm.return
}
llvm.func @sink(i64)

// CHECK-LABEL: define void @masks()
// CHECK-NEXT:    call void @sink(i64 0)
// CHECK-NEXT:    %1 = and i64 ptrtoint (ptr @eight to i64), 15
// CHECK-NEXT:    call void @sink(i64 %1)
// CHECK-NEXT:    call void @sink(i64 0)
// CHECK-NEXT:    call void @sink(i64 0)
// CHECK-NEXT:    %2 = and i64 ptrtoint (ptr @weakling to i64), 7
// CHECK-NEXT:    call void @sink(i64 %2)
// CHECK-NEXT:    call void @sink(i64 0)
// CHECK-NEXT:    call void @sink(i64 0)
// CHECK-NEXT:    %3 = and i64 ptrtoint (ptr @callee to i64), 4
// CHECK-NEXT:    call void @sink(i64 %3)
llvm.func @masks() {
  %c3 = llvm.mlir.constant(3 : i64) : i64
  %c4 = llvm.mlir.constant(4 : i64) : i64
  %c7 = llvm.mlir.constant(7 : i64) : i64
  %c15 = llvm.mlir.constant(15 : i64) : i64
  %g1 = llvm.mlir.addressof @eight : !llvm.ptr
  %i1 = llvm.ptrtoint %g1 : !llvm.ptr to i64
  %a1 = llvm.and %c7, %i1 : i64
  llvm.call @sink(%a1) : (i64) -> ()
  %a2 = llvm.and %i1, %c15 : i64
  llvm.call @sink(%a2) : (i64) -> ()
  %g2 = llvm.mlir.addressof @wide : !llvm.ptr
  %i2 = llvm.ptrtoint %g2 : !llvm.ptr to i64
  %a3 = llvm.and %i2, %c7 : i64
  llvm.call @sink(%a3) : (i64) -> ()
  %g3 = llvm.mlir.addressof @table : !llvm.ptr
  %i3 = llvm.ptrtoint %g3 : !llvm.ptr to i64
  %a4 = llvm.and %i3, %c15 : i64
  llvm.call @sink(%a4) : (i64) -> ()
  %g4 = llvm.mlir.addressof @weakling : !llvm.ptr
  %i4 = llvm.ptrtoint %g4 : !llvm.ptr to i64
  %a5 = llvm.and %i4, %c7 : i64
  llvm.call @sink(%a5) : (i64) -> ()
  %g5 = llvm.mlir.addressof @elsewhere : !llvm.ptr
  %i5 = llvm.ptrtoint %g5 : !llvm.ptr to i64
  %a6 = llvm.and %i5, %c3 : i64
  llvm.call @sink(%a6) : (i64) -> ()
  %g6 = llvm.mlir.addressof @callee : !llvm.ptr
  %i6 = llvm.ptrtoint %g6 : !llvm.ptr to i64
  %a7 = llvm.and %i6, %c3 : i64
  llvm.call @sink(%a7) : (i64) -> ()
  %a8 = llvm.and %i6, %c4 : i64
  llvm.call @sink(%a8) : (i64) -> ()
  llvm.return
}

// A scalar bitcast to a vector: all ones becomes the splat, anything else the
// bitcast of a one-element vector (or that vector itself).

// CHECK-LABEL: define <2 x i32> @to_vec()
// CHECK-NEXT:    ret <2 x i32> bitcast (<1 x i64> <i64 3> to <2 x i32>)
llvm.func @to_vec() -> vector<2xi32> {
  %0 = llvm.mlir.constant(3 : i64) : i64
  %1 = llvm.bitcast %0 : i64 to vector<2xi32>
  llvm.return %1 : vector<2xi32>
}
// CHECK-LABEL: define <4 x i16> @ones()
// CHECK-NEXT:    ret <4 x i16> <i16 -1, i16 -1, i16 -1, i16 -1>
llvm.func @ones() -> vector<4xi16> {
  %0 = llvm.mlir.constant(-1 : i64) : i64
  %1 = llvm.bitcast %0 : i64 to vector<4xi16>
  llvm.return %1 : vector<4xi16>
}
// CHECK-LABEL: define <1 x i64> @single()
// CHECK-NEXT:    ret <1 x i64> <i64 9>
llvm.func @single() -> vector<1xi64> {
  %0 = llvm.mlir.constant(9 : i64) : i64
  %1 = llvm.bitcast %0 : i64 to vector<1xi64>
  llvm.return %1 : vector<1xi64>
}
// CHECK-LABEL: define <2 x float> @from_double()
// CHECK-NEXT:    ret <2 x float> bitcast (<1 x double> <double 2.000000e+00> to <2 x float>)
llvm.func @from_double() -> vector<2xf32> {
  %0 = llvm.mlir.constant(2.0 : f64) : f64
  %1 = llvm.bitcast %0 : f64 to vector<2xf32>
  llvm.return %1 : vector<2xf32>
}
