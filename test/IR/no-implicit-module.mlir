// RUN: pyopt %s --no-implicit-module -split-input-file -verify-diagnostics | filecheck %s

// A single top-level op is printed as is, without a wrapping module.
// CHECK-NOT: module
// CHECK: func.func @alone(%arg0: i32) -> i32
func.func @alone(%arg0: i32) -> i32 {
  return %arg0 : i32
}

// -----

// expected-error@-3 {{source must contain a single top-level operation, found: 2}}
func.func private @one()
func.func private @two()
