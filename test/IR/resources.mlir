// RUN: pyopt %s -allow-unregistered-dialect | filecheck %s
// RUN: pyopt %s -allow-unregistered-dialect | pyopt -allow-unregistered-dialect | filecheck %s

// Only the blobs the output refers to are printed, after the module, in first-use order.
// CHECK: "t.use"() {x = dense_resource<second> : tensor<1xi32>, y = dense_resource<first> : tensor<2xi16>}
"t.use"() {x = dense_resource<second> : tensor<1xi32>, y = dense_resource<first> : tensor<2xi16>} : () -> ()

// CHECK:      {-#
// CHECK-NEXT:   dialect_resources: {
// CHECK-NEXT:     builtin: {
// CHECK-NEXT:       second: "0x0400000007000000",
// CHECK-NEXT:       first: "0x0200000001000200"
// CHECK-NEXT:     }
// CHECK-NEXT:   }
// CHECK-NEXT: #-}
// CHECK-NOT: unused
{-#
  dialect_resources: {
    builtin: {
      first: "0x0200000001000200",
      unused: "0x04000000",
      second: "0x0400000007000000"
    }
  }
#-}
