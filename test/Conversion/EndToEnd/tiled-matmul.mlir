// RUN: pyopt %s --lower-affine --convert-scf-to-cf --expand-strided-metadata --lower-affine \
// RUN:   --finalize-memref-to-llvm --convert-func-to-llvm --convert-index-to-llvm \
// RUN:   --reconcile-unrealized-casts \
// RUN: | pytranslate --mlir-to-llvmir | filecheck %s --check-prefix=IR
// RUN: pyopt %s --lower-affine --convert-scf-to-cf --expand-strided-metadata --lower-affine \
// RUN:   --finalize-memref-to-llvm --convert-func-to-llvm --convert-index-to-llvm \
// RUN:   --reconcile-unrealized-casts \
// RUN: | pyrunner -e main --entry-point-result=void --shared-libs=mlir_c_runner_utils \
// RUN: | filecheck %s

// A tiled matrix multiply C += A * B over dynamic 2-D memrefs: affine.for tile loops of step
// 4, affine.for loops inside a tile with min bounds for the partial tiles, and an scf.for
// reduction loop.

// IR: define void @matmul(ptr %{{.*}}, ptr %{{.*}}, i64 %{{.*}}
// IR: fmul double
// IR: fadd double

func.func private @printF64(f64)
func.func private @printNewline()

#tile_end = affine_map<(d0)[s0] -> (d0 + 4, s0)>

func.func @matmul(%a: memref<?x?xf64>, %b: memref<?x?xf64>, %c: memref<?x?xf64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = memref.dim %a, %c0 : memref<?x?xf64>
  %k = memref.dim %a, %c1 : memref<?x?xf64>
  %n = memref.dim %b, %c1 : memref<?x?xf64>
  affine.for %ii = 0 to %m step 4 {
    affine.for %jj = 0 to %n step 4 {
      affine.for %i = affine_map<(d0) -> (d0)>(%ii) to min #tile_end(%ii)[%m] {
        affine.for %j = affine_map<(d0) -> (d0)>(%jj) to min #tile_end(%jj)[%n] {
          scf.for %p = %c0 to %k step %c1 {
            %x = memref.load %a[%i, %p] : memref<?x?xf64>
            %y = memref.load %b[%p, %j] : memref<?x?xf64>
            %acc = affine.load %c[%i, %j] : memref<?x?xf64>
            %prod = arith.mulf %x, %y : f64
            %sum = arith.addf %acc, %prod : f64
            affine.store %sum, %c[%i, %j] : memref<?x?xf64>
          }
        }
      }
    }
  }
  return
}

// A is 6x5 with A[i][p] = i + p, B is 5x7 with B[p][j] = p - j: C[i][j] is the sum over p of
// (i + p) * (p - j); a few entries (inside and at the edge of the partial tiles) are printed.
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c5 = arith.constant 5 : index
  %c6 = arith.constant 6 : index
  %c7 = arith.constant 7 : index
  %zero = arith.constant 0.0 : f64
  %a = memref.alloc(%c6, %c5) : memref<?x?xf64>
  %b = memref.alloc(%c5, %c7) : memref<?x?xf64>
  %c = memref.alloc(%c6, %c7) : memref<?x?xf64>
  scf.for %i = %c0 to %c6 step %c1 {
    scf.for %p = %c0 to %c5 step %c1 {
      %s = arith.addi %i, %p : index
      %si = arith.index_cast %s : index to i64
      %sf = arith.sitofp %si : i64 to f64
      memref.store %sf, %a[%i, %p] : memref<?x?xf64>
    }
    scf.for %j = %c0 to %c7 step %c1 {
      memref.store %zero, %c[%i, %j] : memref<?x?xf64>
    }
  }
  scf.for %p = %c0 to %c5 step %c1 {
    scf.for %j = %c0 to %c7 step %c1 {
      %d = arith.subi %p, %j : index
      %di = arith.index_cast %d : index to i64
      %df = arith.sitofp %di : i64 to f64
      memref.store %df, %b[%p, %j] : memref<?x?xf64>
    }
  }
  call @matmul(%a, %b, %c) : (memref<?x?xf64>, memref<?x?xf64>, memref<?x?xf64>) -> ()
  %c3 = arith.constant 3 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  // CHECK: 30
  %v00 = memref.load %c[%c0, %c0] : memref<?x?xf64>
  call @printF64(%v00) : (f64) -> ()
  call @printNewline() : () -> ()
  // CHECK-NEXT: -30
  %v06 = memref.load %c[%c0, %c6] : memref<?x?xf64>
  call @printF64(%v06) : (f64) -> ()
  call @printNewline() : () -> ()
  // CHECK-NEXT: 10
  %v32 = memref.load %c[%c3, %c2] : memref<?x?xf64>
  call @printF64(%v32) : (f64) -> ()
  call @printNewline() : () -> ()
  // CHECK-NEXT: -130
  %v56 = memref.load %c[%c5, %c6] : memref<?x?xf64>
  call @printF64(%v56) : (f64) -> ()
  call @printNewline() : () -> ()
  // CHECK-NEXT: 40
  %v41 = memref.load %c[%c4, %c1] : memref<?x?xf64>
  call @printF64(%v41) : (f64) -> ()
  call @printNewline() : () -> ()
  memref.dealloc %a : memref<?x?xf64>
  memref.dealloc %b : memref<?x?xf64>
  memref.dealloc %c : memref<?x?xf64>
  return
}
