// RUN: pyopt %s --test-arith-emulate-wide-int | filecheck %s

// The test variant rewrites only functions named with the prefix (emulate_ by default)
// and keeps signatures and calls at i64, bitcasting to and from the i32 pairs.

func.func private @ext(i64) -> i64
func.func @emulate_calls(%x: i64, %y: i64) -> i1 {
  %s = arith.addi %x, %y : i64
  %r = func.call @ext(%s) : (i64) -> i64
  %c = arith.cmpi ult, %r, %x : i64
  return %c : i1
}
func.func @untouched(%x: i64) -> i64 {
  %s = arith.muli %x, %x : i64
  return %s : i64
}

// CHECK-LABEL: func.func @emulate_calls(%arg0: i64, %arg1: i64) -> i1
// CHECK-DAG:     %[[Y:.*]] = llvm.bitcast %arg1 : i64 to vector<2xi32>
// CHECK-DAG:     %[[X:.*]] = llvm.bitcast %arg0 : i64 to vector<2xi32>
// CHECK:         arith.addui_extended
// CHECK:         %[[S:.*]] = llvm.bitcast %{{.*}} : vector<2xi32> to i64
// CHECK-NEXT:    %[[R:.*]] = call @ext(%[[S]]) : (i64) -> i64
// CHECK-NEXT:    llvm.bitcast %[[R]] : i64 to vector<2xi32>
// CHECK:         return %{{.*}} : i1
// CHECK-LABEL: func.func @untouched(%arg0: i64) -> i64
// CHECK-NEXT:    arith.muli %arg0, %arg0 : i64
