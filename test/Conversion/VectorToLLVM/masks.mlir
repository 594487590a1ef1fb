// RUN: pyopt %s --convert-vector-to-llvm | filecheck %s
// RUN: pyopt %s --convert-vector-to-llvm=force-32bit-vector-indices=false | filecheck %s --check-prefix=I64
// A 1-D create_mask compares a constant index vector with the splatted bound; n-D masks are
// first unrolled along the leading dimension. Gathers and scatters address through a vector
// GEP off the element address.

// CHECK-LABEL: func.func @mask_1d
// CHECK: %[[IDX:.*]] = arith.constant dense<[0, 1, 2]> : vector<3xi32>
// CHECK: %[[B:.*]] = arith.index_cast %arg0 : index to i32
// CHECK: %[[S:.*]] = llvm.shufflevector {{.*}} [0, 0, 0] : vector<3xi32>
// CHECK: %[[M:.*]] = arith.cmpi slt, %[[IDX]], %[[S]] : vector<3xi32>
// CHECK: return %[[M]] : vector<3xi1>
// I64-LABEL: func.func @mask_1d
// I64: arith.constant dense<[0, 1, 2]> : vector<3xi64>
// I64: arith.index_cast %arg0 : index to i64
// I64: arith.cmpi slt, %{{.*}}, %{{.*}} : vector<3xi64>
func.func @mask_1d(%n: index) -> vector<3xi1> {
  %m = vector.create_mask %n : vector<3xi1>
  return %m : vector<3xi1>
}

// CHECK-LABEL: func.func @mask_2d
// CHECK: %[[C1:.*]] = arith.constant 1 : index
// CHECK: %[[C0:.*]] = arith.constant 0 : index
// CHECK: %[[Z:.*]] = arith.constant dense<false> : vector<2x2xi1>
// CHECK: %[[ZA:.*]] = builtin.unrealized_conversion_cast %[[Z]] : vector<2x2xi1> to !llvm.array<2 x vector<2xi1>>
// CHECK: %[[F:.*]] = arith.constant dense<false> : vector<2xi1>
// CHECK: %[[ROW:.*]] = arith.cmpi slt, %{{.*}}, %{{.*}} : vector<2xi32>
// CHECK: %[[P0:.*]] = arith.cmpi sgt, %arg0, %[[C0]] : index
// CHECK: %[[S0:.*]] = arith.select %[[P0]], %[[ROW]], %[[F]] : vector<2xi1>
// CHECK: %[[I0:.*]] = llvm.insertvalue %[[S0]], %[[ZA]][0] : !llvm.array<2 x vector<2xi1>>
// CHECK: %[[P1:.*]] = arith.cmpi sgt, %arg0, %[[C1]] : index
// CHECK: %[[S1:.*]] = arith.select %[[P1]], %[[ROW]], %[[F]] : vector<2xi1>
// CHECK: llvm.insertvalue %[[S1]], %[[I0]][1] : !llvm.array<2 x vector<2xi1>>
func.func @mask_2d(%a: index, %b: index) -> vector<2x2xi1> {
  %m = vector.create_mask %a, %b : vector<2x2xi1>
  return %m : vector<2x2xi1>
}

// CHECK-LABEL: func.func @const_mask_2d
// CHECK: %[[R:.*]] = arith.constant dense<[true, false]> : vector<2xi1>
// CHECK: %[[Z:.*]] = arith.constant dense<false> : vector<3x2xi1>
// CHECK: %[[A:.*]] = builtin.unrealized_conversion_cast %[[Z]]
// CHECK: %[[I0:.*]] = llvm.insertvalue %[[R]], %[[A]][0] : !llvm.array<3 x vector<2xi1>>
// CHECK: %[[I1:.*]] = llvm.insertvalue %[[R]], %[[I0]][1] : !llvm.array<3 x vector<2xi1>>
// CHECK-NOT: llvm.insertvalue
// CHECK: return
func.func @const_mask_2d() -> vector<3x2xi1> {
  %m = vector.constant_mask [2, 1] : vector<3x2xi1>
  return %m : vector<3x2xi1>
}

// CHECK-LABEL: func.func @gather_scatter
// CHECK: %[[E:.*]] = llvm.getelementptr %{{.*}}[%{{.*}}] : (!llvm.ptr, i64) -> !llvm.ptr, f32
// CHECK: %[[PS:.*]] = llvm.getelementptr %[[E]][%arg2] : (!llvm.ptr, vector<2xi64>) -> !llvm.vec<2 x ptr>, f32
// CHECK: %[[G:.*]] = llvm.intr.masked.gather %[[PS]], %arg3, %arg4 {alignment = 4 : i32} : (!llvm.vec<2 x ptr>, vector<2xi1>, vector<2xf32>) -> vector<2xf32>
// CHECK: %[[PS2:.*]] = llvm.getelementptr %{{.*}}[%arg2] : (!llvm.ptr, vector<2xi64>) -> !llvm.vec<2 x ptr>, f32
// CHECK: llvm.intr.masked.scatter %[[G]], %[[PS2]], %arg3 {alignment = 4 : i32} : vector<2xf32>, vector<2xi1> into !llvm.vec<2 x ptr>
func.func @gather_scatter(%m: memref<8xf32>, %i: index, %iv: vector<2xi64>, %k: vector<2xi1>, %p: vector<2xf32>) -> vector<2xf32> {
  %g = vector.gather %m[%i][%iv], %k, %p : memref<8xf32>, vector<2xi64>, vector<2xi1>, vector<2xf32> into vector<2xf32>
  vector.scatter %m[%i][%iv], %k, %g : memref<8xf32>, vector<2xi64>, vector<2xi1>, vector<2xf32>
  return %g : vector<2xf32>
}
