// RUN: pyopt %s | pyopt | filecheck %s
// RUN: pyopt %s --mlir-print-op-generic | pyopt | filecheck %s

// CHECK-LABEL: func.func @normalized(%arg0: index, %arg1: tensor<8xf32>) -> tensor<8xf32> {
// CHECK-NEXT:    %c0 = arith.constant 0 : index
// CHECK-NEXT:    %c1 = arith.constant 1 : index
// CHECK-NEXT:    %0 = scf.forall (%arg2) in (%arg0) shared_outs(%arg3 = %arg1) -> (tensor<8xf32>) {
// CHECK-NEXT:      scf.forall.in_parallel {
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// CHECK-NEXT:    %1:2 = scf.execute_region -> (i32, i32) {
// CHECK-NEXT:      %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT:      cf.br ^bb1(%c1_i32 : i32)
// CHECK-NEXT:    ^bb1(%3: i32):  // pred: ^bb0
// CHECK-NEXT:      scf.yield %3, %3 : i32, i32
// CHECK-NEXT:    }
// CHECK-NEXT:    %2:2 = scf.while (%arg2 = %c0, %arg3 = %c1) : (index, index) -> (index, index) {
// CHECK-NEXT:      %3 = arith.cmpi slt, %arg2, %arg3 : index
// CHECK-NEXT:      scf.condition(%3) %arg2, %arg3 : index, index
// CHECK-NEXT:    } do {
// CHECK-NEXT:    ^bb0(%arg2: index, %arg3: index):
// CHECK-NEXT:      scf.yield %arg2, %arg3 : index, index
// CHECK-NEXT:    }
// CHECK-NEXT:    scf.while : () -> () {
// CHECK-NEXT:      %true = arith.constant true
// CHECK-NEXT:      scf.condition(%true)
// CHECK-NEXT:    } do {
// CHECK-NEXT:      scf.yield
// CHECK-NEXT:    }
// CHECK-NEXT:    return %0 : tensor<8xf32>
// CHECK-NEXT:  }

func.func @normalized(%ub: index, %t: tensor<8xf32>) -> tensor<8xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.forall (%i) = (%c0) to (%ub) step (%c1) shared_outs(%o = %t) -> (tensor<8xf32>) {
  }
  %e:2 = scf.execute_region -> (i32, i32) {
    %a = arith.constant 1 : i32
    cf.br ^bb1(%a : i32)
  ^bb1(%b: i32):
    scf.yield %b, %b : i32, i32
  }
  %w:2 = scf.while (%x = %c0, %y = %c1) : (index, index) -> (index, index) {
    %cond = arith.cmpi slt, %x, %y : index
    scf.condition(%cond) %x, %y : index, index
  } do {
  ^bb0(%p: index, %q: index):
    scf.yield %p, %q : index, index
  }
  scf.while : () -> () {
    %true = arith.constant true
    scf.condition(%true)
  } do {
    scf.yield
  }
  return %r : tensor<8xf32>
}
