// RUN: pyopt %s -buffer-results-to-out-params=add-result-attr | filecheck %s
// RUN: pyopt %s -buffer-results-to-out-params=hoist-static-allocs | filecheck %s --check-prefix=HOIST

// The memref result becomes a trailing argument (keeping its attributes); the callee copies
// into it, or with hoisting writes the caller's buffer directly; the caller allocates it.

func.func @produce(%n: i32) -> (i32, memref<4xf32> {test.tag}) {
  %m = memref.alloc() : memref<4xf32>
  return %n, %m : i32, memref<4xf32>
}

func.func @consume(%n: i32) -> i32 {
  %r:2 = call @produce(%n) : (i32) -> (i32, memref<4xf32>)
  %c0 = arith.constant 0 : index
  %v = memref.load %r#1[%c0] : memref<4xf32>
  return %r#0 : i32
}

// CHECK-LABEL: func.func @produce(%arg0: i32, %arg1: memref<4xf32> {bufferize.result, test.tag}) -> i32
// CHECK-NEXT:    %[[A:.*]] = memref.alloc() : memref<4xf32>
// CHECK-NEXT:    memref.copy %[[A]], %arg1
// CHECK-NEXT:    return %arg0 : i32
// CHECK-LABEL: func.func @consume
// CHECK-NEXT:    %[[OUT:.*]] = memref.alloc() : memref<4xf32>
// CHECK-NEXT:    %[[R:.*]] = call @produce(%arg0, %[[OUT]]) : (i32, memref<4xf32>) -> i32
// CHECK:         memref.load %[[OUT]]
// CHECK:         return %[[R]]

// HOIST-LABEL: func.func @produce(%arg0: i32, %arg1: memref<4xf32> {test.tag}) -> i32
// HOIST-NEXT:    return %arg0 : i32
