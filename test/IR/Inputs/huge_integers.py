"""Prints one split-input-file chunk per literal position, each holding a 5000-digit integer."""
B = "9" * 5000
CASES = [
    f"%c = arith.constant {B} : i32",
    f'"t.x"() : () -> tensor<{B}xf32>',
    f'"t.x"() : () -> i{B}',
    f'"t.x"() : () -> i1 loc("a":{B}:1)',
    f'"t.x"() : () -> i1 loc("a":1:{B})',
    f'"t.x"() : () -> memref<4xf32, strided<[{B}]>>',
    f'"t.x"() {{a = affine_map<(d0) -> (d0 + {B})>}} : () -> ()',
    f'"t.x"() {{a = dense<{B}> : tensor<2xi8>}} : () -> ()',
    f'"t.x"() {{a = array<i8: {B}>}} : () -> ()',
    f'"t.x"() {{a = {B}e{B}}} : () -> ()',
    f'"t.wide"() {{v = 1{"0" * 5000} : i20000}} : () -> ()',
]
print("\n// -----\n".join(CASES))
