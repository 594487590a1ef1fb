// RUN: pyopt %s -allow-unregistered-dialect -split-input-file -verify-diagnostics
// Which values are valid affine dims and symbols (affine scopes, dim ops, applies).

func.func @dim_symbol(%A: memref<?x?xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  affine.for %i = 0 to 10 {
    %B = memref.alloc(%n) : memref<?xf32>
    %d = memref.dim %B, %c0 : memref<?xf32>
    %e = memref.dim %A, %c1 : memref<?x?xf32>
    affine.for %j = %d to %e {
      %s = affine.apply affine_map<(d0)[s0] -> (d0 + s0)>(%j)[%d]
      %v = affine.load %A[%s, symbol(%e)] : memref<?x?xf32>
    }
  }
  return
}
// -----
func.func @bad_alloc_symbol(%n: index) {
  %c0 = arith.constant 0 : index
  affine.for %i = 0 to 10 {
    %B = memref.alloc(%i) : memref<?xf32>
    %d = memref.dim %B, %c0 : memref<?xf32>
    // expected-error@+1 {{'affine.for' op operand cannot be used as a symbol}}
    affine.for %j = 0 to %d {
    }
  }
  return
}
// -----
func.func @apply_dim_not_symbol(%n: index) {
  affine.for %i = 0 to 10 {
    %a = affine.apply affine_map<(d0) -> (d0 + 1)>(%i)
    // expected-error@+1 {{'affine.for' op operand cannot be used as a symbol}}
    affine.for %j = 0 to %a {
    }
  }
  return
}
// -----
func.func @apply_dim_ok(%A: memref<10xf32>) {
  affine.for %i = 0 to 10 {
    %a = affine.apply affine_map<(d0) -> (d0 + 1)>(%i)
    %v = affine.load %A[%a] : memref<10xf32>
    affine.for %j = 0 to affine_map<(d0) -> (d0)>(%a) {
    }
  }
  return
}
// -----
func.func @region_arg_symbol(%A: memref<10xf32>) {
  "test.region"() ({
  ^bb0(%x: index):
    // expected-error@+1 {{'affine.load' op index must be a valid dimension or symbol identifier}}
    %v = affine.load %A[%x] : memref<10xf32>
    "test.term"() : () -> ()
  }) : () -> ()
  return
}
// -----
%idx = "test.foo"() : () -> (index)
"test.func"() ({
^bb0(%A : memref<?xf32>):
  %v = affine.load %A[%idx] : memref<?xf32>
  "test.term"() : () -> ()
}) : () -> ()
// -----
func.func @nested_dominating(%A: memref<10xf32>, %n: index) {
  "test.region"() ({
    affine.for %i = 0 to %n {
      %v = affine.load %A[%i + symbol(%n)] : memref<10xf32>
    }
    "test.term"() : () -> ()
  }) : () -> ()
  return
}
// -----
// expected-note@+1 {{prior use here}}
func.func @non_index(%A: memref<10xf32>, %x: i32) {
  // expected-error@+1 {{use of value '%x' expects different type than prior uses: 'index' vs 'i32'}}
  %v = affine.load %A[%x] : memref<10xf32>
  return
}
// -----
func.func @iv_in_region(%A: memref<10xf32>) {
  affine.for %i = 0 to 10 {
    "test.region"() ({
      %v = affine.load %A[%i] : memref<10xf32>
      "test.term"() : () -> ()
    }) : () -> ()
  }
  return
}
