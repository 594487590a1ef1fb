// RUN: pyopt -allow-unregistered-dialect %s --affine-pipeline-data-transfer | filecheck %s

// A loop whose body fetches a row into fast memory, waits, and works on it.
func.func @rows(%a: memref<16x8xf32>) {
  %z = arith.constant 0 : index
  %n = arith.constant 8 : index
  %buf = memref.alloc() : memref<8xf32, 2>
  %tag = memref.alloc() : memref<1xi32>
  affine.for %i = 0 to 16 {
    affine.dma_start %a[%i, %z], %buf[%z], %tag[%z], %n : memref<16x8xf32>, memref<8xf32, 2>, memref<1xi32>
    affine.dma_wait %tag[%z], %n : memref<1xi32>
    %v = affine.load %buf[3] : memref<8xf32, 2>
    "consume"(%v, %i) : (f32, index) -> ()
  }
  memref.dealloc %tag : memref<1xi32>
  memref.dealloc %buf : memref<8xf32, 2>
  return
}

// The fast buffer escapes the loop: nothing is pipelined.
func.func @escapes(%a: memref<16x8xf32>) -> memref<8xf32, 2> {
  %z = arith.constant 0 : index
  %n = arith.constant 8 : index
  %buf = memref.alloc() : memref<8xf32, 2>
  %tag = memref.alloc() : memref<1xi32>
  affine.for %i = 0 to 16 {
    affine.dma_start %a[%i, %z], %buf[%z], %tag[%z], %n : memref<16x8xf32>, memref<8xf32, 2>, memref<1xi32>
    affine.dma_wait %tag[%z], %n : memref<1xi32>
  }
  return %buf : memref<8xf32, 2>
}

// CHECK-LABEL: func @rows
// CHECK-DAG:   %[[BUF:.*]] = memref.alloc() : memref<2x8xf32, 2>
// CHECK-DAG:   %[[TAG:.*]] = memref.alloc() : memref<2x1xi32>
// Prologue: the first transfer is issued before the loop.
// CHECK:       affine.dma_start %arg0[%{{.*}}, %{{.*}}], %[[BUF]][%{{.*}} mod 2, 0], %[[TAG]][%{{.*}} mod 2, 0]
// CHECK-NEXT:  affine.for %[[I:.*]] = 1 to 16 {
// CHECK-NEXT:    affine.dma_start %arg0[%[[I]], %{{.*}}], %[[BUF]][%[[I]] mod 2, 0], %[[TAG]][%[[I]] mod 2, 0]
// CHECK-NEXT:    %[[P:.*]] = affine.apply #{{.*}}(%[[I]])
// CHECK:         affine.dma_wait %[[TAG]][%[[P]] mod 2, 0]
// CHECK-NEXT:    affine.load %[[BUF]][%[[P]] mod 2, 3]
// CHECK:       }
// Epilogue: the last iteration's wait and work.
// CHECK:       affine.dma_wait %[[TAG]]
// CHECK:       "consume"
// CHECK:       memref.dealloc %[[TAG]] : memref<2x1xi32>
// CHECK-NEXT:  memref.dealloc %[[BUF]] : memref<2x8xf32, 2>

// CHECK-LABEL: func @escapes
// CHECK:       memref.alloc() : memref<8xf32, 2>
// CHECK:       affine.for %{{.*}} = 0 to 16 {
// CHECK-NEXT:    affine.dma_start
// CHECK-NEXT:    affine.dma_wait
