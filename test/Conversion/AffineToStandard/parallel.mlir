// RUN: pyopt %s --lower-affine | filecheck %s

// affine.parallel to scf.parallel: per-dimension bound groups, reductions as identity inits and scf.reduce bodies.

// CHECK-LABEL: func.func @par
// CHECK-NEXT: [[V1:%[a-z0-9_-]+]] = arith.constant 0 : index
// CHECK-NEXT: [[V2:%[a-z0-9_-]+]] = arith.constant -4 : index
// CHECK-NEXT: [[V3:%[a-z0-9_-]+]] = arith.addi %arg1, [[V2]] : index
// CHECK-NEXT: [[V4:%[a-z0-9_-]+]] = arith.maxsi [[V1]], [[V3]] : index
// CHECK-NEXT: [[V5:%[a-z0-9_-]+]] = arith.constant 90 : index
// CHECK-NEXT: [[V6:%[a-z0-9_-]+]] = arith.minsi %arg1, [[V5]] : index
// CHECK-NEXT: [[V7:%[a-z0-9_-]+]] = arith.constant 2 : index
// CHECK-NEXT: [[V8:%[a-z0-9_-]+]] = arith.constant 2 : index
// CHECK-NEXT: [[V9:%[a-z0-9_-]+]] = arith.muli %arg2, [[V8]] : index
// CHECK-NEXT: [[V10:%[a-z0-9_-]+]] = arith.constant 2 : index
// CHECK-NEXT: [[V11:%[a-z0-9_-]+]] = arith.constant 5 : index
// CHECK-NEXT: [[V12:%[a-z0-9_-]+]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: [[V13:%[a-z0-9_-]+]] = arith.constant 0xFF800000 : f32
// CHECK-NEXT: [[V14:%[a-z0-9_-]+]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: [[V15:%[a-z0-9_-]+]] = arith.constant 1.000000e+00 : f32
// CHECK-NEXT: [[V16:%[a-z0-9_-]+]] = arith.constant 0 : i32
// CHECK-NEXT: [[V17:%[a-z0-9_-]+]] = arith.constant 1 : i32
// CHECK-NEXT: [[V18:%[a-z0-9_-]+]] = arith.constant -1 : i32
// CHECK-NEXT: [[V19:%[a-z0-9_-]+]] = arith.constant 0 : i64
// CHECK-NEXT: [[V20:%[a-z0-9_-]+]] = arith.constant 1.000000e+00 : f64
// CHECK-NEXT: [[V21:%[a-z0-9_-]+]] = arith.constant 0 : i16
// CHECK-NEXT: [[V22:%[a-z0-9_-]+]]:10 = scf.parallel (%arg3, %arg4) = ([[V4]], [[V7]]) to ([[V6]], [[V9]]) step ([[V10]], [[V11]]) init ([[V12]], [[V13]], [[V14]], [[V15]], [[V16]], [[V17]], [[V18]], [[V19]], [[V20]], [[V21]]) -> (f32, f32, f32, f32, i32, i32, i32, i64, f64, i16) {
// CHECK-NEXT: [[V23:%[a-z0-9_-]+]] = arith.constant 1 : index
// CHECK-NEXT: [[V24:%[a-z0-9_-]+]] = arith.addi %arg3, [[V23]] : index
// CHECK-NEXT: [[V25:%[a-z0-9_-]+]] = arith.constant 3 : index
// CHECK-NEXT: [[V26:%[a-z0-9_-]+]] = arith.constant 0 : index
// CHECK-NEXT: [[V27:%[a-z0-9_-]+]] = arith.constant -1 : index
// CHECK-NEXT: [[V28:%[a-z0-9_-]+]] = arith.cmpi slt, %arg4, [[V26]] : index
// CHECK-NEXT: [[V29:%[a-z0-9_-]+]] = arith.subi [[V27]], %arg4 : index
// CHECK-NEXT: [[V30:%[a-z0-9_-]+]] = arith.select [[V28]], [[V29]], %arg4 : index
// CHECK-NEXT: [[V31:%[a-z0-9_-]+]] = arith.divsi [[V30]], [[V25]] : index
// CHECK-NEXT: [[V32:%[a-z0-9_-]+]] = arith.subi [[V27]], [[V31]] : index
// CHECK-NEXT: [[V33:%[a-z0-9_-]+]] = arith.select [[V28]], [[V32]], [[V31]] : index
// CHECK-NEXT: [[V34:%[a-z0-9_-]+]] = memref.load %arg0{{\[}}[[V24]], [[V33]]] : memref<100x100xf32>
// CHECK-NEXT: [[V35:%[a-z0-9_-]+]] = arith.constant 1 : i32
// CHECK-NEXT: [[V36:%[a-z0-9_-]+]] = arith.constant 2 : i64
// CHECK-NEXT: [[V37:%[a-z0-9_-]+]] = arith.constant 2.000000e+00 : f64
// CHECK-NEXT: [[V38:%[a-z0-9_-]+]] = arith.constant 2 : i16
// CHECK-NEXT: scf.reduce([[V34]], [[V34]], [[V34]], [[V34]], [[V35]], [[V35]], [[V35]], [[V36]], [[V37]], [[V38]] : f32, f32, f32, f32, i32, i32, i32, i64, f64, i16) {
// CHECK-NEXT: ^bb0(%arg5: f32, %arg6: f32):
// CHECK-NEXT: [[V39:%[a-z0-9_-]+]] = arith.addf %arg5, %arg6 : f32
// CHECK-NEXT: scf.reduce.return [[V39]] : f32
// CHECK-NEXT: }, {
// CHECK-NEXT: ^bb0(%arg5: f32, %arg6: f32):
// CHECK-NEXT: [[V40:%[a-z0-9_-]+]] = arith.maximumf %arg5, %arg6 : f32
// CHECK-NEXT: scf.reduce.return [[V40]] : f32
// CHECK-NEXT: }, {
// CHECK-NEXT: ^bb0(%arg5: f32, %arg6: f32):
// CHECK-NEXT: [[V41:%[a-z0-9_-]+]] = arith.addf %arg5, %arg6 : f32
// CHECK-NEXT: scf.reduce.return [[V41]] : f32
// CHECK-NEXT: }, {
// CHECK-NEXT: ^bb0(%arg5: f32, %arg6: f32):
// CHECK-NEXT: [[V42:%[a-z0-9_-]+]] = arith.mulf %arg5, %arg6 : f32
// CHECK-NEXT: scf.reduce.return [[V42]] : f32
// CHECK-NEXT: }, {
// CHECK-NEXT: ^bb0(%arg5: i32, %arg6: i32):
// CHECK-NEXT: [[V43:%[a-z0-9_-]+]] = arith.addi %arg5, %arg6 : i32
// CHECK-NEXT: scf.reduce.return [[V43]] : i32
// CHECK-NEXT: }, {
// CHECK-NEXT: ^bb0(%arg5: i32, %arg6: i32):
// CHECK-NEXT: [[V44:%[a-z0-9_-]+]] = arith.muli %arg5, %arg6 : i32
// CHECK-NEXT: scf.reduce.return [[V44]] : i32
// CHECK-NEXT: }, {
// CHECK-NEXT: ^bb0(%arg5: i32, %arg6: i32):
// CHECK-NEXT: [[V45:%[a-z0-9_-]+]] = arith.andi %arg5, %arg6 : i32
// CHECK-NEXT: scf.reduce.return [[V45]] : i32
// CHECK-NEXT: }, {
// CHECK-NEXT: ^bb0(%arg5: i64, %arg6: i64):
// CHECK-NEXT: [[V46:%[a-z0-9_-]+]] = arith.ori %arg5, %arg6 : i64
// CHECK-NEXT: scf.reduce.return [[V46]] : i64
// CHECK-NEXT: }, {
// CHECK-NEXT: ^bb0(%arg5: f64, %arg6: f64):
// CHECK-NEXT: [[V47:%[a-z0-9_-]+]] = arith.mulf %arg5, %arg6 : f64
// CHECK-NEXT: scf.reduce.return [[V47]] : f64
// CHECK-NEXT: }, {
// CHECK-NEXT: ^bb0(%arg5: i16, %arg6: i16):
// CHECK-NEXT: [[V48:%[a-z0-9_-]+]] = arith.ori %arg5, %arg6 : i16
// CHECK-NEXT: scf.reduce.return [[V48]] : i16
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: return [[V22]]#0, [[V22]]#1, [[V22]]#2, [[V22]]#3, [[V22]]#4, [[V22]]#5, [[V22]]#6, [[V22]]#7, [[V22]]#8, [[V22]]#9 : f32, f32, f32, f32, i32, i32, i32, i64, f64, i16
// CHECK-NEXT: }
// CHECK-LABEL: func.func @par_noresult
// CHECK-NEXT: [[V1:%[a-z0-9_-]+]] = arith.constant 0 : index
// CHECK-NEXT: [[V2:%[a-z0-9_-]+]] = arith.constant 1 : index
// CHECK-NEXT: scf.parallel (%arg2) = ([[V1]]) to (%arg1) step ([[V2]]) {
// CHECK-NEXT: [[V3:%[a-z0-9_-]+]] = memref.load %arg0[%arg2] : memref<100xf32>
// CHECK-NEXT: [[V4:%[a-z0-9_-]+]] = arith.constant 3 : index
// CHECK-NEXT: [[V5:%[a-z0-9_-]+]] = arith.addi %arg2, [[V4]] : index
// CHECK-NEXT: memref.store [[V3]], %arg0{{\[}}[[V5]]] : memref<100xf32>
// CHECK-NEXT: [[V6:%[a-z0-9_-]+]] = arith.constant 0 : index
// CHECK-NEXT: [[V7:%[a-z0-9_-]+]] = arith.constant 10 : index
// CHECK-NEXT: [[V8:%[a-z0-9_-]+]] = arith.constant 1 : index
// CHECK-NEXT: scf.for %arg3 = [[V6]] to [[V7]] step [[V8]] {
// CHECK-NEXT: [[V9:%[a-z0-9_-]+]] = arith.constant 2 : index
// CHECK-NEXT: [[V10:%[a-z0-9_-]+]] = arith.muli %arg3, [[V9]] : index
// CHECK-NEXT: memref.store [[V3]], %arg0{{\[}}[[V10]]] : memref<100xf32>
// CHECK-NEXT: }
// CHECK-NEXT: scf.reduce
// CHECK-NEXT: }
// CHECK-NEXT: return
// CHECK-NEXT: }
// CHECK-LABEL: func.func @par_minf
// CHECK-NEXT: [[V1:%[a-z0-9_-]+]] = arith.constant 0 : index
// CHECK-NEXT: [[V2:%[a-z0-9_-]+]] = arith.constant 1 : index
// CHECK-NEXT: [[V3:%[a-z0-9_-]+]] = arith.constant 0x7C00 : f16
// CHECK-NEXT: [[V4:%[a-z0-9_-]+]] = arith.constant 0 : i64
// CHECK-NEXT: [[V5:%[a-z0-9_-]+]] = arith.constant 1 : i8
// CHECK-NEXT: [[V6:%[a-z0-9_-]+]]:3 = scf.parallel (%arg1) = ([[V1]]) to (%arg0) step ([[V2]]) init ([[V3]], [[V4]], [[V5]]) -> (f16, i64, i8) {
// CHECK-NEXT: [[V7:%[a-z0-9_-]+]] = arith.constant 1.000000e+00 : f16
// CHECK-NEXT: [[V8:%[a-z0-9_-]+]] = arith.constant 1 : i8
// CHECK-NEXT: [[V9:%[a-z0-9_-]+]] = arith.index_cast %arg1 : index to i64
// CHECK-NEXT: scf.reduce([[V7]], [[V9]], [[V8]] : f16, i64, i8) {
// CHECK-NEXT: ^bb0(%arg2: f16, %arg3: f16):
// CHECK-NEXT: [[V10:%[a-z0-9_-]+]] = arith.minimumf %arg2, %arg3 : f16
// CHECK-NEXT: scf.reduce.return [[V10]] : f16
// CHECK-NEXT: }, {
// CHECK-NEXT: ^bb0(%arg2: i64, %arg3: i64):
// CHECK-NEXT: [[V11:%[a-z0-9_-]+]] = arith.addi %arg2, %arg3 : i64
// CHECK-NEXT: scf.reduce.return [[V11]] : i64
// CHECK-NEXT: }, {
// CHECK-NEXT: ^bb0(%arg2: i8, %arg3: i8):
// CHECK-NEXT: [[V12:%[a-z0-9_-]+]] = arith.muli %arg2, %arg3 : i8
// CHECK-NEXT: scf.reduce.return [[V12]] : i8
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: return [[V6]]#0, [[V6]]#1, [[V6]]#2 : f16, i64, i8
// CHECK-NEXT: }

func.func @par(%m: memref<100x100xf32>, %n: index, %s: index) -> (f32, f32, f32, f32, i32, i32, i32, i64, f64, i16) {
  %r:10 = affine.parallel (%i, %j) = (max(0, %n - 4), 2) to (min(%n, 90), %s * 2) step (2, 5) reduce ("addf", "maximumf", "addf", "mulf", "addi", "muli", "andi", "ori", "mulf", "ori") -> (f32, f32, f32, f32, i32, i32, i32, i64, f64, i16) {
    %v = affine.load %m[%i + 1, %j floordiv 3] : memref<100x100xf32>
    %i1 = arith.constant 1 : i32
    %i2 = arith.constant 2 : i64
    %d = arith.constant 2.0 : f64
    %h = arith.constant 2 : i16
    affine.yield %v, %v, %v, %v, %i1, %i1, %i1, %i2, %d, %h : f32, f32, f32, f32, i32, i32, i32, i64, f64, i16
  }
  return %r#0, %r#1, %r#2, %r#3, %r#4, %r#5, %r#6, %r#7, %r#8, %r#9 : f32, f32, f32, f32, i32, i32, i32, i64, f64, i16
}
func.func @par_noresult(%m: memref<100xf32>, %n: index) {
  affine.parallel (%i) = (0) to (%n) {
    %v = affine.load %m[%i] : memref<100xf32>
    affine.store %v, %m[%i + 3] : memref<100xf32>
    affine.for %k = 0 to 10 {
      affine.store %v, %m[%k * 2] : memref<100xf32>
    }
  }
  return
}
func.func @par_minf(%n: index) -> (f16, i64, i8) {
  %r:3 = affine.parallel (%i) = (0) to (%n) reduce ("minimumf", "addi", "muli") -> (f16, i64, i8) {
    %c = arith.constant 1.0 : f16
    %c1 = arith.constant 1 : i8
    %ii = arith.index_cast %i : index to i64
    affine.yield %c, %ii, %c1 : f16, i64, i8
  }
  return %r#0, %r#1, %r#2 : f16, i64, i8
}
