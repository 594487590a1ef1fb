// RUN: pyopt %s --mlir-elide-resource-strings-if-larger=5 | filecheck %s
// RUN: pyopt %s --mlir-elide-resource-strings-if-larger=0 | filecheck %s --check-prefix=NONE

// Resource entries whose printed value is longer than the limit are left out, with the
// sections they empty; the metadata block itself is still opened, as mlir-opt 19 does.

module attributes {test.x = dense_resource<blob1> : tensor<3xi64>} {}
{-#
  dialect_resources: {
    builtin: {
      blob1: "0x08000000010000000000000002000000000000000300000000000000"
    }
  },
  external_resources: {
    ext: {
      k: "a long string value here",
      b: true
    }
  }
#-}

// CHECK:      {-#
// CHECK-NEXT:   external_resources: {
// CHECK-NEXT:     ext: {
// CHECK-NEXT:       b: true
// CHECK-NEXT:     }
// CHECK-NEXT:   }
// CHECK-NEXT: #-}

// NONE:      {-#
// NONE-EMPTY:
// NONE-NEXT: #-}
