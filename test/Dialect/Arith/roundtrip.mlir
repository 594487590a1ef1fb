// RUN: pyopt %s | pyopt | filecheck %s
// RUN: pyopt %s --mlir-print-op-generic | pyopt | filecheck %s

// Constants get MLIR's value-derived result names.
// CHECK-LABEL: func.func @constants
func.func @constants() {
  // CHECK-NEXT: %c42_i32 = arith.constant 42 : i32
  %0 = arith.constant 42 : i32
  // CHECK-NEXT: %c-3_i8 = arith.constant -3 : i8
  %1 = arith.constant -3 : i8
  // CHECK-NEXT: %c0 = arith.constant 0 : index
  %2 = arith.constant 0 : index
  // CHECK-NEXT: %true = arith.constant true
  %3 = arith.constant true
  // CHECK-NEXT: %false = arith.constant false
  %4 = arith.constant 0 : i1
  // CHECK-NEXT: %cst = arith.constant 1.000000e+00 : f32
  %5 = arith.constant 1.0 : f32
  // CHECK-NEXT: %cst_0 = arith.constant dense<1> : vector<4xi32>
  %6 = arith.constant dense<1> : vector<4xi32>
  // CHECK-NEXT: %cst_1 = arith.constant dense<[1.000000e+00, 2.000000e+00]> : tensor<2xf32>
  %7 = arith.constant dense<[1.0, 2.0]> : tensor<2xf32>
  // CHECK-NEXT: %c7_i64 = arith.constant 7 : i64
  %8 = arith.constant 7
  // CHECK-NEXT: %cst_2 = arith.constant dense<0> : vector<[4]xi32>
  %9 = arith.constant dense<0> : vector<[4]xi32>
  return
}

// CHECK-LABEL: func.func @int_ops
// CHECK-SAME: (%[[A:.*]]: i32, %[[V:.*]]: vector<4xi32>, %[[I:.*]]: index)
func.func @int_ops(%a: i32, %v: vector<4xi32>, %i: index) {
  // CHECK-NEXT: arith.addi %[[A]], %[[A]] : i32
  %0 = arith.addi %a, %a : i32
  // CHECK-NEXT: arith.subi %[[A]], %[[A]] overflow<nsw> : i32
  %1 = arith.subi %a, %a overflow<nsw> : i32
  // Flags are printed in declaration order whatever order they were written in.
  // CHECK-NEXT: arith.muli %[[V]], %[[V]] overflow<nsw, nuw> : vector<4xi32>
  %2 = arith.muli %v, %v overflow<nuw,nsw> : vector<4xi32>
  // CHECK-NEXT: arith.shli %[[A]], %[[A]] overflow<nuw> {tag} : i32
  %3 = arith.shli %a, %a overflow<nuw> {tag} : i32
  // CHECK-NEXT: arith.divui %[[A]], %[[A]] : i32
  %4 = arith.divui %a, %a : i32
  // CHECK-NEXT: arith.ceildivsi %[[I]], %[[I]] : index
  %5 = arith.ceildivsi %i, %i : index
  // CHECK-NEXT: arith.floordivsi %[[A]], %[[A]] : i32
  %6 = arith.floordivsi %a, %a : i32
  // CHECK-NEXT: arith.remsi %[[A]], %[[A]] : i32
  %7 = arith.remsi %a, %a : i32
  // CHECK-NEXT: arith.xori %[[V]], %[[V]] : vector<4xi32>
  %8 = arith.xori %v, %v : vector<4xi32>
  // CHECK-NEXT: arith.shrsi %[[A]], %[[A]] : i32
  %9 = arith.shrsi %a, %a : i32
  // CHECK-NEXT: arith.maxui %[[A]], %[[A]] : i32
  %10 = arith.maxui %a, %a : i32
  // Multi-result ops name their results after the ODS result names.
  // CHECK-NEXT: %sum, %overflow = arith.addui_extended %[[A]], %[[A]] : i32, i1
  %11:2 = arith.addui_extended %a, %a : i32, i1
  // CHECK-NEXT: %low, %high = arith.mulsi_extended %[[V]], %[[V]] : vector<4xi32>
  %12:2 = arith.mulsi_extended %v, %v : vector<4xi32>
  // CHECK-NEXT: %low_0, %high_1 = arith.mului_extended %[[A]], %[[A]] : i32
  %13:2 = arith.mului_extended %a, %a : i32
  return
}

// CHECK-LABEL: func.func @float_ops
// CHECK-SAME: (%[[F:.*]]: f32, %[[T:.*]]: tensor<2xf64>)
func.func @float_ops(%f: f32, %t: tensor<2xf64>) {
  // CHECK-NEXT: arith.addf %[[F]], %[[F]] : f32
  %0 = arith.addf %f, %f : f32
  // `none` is the default and is not printed.
  // CHECK-NEXT: arith.subf %[[F]], %[[F]] : f32
  %1 = arith.subf %f, %f fastmath<none> : f32
  // All seven flags print as the `fast` group.
  // CHECK-NEXT: arith.mulf %[[F]], %[[F]] fastmath<fast> : f32
  %2 = arith.mulf %f, %f fastmath<reassoc,nnan,ninf,nsz,arcp,contract,afn> : f32
  // CHECK-NEXT: arith.divf %[[T]], %[[T]] fastmath<nnan,ninf> : tensor<2xf64>
  %3 = arith.divf %t, %t fastmath<ninf,nnan> : tensor<2xf64>
  // CHECK-NEXT: arith.negf %[[F]] fastmath<fast> : f32
  %4 = arith.negf %f fastmath<fast> : f32
  // CHECK-NEXT: arith.maximumf %[[F]], %[[F]] : f32
  %5 = arith.maximumf %f, %f : f32
  // CHECK-NEXT: arith.minnumf %[[F]], %[[F]] fastmath<nsz> : f32
  %6 = arith.minnumf %f, %f fastmath<nsz> : f32
  // CHECK-NEXT: arith.remf %[[F]], %[[F]] : f32
  %7 = arith.remf %f, %f : f32
  return
}

// CHECK-LABEL: func.func @compare_select
func.func @compare_select(%a: i32, %f: f32, %v: vector<4xf32>, %c: i1, %vc: vector<4xi1>,
                          %u: tensor<*xi32>) {
  // CHECK-NEXT: arith.cmpi slt, %{{.*}}, %{{.*}} : i32
  %0 = arith.cmpi slt, %a, %a : i32
  // Predicates may be written as strings.
  // CHECK-NEXT: arith.cmpi uge, %{{.*}}, %{{.*}} : tensor<*xi32>
  %1 = arith.cmpi "uge", %u, %u : tensor<*xi32>
  // CHECK-NEXT: arith.cmpf oeq, %{{.*}}, %{{.*}} fastmath<nnan> : f32
  %2 = arith.cmpf oeq, %f, %f fastmath<nnan> : f32
  // CHECK-NEXT: arith.cmpf true, %{{.*}}, %{{.*}} : vector<4xf32>
  %3 = arith.cmpf true, %v, %v : vector<4xf32>
  // CHECK-NEXT: arith.select %{{.*}}, %{{.*}}, %{{.*}} : f32
  %4 = arith.select %c, %f, %f : f32
  // A shaped condition is spelled before the result type.
  // CHECK-NEXT: arith.select %{{.*}}, %{{.*}}, %{{.*}} : vector<4xi1>, vector<4xf32>
  %5 = arith.select %vc, %v, %v : vector<4xi1>, vector<4xf32>
  // CHECK-NEXT: arith.select %{{.*}}, %{{.*}}, %{{.*}} {tag} : vector<4xf32>
  %6 = arith.select %c, %v, %v {tag} : vector<4xf32>
  return
}

// CHECK-LABEL: func.func @casts
func.func @casts(%a: i32, %f: f32, %d: f64, %i: index, %m: memref<4xi32>, %t: tensor<4xi32>) {
  // CHECK-NEXT: arith.extsi %{{.*}} : i32 to i64
  %0 = arith.extsi %a : i32 to i64
  // CHECK-NEXT: arith.extui %{{.*}} : tensor<4xi32> to tensor<4xi64>
  %1 = arith.extui %t : tensor<4xi32> to tensor<4xi64>
  // CHECK-NEXT: arith.trunci %{{.*}} : i32 to i8
  %2 = arith.trunci %a : i32 to i8
  // CHECK-NEXT: arith.extf %{{.*}} fastmath<contract> : f32 to f64
  %3 = arith.extf %f fastmath<contract> : f32 to f64
  // CHECK-NEXT: arith.truncf %{{.*}} : f64 to f32
  %4 = arith.truncf %d : f64 to f32
  // CHECK-NEXT: arith.truncf %{{.*}} toward_zero fastmath<fast> : f64 to f16
  %5 = arith.truncf %d toward_zero fastmath<fast> : f64 to f16
  // CHECK-NEXT: arith.sitofp %{{.*}} : i32 to f32
  %6 = arith.sitofp %a : i32 to f32
  // CHECK-NEXT: arith.uitofp %{{.*}} : tensor<4xi32> to tensor<4xf16>
  %7 = arith.uitofp %t : tensor<4xi32> to tensor<4xf16>
  // CHECK-NEXT: arith.fptosi %{{.*}} : f32 to i64
  %8 = arith.fptosi %f : f32 to i64
  // CHECK-NEXT: arith.fptoui %{{.*}} : f32 to i8
  %9 = arith.fptoui %f : f32 to i8
  // CHECK-NEXT: arith.index_cast %{{.*}} : i32 to index
  %10 = arith.index_cast %a : i32 to index
  // CHECK-NEXT: arith.index_castui %{{.*}} : index to i16
  %11 = arith.index_castui %i : index to i16
  // CHECK-NEXT: arith.index_cast %{{.*}} : memref<4xi32> to memref<4xindex>
  %12 = arith.index_cast %m : memref<4xi32> to memref<4xindex>
  // CHECK-NEXT: arith.bitcast %{{.*}} : f32 to i32
  %13 = arith.bitcast %f : f32 to i32
  // CHECK-NEXT: arith.bitcast %{{.*}} : memref<4xi32> to memref<4xf32>
  %14 = arith.bitcast %m : memref<4xi32> to memref<4xf32>
  return
}
