// Bytecode written by pyopt reads back as the same IR, whatever the version written.
// RUN: pyopt %s --allow-unregistered-dialect --emit-bytecode | pyopt --allow-unregistered-dialect | filecheck %s --check-prefixes=CHECK,PROPS
// RUN: pyopt %s --allow-unregistered-dialect --emit-bytecode --emit-bytecode-version=0 | pyopt --allow-unregistered-dialect | filecheck %s
// RUN: pyopt %s --allow-unregistered-dialect --emit-bytecode --emit-bytecode-version=3 | pyopt --allow-unregistered-dialect | filecheck %s
// RUN: pyopt %s --allow-unregistered-dialect --emit-bytecode --emit-bytecode-version=5 | pyopt --allow-unregistered-dialect | filecheck %s --check-prefixes=CHECK,PROPS

// CHECK: #map = affine_map<(d0, d1) -> (d1, d0)>
// CHECK-LABEL: func.func @scalars
// CHECK-SAME: attributes {a = [1 : i8, -1, 1.500000e+00 : f32, 2.500000e+00], b = "s", c = @sym::@nested, d, e = 170141183460469231731687303715884105727 : i128}
func.func @scalars() attributes {a = [1 : i8, -1 : i64, 1.5 : f32, 2.5 : f64], b = "s", c = @sym::@nested, d, e = 170141183460469231731687303715884105727 : i128} {
  return
}

// CHECK-LABEL: func.func @elements
// CHECK: arith.constant dense<[true, false, true]> : tensor<3xi1>
// CHECK: arith.constant dense<7> : tensor<2x3xindex>
// CHECK: arith.constant dense<[(1.000000e+00,2.000000e+00), (3.000000e+00,4.000000e+00)]> : tensor<2xcomplex<f32>>
// CHECK: "t.strings"() {s = dense<["a", "bc"]> : tensor<2x!t.str>, t = array<i16: 1, -2>, u = sparse<{{\[\[}}0, 1]], 5> : tensor<2x2xi32>} : () -> ()
func.func @elements() {
  %0 = arith.constant dense<[true, false, true]> : tensor<3xi1>
  %1 = arith.constant dense<7> : tensor<2x3xindex>
  %2 = arith.constant dense<[(1.0, 2.0), (3.0, 4.0)]> : tensor<2xcomplex<f32>>
  "t.strings"() {s = dense<["a", "bc"]> : tensor<2x!t.str>, t = array<i16: 1, -2>, u = sparse<[[0, 1]], [5]> : tensor<2x2xi32>} : () -> ()
  return
}

// CHECK-LABEL: func.func @types
// CHECK-SAME: (%{{.*}}: memref<?x4xf32, strided<[4, 1], offset: ?>, 3>, %{{.*}}: vector<[4]x2xi8>, %{{.*}}: tensor<*xbf16>, %{{.*}}: memref<*xi32, 1>, %{{.*}}: tuple<i1, none>, %{{.*}}: !llvm.ptr, %{{.*}}: f8E5M2, %{{.*}}: ui7, %{{.*}}: memref<2x2xf32, #map>)
func.func @types(%a: memref<?x4xf32, strided<[4, 1], offset: ?>, 3>, %b: vector<[4]x2xi8>, %c: tensor<*xbf16>, %d: memref<*xi32, 1>, %e: tuple<i1, none>, %f: !llvm.ptr, %g: f8E5M2, %h: ui7, %i: memref<2x2xf32, affine_map<(d0, d1) -> (d1, d0)>>) {
  return
}

// Properties: optional and required attributes, segment sizes, an LLVM enum property (which
// MLIR 19 cannot restore from bytecode older than version 5).
// CHECK-LABEL: func.func @properties
// CHECK: memref.alloc(%{{.*}}) {alignment = 16 : i64} : memref<?xf32>
// CHECK: vector.transfer_read %{{.*}}[%{{.*}}], %{{.*}} {in_bounds = [true]} : memref<?xf32>, vector<4xf32>
// PROPS: llvm.add %{{.*}}, %{{.*}} overflow<nsw, nuw> : i32
// CHECK: arith.addi %{{.*}}, %{{.*}} overflow<nuw> : i32
func.func @properties(%n: index, %x: i32) {
  %f = arith.constant 0.0 : f32
  %m = memref.alloc(%n) {alignment = 16 : i64} : memref<?xf32>
  %v = vector.transfer_read %m[%n], %f {in_bounds = [true]} : memref<?xf32>, vector<4xf32>
  %s = llvm.add %x, %x overflow<nsw, nuw> : i32
  %t = arith.addi %x, %x overflow<nuw> : i32
  return
}

// Blocks, successors with arguments, nested regions using outer values, and a graph region
// whose uses come before their definitions.
// CHECK-LABEL: func.func @control
// CHECK: cf.cond_br %{{.*}}, ^bb1(%{{.*}} : i32), ^bb2
// CHECK: ^bb1(%[[A:.*]]: i32):
// CHECK: scf.for
// CHECK: arith.addi %[[A]], %[[A]] : i32
// CHECK: "t.graph"() ({
// CHECK-NEXT: %[[G:.*]] = "t.use"(%[[H:.*]]) : (i32) -> i32
// CHECK-NEXT: %[[H]] = "t.def"(%[[G]]) : (i32) -> i32
// Before version 5 an unregistered op's properties are not written (as in MLIR 19).
// PROPS: "t.props"() <{p = 1 : i64}> : () -> ()
func.func @control(%c: i1, %x: i32, %lb: index) {
  cf.cond_br %c, ^bb1(%x : i32), ^bb2
^bb1(%a: i32):
  scf.for %i = %lb to %lb step %lb {
    %s = arith.addi %a, %a : i32
  }
  cf.br ^bb2
^bb2:
  "t.graph"() ({
    %g = "t.use"(%h) : (i32) -> i32
    %h = "t.def"(%g) : (i32) -> i32
  }) : () -> ()
  "t.props"() <{p = 1}> : () -> ()
  return
}

// Resources: builtin blobs and external resources travel with the IR.
// CHECK-LABEL: func.func @resources
// CHECK: arith.constant dense_resource<blob1> : tensor<2xi32>
func.func @resources() {
  %0 = arith.constant dense_resource<blob1> : tensor<2xi32>
  return
}

// CHECK: {-#
// CHECK-NEXT: dialect_resources: {
// CHECK-NEXT: builtin: {
// CHECK-NEXT: blob1: "0x040000000100000002000000"
// CHECK: external_resources: {
// CHECK-NEXT: tool: {
// CHECK-NEXT: flag: true,
// CHECK-NEXT: name: "a b",
// CHECK-NEXT: data: "0x08000000ABCD"
{-#
  dialect_resources: { builtin: { blob1: "0x040000000100000002000000" } },
  external_resources: { tool: { flag: true, name: "a b", data: "0x08000000abcd" } }
#-}
