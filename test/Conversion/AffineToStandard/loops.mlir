// RUN: pyopt %s --lower-affine -allow-unregistered-dialect | filecheck %s

// affine.for/if to scf.for/if: bounds as maxsi/minsi chains, conditions as cmpi/andi.

// CHECK-LABEL: func.func @for_const
// CHECK-NEXT: [[V1:%[a-z0-9_-]+]] = arith.constant 2 : index
// CHECK-NEXT: [[V2:%[a-z0-9_-]+]] = arith.constant 8 : index
// CHECK-NEXT: [[V3:%[a-z0-9_-]+]] = arith.constant 2 : index
// CHECK-NEXT: [[V4:%[a-z0-9_-]+]] = arith.constant 8 : index
// CHECK-NEXT: [[V5:%[a-z0-9_-]+]] = arith.constant 1 : index
// CHECK-NEXT: scf.for %arg1 = [[V3]] to [[V4]] step [[V5]] {
// CHECK-NEXT: [[V6:%[a-z0-9_-]+]] = memref.load %arg0[%arg1] : memref<10xf32>
// CHECK-NEXT: }
// CHECK-NEXT: [[V7:%[a-z0-9_-]+]] = arith.constant 0 : index
// CHECK-NEXT: [[V8:%[a-z0-9_-]+]] = arith.constant 0 : index
// CHECK-NEXT: [[V9:%[a-z0-9_-]+]] = arith.constant 1 : index
// CHECK-NEXT: scf.for %arg1 = [[V7]] to [[V8]] step [[V9]] {
// CHECK-NEXT: [[V10:%[a-z0-9_-]+]] = memref.load %arg0[%arg1] : memref<10xf32>
// CHECK-NEXT: }
// CHECK-NEXT: return
// CHECK-NEXT: }
// CHECK-LABEL: func.func @iter
// CHECK-NEXT: [[V1:%[a-z0-9_-]+]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: [[V2:%[a-z0-9_-]+]] = arith.constant -2 : index
// CHECK-NEXT: [[V3:%[a-z0-9_-]+]] = arith.addi %arg2, [[V2]] : index
// CHECK-NEXT: [[V4:%[a-z0-9_-]+]] = arith.maxsi %arg0, [[V3]] : index
// CHECK-NEXT: [[V5:%[a-z0-9_-]+]] = arith.constant 4 : index
// CHECK-NEXT: [[V6:%[a-z0-9_-]+]] = arith.muli %arg2, [[V5]] : index
// CHECK-NEXT: [[V7:%[a-z0-9_-]+]] = arith.constant 100 : index
// CHECK-NEXT: [[V8:%[a-z0-9_-]+]] = arith.minsi %arg1, [[V6]] : index
// CHECK-NEXT: [[V9:%[a-z0-9_-]+]] = arith.minsi [[V8]], [[V7]] : index
// CHECK-NEXT: [[V10:%[a-z0-9_-]+]] = arith.constant 3 : index
// CHECK-NEXT: [[V11:%[a-z0-9_-]+]] = scf.for %arg3 = [[V4]] to [[V9]] step [[V10]] iter_args(%arg4 = [[V1]]) -> (f32) {
// CHECK-NEXT: [[V12:%[a-z0-9_-]+]] = arith.addf %arg4, %arg4 : f32
// CHECK-NEXT: scf.yield [[V12]] : f32
// CHECK-NEXT: }
// CHECK-NEXT: return [[V11]] : f32
// CHECK-NEXT: }
// CHECK-LABEL: func.func @ifs
// CHECK-NEXT: [[V1:%[a-z0-9_-]+]] = arith.constant 0 : index
// CHECK-NEXT: [[V2:%[a-z0-9_-]+]] = arith.constant -1 : index
// CHECK-NEXT: [[V3:%[a-z0-9_-]+]] = arith.muli %arg1, [[V2]] : index
// CHECK-NEXT: [[V4:%[a-z0-9_-]+]] = arith.addi %arg0, [[V3]] : index
// CHECK-NEXT: [[V5:%[a-z0-9_-]+]] = arith.cmpi sge, [[V4]], [[V1]] : index
// CHECK-NEXT: [[V6:%[a-z0-9_-]+]] = arith.addi %arg0, %arg2 : index
// CHECK-NEXT: [[V7:%[a-z0-9_-]+]] = arith.constant -10 : index
// CHECK-NEXT: [[V8:%[a-z0-9_-]+]] = arith.addi [[V6]], [[V7]] : index
// CHECK-NEXT: [[V9:%[a-z0-9_-]+]] = arith.cmpi eq, [[V8]], [[V1]] : index
// CHECK-NEXT: [[V10:%[a-z0-9_-]+]] = arith.andi [[V5]], [[V9]] : i1
// CHECK-NEXT: [[V11:%[a-z0-9_-]+]] = arith.constant -1 : index
// CHECK-NEXT: [[V12:%[a-z0-9_-]+]] = arith.muli %arg1, [[V11]] : index
// CHECK-NEXT: [[V13:%[a-z0-9_-]+]] = arith.constant 5 : index
// CHECK-NEXT: [[V14:%[a-z0-9_-]+]] = arith.addi [[V12]], [[V13]] : index
// CHECK-NEXT: [[V15:%[a-z0-9_-]+]] = arith.cmpi sge, [[V14]], [[V1]] : index
// CHECK-NEXT: [[V16:%[a-z0-9_-]+]] = arith.andi [[V10]], [[V15]] : i1
// CHECK-NEXT: [[V17:%[a-z0-9_-]+]] = scf.if [[V16]] -> (i32) {
// CHECK-NEXT: [[V18:%[a-z0-9_-]+]] = arith.constant 1 : i32
// CHECK-NEXT: scf.yield [[V18]] : i32
// CHECK-NEXT: } else {
// CHECK-NEXT: [[V19:%[a-z0-9_-]+]] = arith.constant 2 : i32
// CHECK-NEXT: scf.yield [[V19]] : i32
// CHECK-NEXT: }
// CHECK-NEXT: [[V20:%[a-z0-9_-]+]] = arith.constant 0 : index
// CHECK-NEXT: [[V21:%[a-z0-9_-]+]] = arith.constant 2 : index
// CHECK-NEXT: [[V22:%[a-z0-9_-]+]] = arith.remsi %arg0, [[V21]] : index
// CHECK-NEXT: [[V23:%[a-z0-9_-]+]] = arith.constant 0 : index
// CHECK-NEXT: [[V24:%[a-z0-9_-]+]] = arith.cmpi slt, [[V22]], [[V23]] : index
// CHECK-NEXT: [[V25:%[a-z0-9_-]+]] = arith.addi [[V22]], [[V21]] : index
// CHECK-NEXT: [[V26:%[a-z0-9_-]+]] = arith.select [[V24]], [[V25]], [[V22]] : index
// CHECK-NEXT: [[V27:%[a-z0-9_-]+]] = arith.cmpi eq, [[V26]], [[V20]] : index
// CHECK-NEXT: scf.if [[V27]] {
// CHECK-NEXT: "test.foo"() : () -> ()
// CHECK-NEXT: }
// CHECK-NEXT: return [[V17]] : i32
// CHECK-NEXT: }
// CHECK-LABEL: func.func @noop_set
// CHECK-NEXT: [[V1:%[a-z0-9_-]+]] = arith.constant 0 : index
// CHECK-NEXT: [[V2:%[a-z0-9_-]+]] = arith.constant 0 : index
// CHECK-NEXT: [[V3:%[a-z0-9_-]+]] = arith.cmpi eq, [[V2]], [[V1]] : index
// CHECK-NEXT: scf.if [[V3]] {
// CHECK-NEXT: [[V4:%[a-z0-9_-]+]] = arith.constant 1.000000e+00 : f32
// CHECK-NEXT: [[V5:%[a-z0-9_-]+]] = arith.constant 0 : index
// CHECK-NEXT: memref.store [[V4]], %arg0{{\[}}[[V5]]] : memref<4xf32>
// CHECK-NEXT: } else {
// CHECK-NEXT: }
// CHECK-NEXT: return
// CHECK-NEXT: }
// CHECK-LABEL: func.func @nested
// CHECK-NEXT: [[V1:%[a-z0-9_-]+]] = arith.constant 0 : index
// CHECK-NEXT: [[V2:%[a-z0-9_-]+]] = arith.constant 1 : index
// CHECK-NEXT: scf.for %arg2 = [[V1]] to %arg0 step [[V2]] {
// CHECK-NEXT: [[V3:%[a-z0-9_-]+]] = arith.addi %arg2, %arg0 : index
// CHECK-NEXT: [[V4:%[a-z0-9_-]+]] = arith.constant 1 : index
// CHECK-NEXT: scf.for %arg3 = %arg2 to [[V3]] step [[V4]] {
// CHECK-NEXT: [[V5:%[a-z0-9_-]+]] = arith.constant 0 : index
// CHECK-NEXT: [[V6:%[a-z0-9_-]+]] = arith.constant -1 : index
// CHECK-NEXT: [[V7:%[a-z0-9_-]+]] = arith.muli %arg3, [[V6]] : index
// CHECK-NEXT: [[V8:%[a-z0-9_-]+]] = arith.addi %arg2, [[V7]] : index
// CHECK-NEXT: [[V9:%[a-z0-9_-]+]] = arith.constant -1 : index
// CHECK-NEXT: [[V10:%[a-z0-9_-]+]] = arith.addi [[V8]], [[V9]] : index
// CHECK-NEXT: [[V11:%[a-z0-9_-]+]] = arith.cmpi sge, [[V10]], [[V5]] : index
// CHECK-NEXT: scf.if [[V11]] {
// CHECK-NEXT: [[V12:%[a-z0-9_-]+]] = memref.load %arg1[%arg2, %arg3] : memref<?x?xf32>
// CHECK-NEXT: memref.store [[V12]], %arg1[%arg3, %arg2] : memref<?x?xf32>
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: return
// CHECK-NEXT: }

func.func @for_const(%m: memref<10xf32>) {
  %c2 = arith.constant 2 : index
  %c8 = arith.constant 8 : index
  affine.for %i = %c2 to %c8 {
    %v = affine.load %m[%i] : memref<10xf32>
  }
  affine.for %i = 0 to 0 {
    %v = affine.load %m[%i] : memref<10xf32>
  }
  return
}
func.func @iter(%lb: index, %ub: index, %s: index) -> f32 {
  %z = arith.constant 0.0 : f32
  %r = affine.for %i = max affine_map<(d0)[s0] -> (d0, s0 - 2)>(%lb)[%s] to min affine_map<(d0)[s0] -> (d0, s0 * 4, 100)>(%ub)[%s] step 3 iter_args(%acc = %z) -> f32 {
    %x = arith.addf %acc, %acc : f32
    affine.yield %x : f32
  }
  return %r : f32
}
func.func @ifs(%a: index, %b: index, %s: index) -> i32 {
  %r = affine.if affine_set<(d0, d1)[s0] : (d0 - d1 >= 0, d0 + s0 - 10 == 0, -d1 + 5 >= 0)>(%a, %b)[%s] -> i32 {
    %c1 = arith.constant 1 : i32
    affine.yield %c1 : i32
  } else {
    %c2 = arith.constant 2 : i32
    affine.yield %c2 : i32
  }
  affine.if affine_set<(d0) : (d0 mod 2 == 0)>(%a) {
    "test.foo"() : () -> ()
  }
  return %r : i32
}
func.func @noop_set(%m: memref<4xf32>) {
  affine.if affine_set<() : (0 == 0)>() {
    %c = arith.constant 1.0 : f32
    affine.store %c, %m[0] : memref<4xf32>
  } else {
  }
  return
}
func.func @nested(%n: index, %m: memref<?x?xf32>) {
  affine.for %i = 0 to %n {
    affine.for %j = affine_map<(d0) -> (d0)>(%i) to affine_map<(d0)[s0] -> (d0 + s0)>(%i)[%n] {
      affine.if affine_set<(d0, d1) : (d0 - d1 - 1 >= 0)>(%i, %j) {
        %v = affine.load %m[%i, %j] : memref<?x?xf32>
        affine.store %v, %m[%j, %i] : memref<?x?xf32>
      }
    }
  }
  return
}
