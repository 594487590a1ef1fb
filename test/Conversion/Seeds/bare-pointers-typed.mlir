// Seed 000/001, "bare pointer calling convention", in typed-pointer mode: the pointer carries
// the converted element type (the seed's `memref<10x42xvector<4xf32>> -> !llvm.ptr<vec<4 x f32>>`).
// (mlir-opt 19's conversion framework leaves a pair of casts around the rebuilt descriptor
// that mlir-opt 16's did not, hence no CHECK-NEXT before the extraction.)
// RUN: pyopt %s "--convert-func-to-llvm=use-bare-ptr-memref-call-conv use-opaque-pointers=0" | filecheck %s

// CHECK: llvm.func @scalar_buffer(!llvm.ptr<f32>) -> !llvm.ptr<f32>
func.func private @scalar_buffer(memref<f32>) -> memref<10x42xf32>
// CHECK: llvm.func @vector_buffer(!llvm.ptr<vector<4xf32>>)
func.func private @vector_buffer(memref<10x42xvector<4xf32>>)
// CHECK: llvm.func @sink(!llvm.ptr<f32>)
func.func private @sink(memref<3x5xf32>)

// CHECK-LABEL: llvm.func @forward(
// CHECK-SAME: %[[P:.*]]: !llvm.ptr<f32>) {
// CHECK-NEXT:   %[[D0:.*]] = llvm.mlir.undef : !llvm.struct<(ptr<f32>, ptr<f32>, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT:   %[[D1:.*]] = llvm.insertvalue %[[P]], %[[D0]][0] : !llvm.struct<(ptr<f32>, ptr<f32>, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT:   %[[D2:.*]] = llvm.insertvalue %[[P]], %[[D1]][1] : !llvm.struct<(ptr<f32>, ptr<f32>, i64, array<2 x i64>, array<2 x i64>)>
// CHECK:        llvm.insertvalue %{{.*}}, %{{.*}}[4, 1] : !llvm.struct<(ptr<f32>, ptr<f32>, i64, array<2 x i64>, array<2 x i64>)>
// CHECK:        %[[AG:.*]] = llvm.extractvalue %{{.*}}[1] : !llvm.struct<(ptr<f32>, ptr<f32>, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT:   llvm.call @sink(%[[AG]]) : (!llvm.ptr<f32>) -> ()
// CHECK-NEXT:   llvm.return
func.func @forward(%m: memref<3x5xf32>) {
  call @sink(%m) : (memref<3x5xf32>) -> ()
  return
}
