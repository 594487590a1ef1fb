// RUN: pyopt %s -split-input-file -verify-diagnostics -allow-unregistered-dialect

// expected-error@+1 {{invalid tensor element type}}
func.func private @f(tensor<4xtensor<i8>>)

// -----

// expected-error@+1 {{cannot apply encoding to unranked tensor}}
func.func private @f(tensor<*xf32, "enc">)

// -----

// expected-error@+1 {{invalid dimension}}
func.func private @f(tensor<9223372036854775808xf32>)

// -----

// expected-error@+1 {{invalid memref element type}}
func.func private @f(memref<*xtensor<i8>>)

// -----

// expected-error@+1 {{invalid memref element type}}
func.func private @f(memref<2x!foo.bar>)

// -----

// expected-error@+1 {{expected list element}}
func.func private @f(memref<2xi8, >)

// -----

// expected-error@+1 {{expected ',' or '>' in memref type}}
func.func private @f(memref<2xi8 2>)

// -----

// expected-error@+1 {{unsupported memory space Attribute}}
func.func private @f(memref<2xi8, i8>)

// -----

// expected-error@+1 {{multiple memory spaces specified in memref type}}
func.func private @f(memref<2xi8, "a", {b}>)

// -----

// expected-error@+1 {{cannot have affine map for unranked memref type}}
func.func private @f(memref<*xi8, affine_map<(d0) -> (d0)>>)

// -----

// expected-error@+1 {{memref layout mismatch between rank and affine map: 2 != 1}}
func.func private @f(memref<2x4xi8, affine_map<(d0) -> (d0)>>)

// -----

// expected-error@+1 {{invalid integer width}}
func.func private @f(i21312312323120)

// -----

// expected-error@+1 {{expected '<' in complex type}}
func.func private @f(complex f32)

// -----

// expected-error@+1 {{expected '>' in tuple type}}
func.func private @f(tuple<i32)

// -----

// expected-error@+1 {{vector types must have positive constant sizes}}
func.func private @f(vector<0xf32>)

// -----

// expected-error@+1 {{vector elements must be int/index/float type}}
func.func private @f(vector<4xvector<2xf32>>)

// -----

// expected-error@+1 {{missing ']' closing scalable dimension}}
func.func private @f(vector<[4x4]xf32>)

// -----

// expected-error@+1 {{unbalanced '<' character in pretty dialect name}}
func.func private @f(!foo.bar<(i32)->)

// -----

// expected-error@+1 {{unbalanced '[' character in pretty dialect name}}
func.func private @f(!foo.bar<[>)
