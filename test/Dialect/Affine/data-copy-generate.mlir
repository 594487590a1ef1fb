// RUN: pyopt -allow-unregistered-dialect %s --affine-data-copy-generate="generate-dma=false fast-mem-space=0 skip-non-unit-stride-loops" | filecheck %s --check-prefix=COPY
// RUN: pyopt -allow-unregistered-dialect %s --affine-data-copy-generate="fast-mem-space=3 tag-mem-space=1" | filecheck %s --check-prefix=DMA

#tlb = affine_map<(d0) -> (d0)>
#tub = affine_map<(d0) -> (d0 + 16)>
// Copies of tiled accesses into a buffer in memory space 0 (point-wise nests) and as
// DMAs into space 3; the second function reads a strided window.
func.func @tile_sum(%src: memref<64x64xf32>, %dst: memref<64x64xf32>) {
  affine.for %t = 0 to 64 step 16 {
    affine.for %i = #tlb(%t) to #tub(%t) {
      affine.for %j = 0 to 64 {
        %v = affine.load %src[%i, %j] : memref<64x64xf32>
        %w = arith.addf %v, %v : f32
        affine.store %w, %dst[%i, %j] : memref<64x64xf32>
      }
    }
  }
  return
}

func.func @window(%m: memref<32x100xi32>) {
  affine.for %i = 0 to 32 {
    affine.for %j = 10 to 20 {
      %x = affine.load %m[%i, %j + 3] : memref<32x100xi32>
      "use"(%x) : (i32) -> ()
    }
  }
  return
}

// COPY-LABEL: func @tile_sum
// COPY:      affine.for %[[T:.*]] = 0 to 64 step 16 {
// COPY:        %[[IN:.*]] = memref.alloc() : memref<16x64xf32>
// COPY:        affine.for %[[I:.*]] = #{{.*}}(%[[T]]) to #{{.*}}(%[[T]]) {
// COPY:          %[[V:.*]] = affine.load %arg0[%[[I]], %{{.*}}] : memref<64x64xf32>
// COPY-NEXT:     affine.store %[[V]], %[[IN]][%[[I]] - %[[T]], %{{.*}}] : memref<16x64xf32>
// COPY:        %[[OUT:.*]] = memref.alloc() : memref<16x64xf32>
// COPY:          affine.load %[[IN]][-%[[T]] + %{{.*}}, %{{.*}}] : memref<16x64xf32>
// COPY:          affine.store %{{.*}}, %[[OUT]][-%[[T]] + %{{.*}}, %{{.*}}] : memref<16x64xf32>
// COPY:          %[[W:.*]] = affine.load %[[OUT]][%{{.*}} - %[[T]], %{{.*}}] : memref<16x64xf32>
// COPY-NEXT:     affine.store %[[W]], %arg1[%{{.*}}, %{{.*}}] : memref<64x64xf32>
// COPY:        memref.dealloc %[[OUT]] : memref<16x64xf32>
// COPY-NEXT:   memref.dealloc %[[IN]] : memref<16x64xf32>

// COPY-LABEL: func @window
// COPY:      %[[B:.*]] = memref.alloc() : memref<32x10xi32>
// COPY:      affine.for %{{.*}} = 13 to 23 {
// COPY:        affine.store %{{.*}}, %[[B]][%{{.*}}, %{{.*}} - 13] : memref<32x10xi32>
// COPY:      affine.for %{{.*}} = 10 to 20 {
// COPY:        affine.load %[[B]][%{{.*}}, %{{.*}} - 10] : memref<32x10xi32>
// COPY:      memref.dealloc %[[B]]

// DMA-LABEL: func @tile_sum
// DMA:       %[[A:.*]] = memref.alloc() : memref<64x64xf32, 3>
// DMA-NEXT:  %[[TAG:.*]] = memref.alloc() : memref<1xi32, 1>
// DMA-NEXT:  affine.dma_start %arg0[%[[Z:.*]], %[[Z]]], %[[A]][%[[Z]], %[[Z]]], %[[TAG]][%[[Z]]], %[[N:.*]] : memref<64x64xf32>, memref<64x64xf32, 3>, memref<1xi32, 1>
// DMA-NEXT:  affine.dma_wait %[[TAG]][%[[Z]]], %[[N]] : memref<1xi32, 1>
// DMA:       affine.for
// DMA:       affine.dma_start %{{.*}}, %arg1[{{.*}}], %{{.*}}, %{{.*}} : memref<64x64xf32, 3>, memref<64x64xf32>, memref<1xi32, 1>

// DMA-LABEL: func @window
// DMA-DAG:   %[[C13:.*]] = arith.constant 13 : index
// DMA-DAG:   %[[C320:.*]] = arith.constant 320 : index
// DMA-DAG:   %[[C100:.*]] = arith.constant 100 : index
// DMA-DAG:   %[[C10:.*]] = arith.constant 10 : index
// DMA:       affine.dma_start %arg0[%{{.*}}, %[[C13]]], %{{.*}}[%{{.*}}, %{{.*}}], %{{.*}}[%{{.*}}], %[[C320]], %[[C100]], %[[C10]]
