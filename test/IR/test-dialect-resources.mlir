// RUN: pyopt %s -split-input-file -verify-diagnostics | filecheck %s
// The test dialect keeps blob resources: its entries must be hex blobs.

// CHECK: module
module {}
{-#
  dialect_resources: {
    test: {
      some_blob: "0x0400000001020304"
    }
  }
#-}

// -----

module {}
{-#
  dialect_resources: {
    test: {
      // expected-error@+1 {{expected hex string blob for key 'not_hex'}}
      not_hex: "plain text"
    }
  }
#-}
