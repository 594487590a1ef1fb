// RUN: pyopt %s --finalize-memref-to-llvm | filecheck %s
// RUN: pyopt %s --convert-memref-to-llvm | filecheck %s

// Element addresses: offset, then index * stride (a stride of 1 needs no multiply).
// CHECK-LABEL: func.func @access
// CHECK-SAME: (%[[BUF:.*]]: memref<8x?xi32>, %[[R:.*]]: index, %[[C:.*]]: index)
func.func @access(%buf: memref<8x?xi32>, %r: index, %c: index) -> i32 {
  // CHECK-DAG: %[[D:.*]] = builtin.unrealized_conversion_cast %[[BUF]] : memref<8x?xi32> to !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
  // CHECK-DAG: %[[RI:.*]] = builtin.unrealized_conversion_cast %[[R]] : index to i64
  // CHECK-DAG: %[[CI:.*]] = builtin.unrealized_conversion_cast %[[C]] : index to i64
  // CHECK: %[[P:.*]] = llvm.extractvalue %[[D]][1]
  // CHECK: %[[S0:.*]] = llvm.extractvalue %[[D]][4, 0]
  // CHECK: %[[M:.*]] = llvm.mul %[[RI]], %[[S0]] : i64
  // CHECK: %[[A:.*]] = llvm.add %[[M]], %[[CI]] : i64
  // CHECK: %[[G:.*]] = llvm.getelementptr %[[P]][%[[A]]] : (!llvm.ptr, i64) -> !llvm.ptr, i32
  // CHECK: %[[V:.*]] = llvm.load %[[G]] : !llvm.ptr -> i32
  %v = memref.load %buf[%r, %c] : memref<8x?xi32>
  // CHECK: llvm.store %[[V]], %{{.*}} {nontemporal} : i32, !llvm.ptr
  memref.store %v, %buf[%c, %r] {nontemporal = true} : memref<8x?xi32>
  return %v : i32
}

// A static offset is added to the aligned pointer first.
// CHECK-LABEL: func.func @offset
func.func @offset(%m: memref<4xf64, strided<[1], offset: 16>>, %i: index) -> f64 {
  // CHECK: %[[OFF:.*]] = llvm.mlir.constant(16 : index) : i64
  // CHECK: %[[BASE:.*]] = llvm.getelementptr %{{.*}}[%[[OFF]]] : (!llvm.ptr, i64) -> !llvm.ptr, f64
  // CHECK: llvm.getelementptr %[[BASE]][%{{.*}}] : (!llvm.ptr, i64) -> !llvm.ptr, f64
  %x = memref.load %m[%i] : memref<4xf64, strided<[1], offset: 16>>
  return %x : f64
}

// Ranked to unranked: the descriptor is stored on the stack; unranked to ranked loads it.
// CHECK-LABEL: func.func @casts
func.func @casts(%m: memref<2x2xf32>, %u: memref<*xf32>) -> index {
  // CHECK: %[[ONE:.*]] = llvm.mlir.constant(1 : index) : i64
  // CHECK: %[[SLOT:.*]] = llvm.alloca %[[ONE]] x !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> : (i64) -> !llvm.ptr
  // CHECK: llvm.store %{{.*}}, %[[SLOT]]
  // CHECK: %[[RANK:.*]] = llvm.mlir.constant(2 : index) : i64
  // CHECK: llvm.mlir.undef : !llvm.struct<(i64, ptr)>
  // CHECK: llvm.insertvalue %[[RANK]], %{{.*}}[0] : !llvm.struct<(i64, ptr)>
  // CHECK: llvm.insertvalue %[[SLOT]], %{{.*}}[1] : !llvm.struct<(i64, ptr)>
  %a = memref.cast %m : memref<2x2xf32> to memref<*xf32>
  // CHECK: %[[DP:.*]] = llvm.extractvalue %{{.*}}[1] : !llvm.struct<(i64, ptr)>
  // CHECK: llvm.load %[[DP]] : !llvm.ptr -> !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
  %b = memref.cast %u : memref<*xf32> to memref<2x2xf32>
  // CHECK: llvm.extractvalue %{{.*}}[0] : !llvm.struct<(i64, ptr)>
  %r = memref.rank %a : memref<*xf32>
  return %r : index
}

// memref.dim: static sizes are constants, dynamic ones come from the descriptor; a
// non-constant dimension goes through a stack copy of the sizes array.
// CHECK-LABEL: func.func @dims
func.func @dims(%m: memref<3x?xi8>, %k: index) -> (index, index, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // CHECK: llvm.mlir.constant(3 : index) : i64
  %a = memref.dim %m, %c0 : memref<3x?xi8>
  // CHECK: llvm.extractvalue %{{.*}}[3, 1]
  %b = memref.dim %m, %c1 : memref<3x?xi8>
  // CHECK: %[[SIZES:.*]] = llvm.extractvalue %{{.*}}[3] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
  // CHECK: %[[TMP:.*]] = llvm.alloca %{{.*}} x !llvm.array<2 x i64> : (i64) -> !llvm.ptr
  // CHECK: llvm.store %[[SIZES]], %[[TMP]] : !llvm.array<2 x i64>, !llvm.ptr
  // CHECK: %[[EP:.*]] = llvm.getelementptr %[[TMP]][0, %{{.*}}] : (!llvm.ptr, i64) -> !llvm.ptr, !llvm.array<2 x i64>
  // CHECK: llvm.load %[[EP]] : !llvm.ptr -> i64
  %c = memref.dim %m, %k : memref<3x?xi8>
  return %a, %b, %c : index, index, index
}
