// Round trip of the vector ops with declarative formats: memory ops, shuffles, casts,
// strided slices, positions with SSA values, masks around maskable ops.
// RUN: pyopt %s | pyopt | filecheck %s

// CHECK-LABEL: func.func @more
// CHECK-NEXT: %0 = vector.shuffle %arg0, %arg0 [0, 7, 1, 6] : vector<4xf32>, vector<4xf32>
// CHECK-NEXT: %1 = vector.interleave %arg0, %arg0 : vector<4xf32> -> vector<8xf32>
// CHECK-NEXT: %res1, %res2 = vector.deinterleave %arg1 : vector<8xf32> -> vector<4xf32>
// CHECK-NEXT: %2 = vector.bitcast %arg1 : vector<8xf32> to vector<16xf16>
// CHECK-NEXT: %3 = vector.shape_cast %arg1 : vector<8xf32> to vector<2x4xf32>
// CHECK-NEXT: %4 = vector.transpose %3, [1, 0] : vector<2x4xf32> to vector<4x2xf32>
// CHECK-NEXT: %5 = vector.broadcast %arg5 : f32 to vector<3x4xf32>
// CHECK-NEXT: %6 = vector.broadcast %arg0 : vector<4xf32> to vector<2x4xf32>
// CHECK-NEXT: %7 = vector.load %arg2[%arg4, %arg4] : memref<?x?xf32>, vector<8xf32>
// CHECK-NEXT: vector.store %7, %arg2[%arg4, %arg4] {nontemporal = true} : memref<?x?xf32>, vector<8xf32>
// CHECK-NEXT: %8 = vector.maskedload %arg3[%arg4], %arg7, %arg1 : memref<?xf32>, vector<8xi1>, vector<8xf32> into vector<8xf32>
// CHECK-NEXT: vector.maskedstore %arg3[%arg4], %arg7, %8 : memref<?xf32>, vector<8xi1>, vector<8xf32>
// CHECK-NEXT: %9 = vector.gather %arg3[%arg4] [%arg6], %arg7, %arg1 : memref<?xf32>, vector<8xi32>, vector<8xi1>, vector<8xf32> into vector<8xf32>
// CHECK-NEXT: vector.scatter %arg3[%arg4] [%arg6], %arg7, %9 : memref<?xf32>, vector<8xi32>, vector<8xi1>, vector<8xf32>
// CHECK-NEXT: %10 = vector.expandload %arg3[%arg4], %arg7, %arg1 : memref<?xf32>, vector<8xi1>, vector<8xf32> into vector<8xf32>
// CHECK-NEXT: vector.compressstore %arg3[%arg4], %arg7, %10 : memref<?xf32>, vector<8xi1>, vector<8xf32>
// CHECK-NEXT: %11 = vector.fma %arg0, %arg0, %arg0 : vector<4xf32>
// CHECK-NEXT: %12 = vector.extractelement %arg0[%arg4 : index] : vector<4xf32>
// CHECK-NEXT: %13 = vector.insertelement %arg5, %arg0[%arg4 : index] : vector<4xf32>
// CHECK-NEXT: %14 = vector.insert %arg5, %3 [1, %arg4] : f32 into vector<2x4xf32>
// CHECK-NEXT: %15 = vector.insert %arg0, %3 [0] : vector<4xf32> into vector<2x4xf32>
// CHECK-NEXT: %16 = vector.insert_strided_slice %arg0, %3 {offsets = [1, 0], strides = [1]} : vector<4xf32> into vector<2x4xf32>
// CHECK-NEXT: %17 = vector.extract_strided_slice %3 {offsets = [0, 1], sizes = [2, 2], strides = [1, 1]} : vector<2x4xf32> to vector<2x2xf32>
// CHECK-NEXT: %18 = vector.multi_reduction <add>, %3, %arg0 [0] : vector<2x4xf32> to vector<4xf32>
// CHECK-NEXT: %19 = vector.create_mask %arg4, %arg4 : vector<2x4xi1>
// CHECK-NEXT: %20 = vector.step : vector<8xindex>
// CHECK-NEXT: %21 = vector.from_elements %arg5, %arg5, %arg5, %arg5 : vector<4xf32>
// CHECK-NEXT: %22 = vector.scalable.insert %arg0, %arg8[0] : vector<4xf32> into vector<[4]xf32>
// CHECK-NEXT: %23 = vector.scalable.extract %arg8[0] : vector<4xf32> from vector<[4]xf32>
// CHECK-NEXT: %24 = vector.matrix_multiply %arg1, %arg1 {lhs_columns = 4 : i32, lhs_rows = 2 : i32, rhs_columns = 2 : i32} : (vector<8xf32>, vector<8xf32>) -> vector<4xf32>
// CHECK-NEXT: %25 = vector.flat_transpose %arg1 {columns = 4 : i32, rows = 2 : i32} : vector<8xf32> -> vector<8xf32>
// CHECK-NEXT: %alloc = memref.alloc() : memref<4xf32>
// CHECK-NEXT: %26 = vector.type_cast %alloc : memref<4xf32> to memref<vector<4xf32>>
// CHECK-NEXT: %c2 = arith.constant 2 : index
// CHECK-NEXT: %27 = vector.reshape %3, [%c2], [%c2], [4] : vector<2x4xf32> to vector<2x4xf32>
// CHECK-NEXT: %28 = vector.extract %arg0[] : vector<4xf32> from vector<4xf32>
// CHECK-NEXT: %29 = vector.mask %arg7, %arg1 { vector.transfer_read %arg9[%arg4], %arg5 : tensor<?xf32>, vector<8xf32> } : vector<8xi1> -> vector<8xf32>
// CHECK-NEXT: vector.mask %arg7 { vector.transfer_write %arg1, %arg3[%arg4] : vector<8xf32>, memref<?xf32> } : vector<8xi1>
// CHECK-NEXT: return

func.func @more(%v4: vector<4xf32>, %v8: vector<8xf32>, %m2: memref<?x?xf32>, %m1: memref<?xf32>, %i: index, %f: f32, %iv: vector<8xi32>, %mk: vector<8xi1>, %s: vector<[4]xf32>, %t: tensor<?xf32>) {
  %0 = vector.shuffle %v4, %v4 [0, 7, 1, 6] : vector<4xf32>, vector<4xf32>
  %1 = vector.interleave %v4, %v4 : vector<4xf32> -> vector<8xf32>
  %2, %3 = vector.deinterleave %v8 : vector<8xf32> -> vector<4xf32>
  %4 = vector.bitcast %v8 : vector<8xf32> to vector<16xf16>
  %5 = vector.shape_cast %v8 : vector<8xf32> to vector<2x4xf32>
  %6 = vector.transpose %5, [1, 0] : vector<2x4xf32> to vector<4x2xf32>
  %7 = vector.broadcast %f : f32 to vector<3x4xf32>
  %8 = vector.broadcast %v4 : vector<4xf32> to vector<2x4xf32>
  %9 = vector.load %m2[%i, %i] : memref<?x?xf32>, vector<8xf32>
  vector.store %9, %m2[%i, %i] {nontemporal = true} : memref<?x?xf32>, vector<8xf32>
  %10 = vector.maskedload %m1[%i], %mk, %v8 : memref<?xf32>, vector<8xi1>, vector<8xf32> into vector<8xf32>
  vector.maskedstore %m1[%i], %mk, %10 : memref<?xf32>, vector<8xi1>, vector<8xf32>
  %11 = vector.gather %m1[%i] [%iv], %mk, %v8 : memref<?xf32>, vector<8xi32>, vector<8xi1>, vector<8xf32> into vector<8xf32>
  vector.scatter %m1[%i] [%iv], %mk, %11 : memref<?xf32>, vector<8xi32>, vector<8xi1>, vector<8xf32>
  %12 = vector.expandload %m1[%i], %mk, %v8 : memref<?xf32>, vector<8xi1>, vector<8xf32> into vector<8xf32>
  vector.compressstore %m1[%i], %mk, %12 : memref<?xf32>, vector<8xi1>, vector<8xf32>
  %13 = vector.fma %v4, %v4, %v4 : vector<4xf32>
  %14 = vector.extractelement %v4[%i : index] : vector<4xf32>
  %15 = vector.insertelement %f, %v4[%i : index] : vector<4xf32>
  %16 = vector.insert %f, %5 [1, %i] : f32 into vector<2x4xf32>
  %17 = vector.insert %v4, %5 [0] : vector<4xf32> into vector<2x4xf32>
  %18 = vector.insert_strided_slice %v4, %5 {offsets = [1, 0], strides = [1]} : vector<4xf32> into vector<2x4xf32>
  %19 = vector.extract_strided_slice %5 {offsets = [0, 1], sizes = [2, 2], strides = [1, 1]} : vector<2x4xf32> to vector<2x2xf32>
  %20 = vector.multi_reduction <add>, %5, %v4 [0] : vector<2x4xf32> to vector<4xf32>
  %21 = vector.create_mask %i, %i : vector<2x4xi1>
  %22 = vector.step : vector<8xindex>
  %23 = vector.from_elements %f, %f, %f, %f : vector<4xf32>
  %24 = vector.scalable.insert %v4, %s[0] : vector<4xf32> into vector<[4]xf32>
  %25 = vector.scalable.extract %s[0] : vector<4xf32> from vector<[4]xf32>
  %26 = vector.matrix_multiply %v8, %v8 {lhs_columns = 4 : i32, lhs_rows = 2 : i32, rhs_columns = 2 : i32} : (vector<8xf32>, vector<8xf32>) -> vector<4xf32>
  %27 = vector.flat_transpose %v8 {columns = 4 : i32, rows = 2 : i32} : vector<8xf32> -> vector<8xf32>
  %ma = memref.alloc() : memref<4xf32>
  %28 = vector.type_cast %ma : memref<4xf32> to memref<vector<4xf32>>
  %c2 = arith.constant 2 : index
  %29 = vector.reshape %5, [%c2], [%c2], [4] : vector<2x4xf32> to vector<2x4xf32>
  %30 = vector.extract %v4[] : vector<4xf32> from vector<4xf32>
  %31 = vector.mask %mk, %v8 { vector.transfer_read %t[%i], %f : tensor<?xf32>, vector<8xf32> } : vector<8xi1> -> vector<8xf32>
  vector.mask %mk { vector.transfer_write %v8, %m1[%i] : vector<8xf32>, memref<?xf32> } : vector<8xi1>
  return
}
