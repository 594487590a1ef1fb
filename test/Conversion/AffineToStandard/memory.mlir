// RUN: pyopt %s --lower-affine | filecheck %s

// affine memory ops to memref/vector ops on the expanded indices.

// CHECK-LABEL: func.func @mem
// CHECK-NEXT: [[V1:%[a-z0-9_-]+]] = arith.constant 0 : index
// CHECK-NEXT: [[V2:%[a-z0-9_-]+]] = arith.constant 64 : index
// CHECK-NEXT: [[V3:%[a-z0-9_-]+]] = arith.constant 4 : index
// CHECK-NEXT: [[V4:%[a-z0-9_-]+]] = arith.constant 1 : index
// CHECK-NEXT: [[V5:%[a-z0-9_-]+]] = arith.addi %arg3, [[V4]] : index
// CHECK-NEXT: memref.prefetch %arg0[%arg3, [[V5]]], read, locality<3>, data : memref<10x10xf32>
// CHECK-NEXT: [[V6:%[a-z0-9_-]+]] = arith.constant 3 : index
// CHECK-NEXT: [[V7:%[a-z0-9_-]+]] = arith.remsi %arg3, [[V6]] : index
// CHECK-NEXT: [[V8:%[a-z0-9_-]+]] = arith.constant 0 : index
// CHECK-NEXT: [[V9:%[a-z0-9_-]+]] = arith.cmpi slt, [[V7]], [[V8]] : index
// CHECK-NEXT: [[V10:%[a-z0-9_-]+]] = arith.addi [[V7]], [[V6]] : index
// CHECK-NEXT: [[V11:%[a-z0-9_-]+]] = arith.select [[V9]], [[V10]], [[V7]] : index
// CHECK-NEXT: [[V12:%[a-z0-9_-]+]] = arith.constant 0 : index
// CHECK-NEXT: memref.prefetch %arg0{{\[}}[[V11]], [[V12]]], write, locality<0>, instr : memref<10x10xf32>
// CHECK-NEXT: [[V13:%[a-z0-9_-]+]] = arith.constant 2 : index
// CHECK-NEXT: [[V14:%[a-z0-9_-]+]] = arith.muli %arg3, [[V13]] : index
// CHECK-NEXT: [[V15:%[a-z0-9_-]+]] = arith.constant 7 : index
// CHECK-NEXT: [[V16:%[a-z0-9_-]+]] = arith.addi %arg3, [[V15]] : index
// CHECK-NEXT: memref.dma_start %arg0[%arg3, [[V14]]], %arg1{{\[}}[[V16]]], [[V2]], %arg2{{\[}}[[V1]]] : memref<10x10xf32>, memref<100xf32, 2>, memref<1xi32>
// CHECK-NEXT: [[V17:%[a-z0-9_-]+]] = arith.constant 0 : index
// CHECK-NEXT: [[V18:%[a-z0-9_-]+]] = arith.constant 0 : index
// CHECK-NEXT: memref.dma_start %arg0[%arg3, [[V17]]], %arg1{{\[}}[[V1]]], [[V2]], %arg2{{\[}}[[V18]]], [[V3]], [[V3]] : memref<10x10xf32>, memref<100xf32, 2>, memref<1xi32>
// CHECK-NEXT: [[V19:%[a-z0-9_-]+]] = arith.constant -1 : index
// CHECK-NEXT: [[V20:%[a-z0-9_-]+]] = arith.addi %arg3, [[V19]] : index
// CHECK-NEXT: memref.dma_wait %arg2{{\[}}[[V20]]], [[V2]] : memref<1xi32>
// CHECK-NEXT: [[V21:%[a-z0-9_-]+]] = arith.constant 4 : index
// CHECK-NEXT: [[V22:%[a-z0-9_-]+]] = arith.addi %arg3, [[V21]] : index
// CHECK-NEXT: [[V23:%[a-z0-9_-]+]] = vector.load %arg0[%arg3, [[V22]]] : memref<10x10xf32>, vector<4xf32>
// CHECK-NEXT: [[V24:%[a-z0-9_-]+]] = arith.constant 2 : index
// CHECK-NEXT: [[V25:%[a-z0-9_-]+]] = arith.muli %arg3, [[V24]] : index
// CHECK-NEXT: [[V26:%[a-z0-9_-]+]] = arith.constant 3 : index
// CHECK-NEXT: vector.store %arg4, %arg0{{\[}}[[V25]], [[V26]]] : memref<10x10xf32>, vector<4xf32>
// CHECK-NEXT: return
// CHECK-NEXT: }

func.func @mem(%a: memref<10x10xf32>, %b: memref<100xf32, 2>, %tag: memref<1xi32>, %n: index, %v: vector<4xf32>) {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %c4 = arith.constant 4 : index
  affine.prefetch %a[%n, %n + 1], read, locality<3>, data : memref<10x10xf32>
  affine.prefetch %a[%n mod 3, 0], write, locality<0>, instr : memref<10x10xf32>
  affine.dma_start %a[%n, %n * 2], %b[%n + 7], %tag[%c0], %c64 : memref<10x10xf32>, memref<100xf32, 2>, memref<1xi32>
  affine.dma_start %a[%n, 0], %b[%c0], %tag[0], %c64, %c4, %c4 : memref<10x10xf32>, memref<100xf32, 2>, memref<1xi32>
  affine.dma_wait %tag[%n - 1], %c64 : memref<1xi32>
  %x = affine.vector_load %a[%n, %n + 4] : memref<10x10xf32>, vector<4xf32>
  affine.vector_store %v, %a[%n * 2, 3] : memref<10x10xf32>, vector<4xf32>
  return
}
