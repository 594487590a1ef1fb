// RUN: pyopt %s -ownership-based-buffer-deallocation -split-input-file -verify-diagnostics -allow-unregistered-dialect

// expected-error @+1 {{Only structured control-flow loops are supported.}}
func.func @cf_loop(%n: index) {
  cf.br ^bb1
^bb1:
  %a = memref.alloc(%n) : memref<?xf32>
  cf.br ^bb1
}

// -----

func.func @unknown_effects() {
  // expected-error @+1 {{ops with unknown memory side effects are not supported}}
  %a = "test.make_buffer"() : () -> memref<2xf32>
  return
}

// -----

func.func @already_freed(%m: memref<2xf32>) {
  // expected-error @+1 {{memory free side-effect on MemRef value not supported!}}
  memref.dealloc %m : memref<2xf32>
  return
}
