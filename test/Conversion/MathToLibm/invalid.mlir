// RUN: pyopt %s --convert-math-to-libm --split-input-file --verify-diagnostics

// Math ops without a libm counterpart, or of a type libm has no function for, make the
// conversion fail: the whole math dialect is illegal.

func.func @no_libm_function(%f: f32) -> f32 {
  // expected-error @below {{failed to legalize operation 'math.rsqrt' that was explicitly marked illegal}}
  %r = math.rsqrt %f : f32
  return %r : f32
}

// -----

func.func @quad_precision(%q: f128) -> f128 {
  // expected-error @below {{failed to legalize operation 'math.sin' that was explicitly marked illegal}}
  %r = math.sin %q : f128
  return %r : f128
}
