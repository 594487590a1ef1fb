// RUN: pyopt %s | pyopt | filecheck %s
// RUN: pyopt %s --mlir-print-op-generic | pyopt | filecheck %s

// Semi-affine layouts are compared in their simplified form: a product of a dimension and
// a symbol is a local term of the flat form, whatever side of the sum it was written on.

// CHECK-DAG: #[[TR:.*]] = affine_map<(d0, d1)[s0] -> (d1 * s0 + d0)>
// CHECK-DAG: #[[ROW:.*]] = affine_map<(d0, d1)[s0] -> (d0 * s0 + d1)>
// CHECK-DAG: #[[PERM:.*]] = affine_map<(d0, d1)[s0] -> (d1 * s0 + d0 + 4)>

// CHECK-LABEL: func @transpose_written_stride_first
// CHECK: memref.transpose %{{.*}} (d0, d1) -> (d1, d0) : memref<?x?xf32> to memref<?x?xf32, #[[TR]]>
func.func @transpose_written_stride_first(%m: memref<?x?xf32>) -> memref<?x?xf32, affine_map<(d0, d1)[s0] -> (d1 * s0 + d0)>> {
  %t = memref.transpose %m (i, j) -> (j, i) : memref<?x?xf32> to memref<?x?xf32, affine_map<(d0, d1)[s0] -> (d1 * s0 + d0)>>
  return %t : memref<?x?xf32, affine_map<(d0, d1)[s0] -> (d1 * s0 + d0)>>
}

// The canonical row-major layout written as a map: cast-compatible with the identity layout.
// CHECK-LABEL: func @cast_row_major_map
// CHECK: memref.cast %{{.*}} : memref<?x?xf32, #[[ROW]]> to memref<?x?xf32>
func.func @cast_row_major_map(%m: memref<?x?xf32, affine_map<(d0, d1)[s0] -> (d0 * s0 + d1)>>) -> memref<?x?xf32> {
  %c = memref.cast %m : memref<?x?xf32, affine_map<(d0, d1)[s0] -> (d0 * s0 + d1)>> to memref<?x?xf32>
  return %c : memref<?x?xf32>
}

// CHECK-LABEL: func @subview_of_semi_affine
// CHECK: memref.subview %{{.*}}[0, 0] [2, 2] [1, 1]
func.func @subview_of_semi_affine(%m: memref<8x8xf32, affine_map<(d0, d1)[s0] -> (s0 * d1 + d0 + 4)>>) -> memref<2x2xf32, affine_map<(d0, d1)[s0] -> (s0 * d1 + d0 + 4)>> {
  %s = memref.subview %m[0, 0] [2, 2] [1, 1] : memref<8x8xf32, affine_map<(d0, d1)[s0] -> (s0 * d1 + d0 + 4)>> to memref<2x2xf32, affine_map<(d0, d1)[s0] -> (s0 * d1 + d0 + 4)>>
  return %s : memref<2x2xf32, affine_map<(d0, d1)[s0] -> (s0 * d1 + d0 + 4)>>
}
