// RUN: pyopt %s --transform-interpreter | filecheck %s

// Unroll-and-jam by 4 of an scf.for whose inner loop carries a value: four copies of the
// inner iter_arg, the bodies jammed (expected output from mlir-opt-19).

// CHECK-LABEL:   func.func @f(%arg0: memref<8x16xf32>, %arg1: f32) -> f32 {
// CHECK-NEXT:     %c0 = arith.constant 0 : index
// CHECK-NEXT:     %c1 = arith.constant 1 : index
// CHECK-NEXT:     %c8 = arith.constant 8 : index
// CHECK-NEXT:     %c16 = arith.constant 16 : index
// CHECK-NEXT:     %alloca = memref.alloca() : memref<f32>
// CHECK-NEXT:     %c4 = arith.constant 4 : index
// CHECK-NEXT:     %c4_0 = arith.constant 4 : index
// CHECK-NEXT:     scf.for %arg2 = %c0 to %c8 step %c4_0 {
// CHECK-NEXT:       %1 = arith.index_cast %arg2 : index to i32
// CHECK-NEXT:       %c1_1 = arith.constant 1 : index
// CHECK-NEXT:       %2 = arith.addi %arg2, %c1_1 : index
// CHECK-NEXT:       %3 = arith.index_cast %2 : index to i32
// CHECK-NEXT:       %c2 = arith.constant 2 : index
// CHECK-NEXT:       %4 = arith.addi %arg2, %c2 : index
// CHECK-NEXT:       %5 = arith.index_cast %4 : index to i32
// CHECK-NEXT:       %c3 = arith.constant 3 : index
// CHECK-NEXT:       %6 = arith.addi %arg2, %c3 : index
// CHECK-NEXT:       %7 = arith.index_cast %6 : index to i32
// CHECK-NEXT:       %8:4 = scf.for %arg3 = %c0 to %c16 step %c1 iter_args(%arg4 = %arg1, %arg5 = %arg1, %arg6 = %arg1, %arg7 = %arg1) -> (f32, f32, f32, f32) {
// CHECK-NEXT:         %12 = memref.load %arg0[%arg2, %arg3] : memref<8x16xf32>
// CHECK-NEXT:         %13 = arith.addf %arg4, %12 : f32
// CHECK-NEXT:         %c1_5 = arith.constant 1 : index
// CHECK-NEXT:         %14 = arith.addi %arg2, %c1_5 : index
// CHECK-NEXT:         %15 = memref.load %arg0[%14, %arg3] : memref<8x16xf32>
// CHECK-NEXT:         %16 = arith.addf %arg5, %15 : f32
// CHECK-NEXT:         %c2_6 = arith.constant 2 : index
// CHECK-NEXT:         %17 = arith.addi %arg2, %c2_6 : index
// CHECK-NEXT:         %18 = memref.load %arg0[%17, %arg3] : memref<8x16xf32>
// CHECK-NEXT:         %19 = arith.addf %arg6, %18 : f32
// CHECK-NEXT:         %c3_7 = arith.constant 3 : index
// CHECK-NEXT:         %20 = arith.addi %arg2, %c3_7 : index
// CHECK-NEXT:         %21 = memref.load %arg0[%20, %arg3] : memref<8x16xf32>
// CHECK-NEXT:         %22 = arith.addf %arg7, %21 : f32
// CHECK-NEXT:         scf.yield %13, %16, %19, %22 : f32, f32, f32, f32
// CHECK-NEXT:       }
// CHECK-NEXT:       memref.store %8#0, %alloca[] : memref<f32>
// CHECK-NEXT:       %c1_2 = arith.constant 1 : index
// CHECK-NEXT:       %9 = arith.addi %arg2, %c1_2 : index
// CHECK-NEXT:       memref.store %8#1, %alloca[] : memref<f32>
// CHECK-NEXT:       %c2_3 = arith.constant 2 : index
// CHECK-NEXT:       %10 = arith.addi %arg2, %c2_3 : index
// CHECK-NEXT:       memref.store %8#2, %alloca[] : memref<f32>
// CHECK-NEXT:       %c3_4 = arith.constant 3 : index
// CHECK-NEXT:       %11 = arith.addi %arg2, %c3_4 : index
// CHECK-NEXT:       memref.store %8#3, %alloca[] : memref<f32>
// CHECK-NEXT:     }
// CHECK-NEXT:     %0 = memref.load %alloca[] : memref<f32>
// CHECK-NEXT:     return %0 : f32
// CHECK-NEXT:   }

module attributes {transform.with_named_sequence} {
  func.func @f(%m: memref<8x16xf32>, %x: f32) -> f32 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %c16 = arith.constant 16 : index
    %acc = memref.alloca() : memref<f32>
    scf.for %i = %c0 to %c8 step %c1 {
      %v = arith.index_cast %i : index to i32
      %s = scf.for %j = %c0 to %c16 step %c1 iter_args(%a = %x) -> f32 {
        %l = memref.load %m[%i, %j] : memref<8x16xf32>
        %t = arith.addf %a, %l : f32
        scf.yield %t : f32
      }
      memref.store %s, %acc[] : memref<f32>
    }
    %r = memref.load %acc[] : memref<f32>
    return %r : f32
  }
  transform.named_sequence @outer(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["scf.for"] : !transform.any_op
    %p = transform.get_parent_op %op : (!transform.any_op) -> !transform.any_op
    transform.match.operation_name %p ["func.func"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %l = transform.collect_matching @outer in %root : (!transform.any_op) -> !transform.any_op
    transform.loop.unroll_and_jam %l {factor = 4} : !transform.any_op
    transform.yield
  }
}
