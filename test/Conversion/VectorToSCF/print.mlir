// RUN: pyopt %s --convert-vector-to-scf | filecheck %s

// vector.print of a vector is unrolled into loops printing one element at a time: n-D
// vectors are flattened first, odd-width integers widened (unsigned ones zero-extended), and
// the print's own punctuation follows the closing parenthesis.

func.func @p(%w: vector<2x3xf32>, %u: vector<2xui4>, %s: vector<f64>) {
  vector.print %w : vector<2x3xf32>
  vector.print %u : vector<2xui4> punctuation <comma>
  vector.print %s : vector<f64>
  return
}

// CHECK:   func.func @p(%arg0: vector<2x3xf32>, %arg1: vector<2xui4>, %arg2: vector<f64>) {
// CHECK-NEXT:     %c3 = arith.constant 3 : index
// CHECK-NEXT:     %c1 = arith.constant 1 : index
// CHECK-NEXT:     %c2 = arith.constant 2 : index
// CHECK-NEXT:     %c0 = arith.constant 0 : index
// CHECK-NEXT:     %{{[0-9]+}} = vector.shape_cast %arg0 : vector<2x3xf32> to vector<6xf32>
// CHECK-NEXT:     vector.print punctuation <open>
// CHECK-NEXT:     scf.for %arg3 = %c0 to %c2 step %c1 {
// CHECK-NEXT:       vector.print punctuation <open>
// CHECK-NEXT:       scf.for %arg4 = %c0 to %c3 step %c1 {
// CHECK-NEXT:         %{{[0-9]+}} = arith.muli %arg3, %c3 : index
// CHECK-NEXT:         %{{[0-9]+}} = arith.addi %arg4, %{{[0-9]+}} : index
// CHECK-NEXT:         %{{[0-9]+}} = vector.extractelement %{{[0-9]+}}[%{{[0-9]+}} : index] : vector<6xf32>
// CHECK-NEXT:         vector.print %{{[0-9]+}} : f32 punctuation <no_punctuation>
// CHECK-NEXT:         %{{[0-9]+}} = arith.cmpi ult, %arg4, %c2 : index
// CHECK-NEXT:         scf.if %{{[0-9]+}} {
// CHECK-NEXT:           vector.print punctuation <comma>
// CHECK-NEXT:         }
// CHECK-NEXT:       }
// CHECK-NEXT:       vector.print punctuation <close>
// CHECK-NEXT:       %{{[0-9]+}} = arith.cmpi ult, %arg3, %c1 : index
// CHECK-NEXT:       scf.if %{{[0-9]+}} {
// CHECK-NEXT:         vector.print punctuation <comma>
// CHECK-NEXT:       }
// CHECK-NEXT:     }
// CHECK-NEXT:     vector.print punctuation <close>
// CHECK-NEXT:     vector.print
// CHECK-NEXT:     %{{[0-9]+}} = vector.bitcast %arg1 : vector<2xui4> to vector<2xi4>
// CHECK-NEXT:     %{{[0-9]+}} = arith.extui %{{[0-9]+}} : vector<2xi4> to vector<2xi8>
// CHECK-NEXT:     %{{[0-9]+}} = vector.bitcast %{{[0-9]+}} : vector<2xi8> to vector<2xui8>
// CHECK-NEXT:     vector.print punctuation <open>
// CHECK-NEXT:     scf.for %arg3 = %c0 to %c2 step %c1 {
// CHECK-NEXT:       %{{[0-9]+}} = vector.extractelement %{{[0-9]+}}[%arg3 : index] : vector<2xui8>
// CHECK-NEXT:       vector.print %{{[0-9]+}} : ui8 punctuation <no_punctuation>
// CHECK-NEXT:       %{{[0-9]+}} = arith.cmpi ult, %arg3, %c1 : index
// CHECK-NEXT:       scf.if %{{[0-9]+}} {
// CHECK-NEXT:         vector.print punctuation <comma>
// CHECK-NEXT:       }
// CHECK-NEXT:     }
// CHECK-NEXT:     vector.print punctuation <close>
// CHECK-NEXT:     vector.print punctuation <comma>
// CHECK-NEXT:     %{{[0-9]+}} = vector.shape_cast %arg2 : vector<f64> to vector<1xf64>
// CHECK-NEXT:     vector.print punctuation <open>
// CHECK-NEXT:     scf.for %arg3 = %c0 to %c1 step %c1 {
// CHECK-NEXT:       %{{[0-9]+}} = vector.extractelement %{{[0-9]+}}[%arg3 : index] : vector<1xf64>
// CHECK-NEXT:       vector.print %{{[0-9]+}} : f64 punctuation <no_punctuation>
// CHECK-NEXT:       %{{[0-9]+}} = arith.cmpi ult, %arg3, %c0 : index
// CHECK-NEXT:       scf.if %{{[0-9]+}} {
// CHECK-NEXT:         vector.print punctuation <comma>
// CHECK-NEXT:       }
// CHECK-NEXT:     }
// CHECK-NEXT:     vector.print punctuation <close>
// CHECK-NEXT:     vector.print
// CHECK-NEXT:     return
// CHECK-NEXT:   }
// CHECK-NEXT: }
