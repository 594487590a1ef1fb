// RUN: pyopt %s --convert-func-to-llvm | filecheck %s
// RUN: pyopt %s --convert-cf-to-llvm | filecheck %s --check-prefix=CF

// Block arguments are converted with the function; branches keep successors and operands.
// CHECK-LABEL: llvm.func @loop(%arg0: i64, %arg1: i32) -> i64
// CHECK: llvm.br ^bb1(%arg0 : i64)
// CHECK: ^bb1(%[[I:.*]]: i64):
// CHECK: llvm.switch %arg1 : i32, ^bb2 [
// CHECK-NEXT: 7: ^bb1(%[[I]] : i64),
// CHECK-NEXT: 9: ^bb3
// CHECK-NEXT: ]
// CHECK: llvm.cond_br %{{.*}}, ^bb1(%[[I]] : i64), ^bb3
func.func @loop(%n: index, %sel: i32) -> index {
  cf.br ^head(%n : index)
^head(%i: index):
  cf.switch %sel : i32, [
    default: ^other,
    7: ^head(%i : index),
    9: ^exit
  ]
^other:
  %t = arith.constant true
  cf.cond_br %t, ^head(%i : index), ^exit
^exit:
  return %n : index
}

// An assertion branches to a block printing the message with puts, then aborting.
// CF-DAG: llvm.mlir.global private constant @assert_msg(dense<[111, 111, 112, 115, 0]> : tensor<5xi8>) {addr_space = 0 : i32} : !llvm.array<5 x i8>
// CF-DAG: llvm.func @puts(!llvm.ptr)
// CF-DAG: llvm.func @abort()
// CF-LABEL: func.func @check(%arg0: i1)
// CF: llvm.cond_br %arg0, ^bb1, ^bb2
// CF: ^bb1:
// CF-NEXT: return
// CF: ^bb2:
// CF-NEXT: %[[A:.*]] = llvm.mlir.addressof @assert_msg : !llvm.ptr
// CF-NEXT: %[[G:.*]] = llvm.getelementptr %[[A]][0] : (!llvm.ptr) -> !llvm.ptr, !llvm.array<5 x i8>
// CF-NEXT: llvm.call @puts(%[[G]]) : (!llvm.ptr) -> ()
// CF-NEXT: llvm.call @abort() : () -> ()
// CF-NEXT: llvm.unreachable
func.func @check(%ok: i1) {
  cf.assert %ok, "oops"
  return
}
