// RUN: pyopt -test-affine-walk -verify-diagnostics %s -o /dev/null
// One remark per map result holding a `mod`, at the first one found.

// expected-remark@+1 {{mod expression}}
"test.op"() {m = affine_map<(d0, d1) -> (d0 floordiv 2, (d1 mod 3) mod 2)>} : () -> ()
"test.op"() {m = affine_map<(d0) -> (d0 * 2 + 1)>} : () -> ()
