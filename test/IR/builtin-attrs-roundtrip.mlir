// RUN: pyopt %s -allow-unregistered-dialect | pyopt -allow-unregistered-dialect | filecheck %s

// CHECK-LABEL: "t.ints"
// CHECK-SAME: a = 10 : i32
// CHECK-SAME: b = -1 : si1
// CHECK-SAME: c = -128 : i8
// CHECK-SAME: d = 255 : ui8
// CHECK-SAME: e = 0x7FC00000 : f32
"t.ints"() {a = 00010 : i32, b = -1 : si1, c = -128 : i8, d = 255 : ui8,
            e = 0x7FC00000 : f32} : () -> ()

// i1 hex data is bit-packed; one 0x00 / 0xFF byte is a splat.
// CHECK-LABEL: "t.i1"
// CHECK-SAME: a = dense<[true, true, true, true, false, false, false, false]> : tensor<8xi1>
// CHECK-SAME: b = dense<true> : tensor<2xi1>
// CHECK-SAME: c = dense<[true, false]> : tensor<2xsi1>
"t.i1"() {a = dense<"0x0F"> : tensor<8xi1>, b = dense<"0xFF"> : tensor<2xi1>,
          c = dense<[true, false]> : tensor<2xsi1>} : () -> ()

// CHECK-LABEL: "t.dense"
// CHECK-SAME: a = dense<[1, 2]> : tensor<2xi8>
// CHECK-SAME: b = dense<(1.000000e+00,2.000000e+00)> : tensor<1xcomplex<f32>>
// CHECK-SAME: c = dense<"a"> : tensor<2x!foo.bar>
// CHECK-SAME: d = dense<[1, 2]> : memref<2xi32>
"t.dense"() {a = dense<"0x0102"> : tensor<2xi8>, b = dense<[(1.0, 2.0)]> : tensor<1xcomplex<f32>>,
             c = dense<["a", "a"]> : tensor<2x!foo.bar>,
             d = dense<[1, 2]> : memref<2xi32>} : () -> ()

// CHECK-LABEL: "t.sparse"
// CHECK-SAME: a = sparse<> : tensor<2xi32>
// CHECK-SAME: b = sparse<[[0, 1]], 5> : tensor<2x2xi32>
"t.sparse"() {a = sparse<> : tensor<2xi32>, b = sparse<[[0, 1]], [5]> : tensor<2x2xi32>} : () -> ()

// CHECK-LABEL: "t.layouts"
// CHECK-SAME: a = strided<[-9223372036854775807, ?], offset: ?>
// CHECK-SAME: b = array<f32: 1.000000e+00, 2.000000e+00>
"t.layouts"() {a = strided<[-9223372036854775807, ?], offset: ?>,
               b = array<f32: 1.0, 0x40000000>} : () -> ()

// CHECK: !foo.bar<(i32)->i32, "a>b", {c}[d]>
func.func private @pretty(!foo.bar<(i32)->i32, "a>b", {c}[d]>)
