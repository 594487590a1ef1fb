// RUN: pyopt %s --split-input-file --one-shot-bufferize="bufferize-function-boundaries test-analysis-only print-conflicts" | filecheck %s

// An insert into a loop's iter_arg that is yielded back stays in place; the
// function argument it comes from is read and written.
// CHECK-LABEL: func @fill_loop(
// CHECK-SAME: %[[T:.*]]: tensor<?xf32> {bufferization.access = "read-write"}
// CHECK: tensor.insert {{.*}} {__inplace_operands_attr__ = ["none", "true", "none"]}
// CHECK: scf.yield {__inplace_operands_attr__ = ["true"]}
// CHECK: } {__inplace_operands_attr__ = ["none", "none", "none", "true"]}
// CHECK: return {__equivalent_func_args__ = [0], __inplace_operands_attr__ = ["true"]}
func.func @fill_loop(%t: tensor<?xf32>, %n: index, %v: f32) -> tensor<?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %t) -> (tensor<?xf32>) {
    %u = tensor.insert %v into %acc[%i] : tensor<?xf32>
    scf.yield %u : tensor<?xf32>
  }
  return %r : tensor<?xf32>
}

// -----

// The original tensor is read after the write in one branch: that write must
// go out of place, and print-conflicts names the read, the write and the
// definition (the function argument).
// CHECK-LABEL: func @read_after_branch_write(
// CHECK-SAME: bufferization.access = "read"
// CHECK-SAME: attributes {"[[C:C_[0-9]+]][DEF: bbArg 0]"}
// CHECK: tensor.insert {{.*}} {"[[C]][CONFL-WRITE: 1]", __inplace_operands_attr__ = ["none", "false", "none"]}
// CHECK: tensor.extract {{.*}} {"[[C]][READ: 0]", __inplace_operands_attr__ = ["true", "none"]}
func.func @read_after_branch_write(%t: tensor<?xf32>, %c: i1, %v: f32, %i: index) -> (tensor<?xf32>, f32) {
  %r = scf.if %c -> tensor<?xf32> {
    %u = tensor.insert %v into %t[%i] : tensor<?xf32>
    scf.yield %u : tensor<?xf32>
  } else {
    scf.yield %t : tensor<?xf32>
  }
  %e = tensor.extract %t[%i] : tensor<?xf32>
  return %r, %e : tensor<?xf32>, f32
}

// -----

// A slice filled in place and inserted back where it came from needs no copy.
// CHECK-LABEL: func @slice_roundtrip(
// CHECK: tensor.extract_slice {{.*}} {__inplace_operands_attr__ = ["true", "none", "none"]}
// CHECK: linalg.fill {__inplace_operands_attr__ = ["none", "true"]}
// CHECK: tensor.insert_slice {{.*}} {__inplace_operands_attr__ = ["true", "true", "none", "none"]}
func.func @slice_roundtrip(%t: tensor<?xf32>, %o: index, %s: index, %v: f32) -> tensor<?xf32> {
  %0 = tensor.extract_slice %t[%o] [%s] [1] : tensor<?xf32> to tensor<?xf32>
  %1 = linalg.fill ins(%v : f32) outs(%0 : tensor<?xf32>) -> tensor<?xf32>
  %2 = tensor.insert_slice %1 into %t[%o] [%s] [1] : tensor<?xf32> into tensor<?xf32>
  return %2 : tensor<?xf32>
}
