// RUN: pyopt %s -finalize-memref-to-llvm | filecheck %s

// The pointer size used for unranked descriptor copies comes from the pass's
// `data-layout` option only: a DLTI entry giving 32-bit pointers in address
// space 1 does not change it (mlir-opt 19 behaves the same way).
module attributes {dlti.dl_spec = #dlti.dl_spec<#dlti.dl_entry<!llvm.ptr<1>, dense<[32, 32, 32]> : vector<3xi64>>>} {
  // CHECK-LABEL: @to_space_one
  func.func @to_space_one(%m : memref<*xi8>) -> memref<*xi8, 1> {
    // CHECK: %[[TWO:.*]] = llvm.mlir.constant(2 : index) : i64
    // CHECK: llvm.mlir.constant(8 : index) : i64
    // CHECK: %[[PTR:.*]] = llvm.mlir.constant(8 : index) : i64
    // CHECK: llvm.mul %[[TWO]], %[[PTR]] : i64
    // CHECK: llvm.mlir.constant(16 : index) : i64
    // CHECK: "llvm.intr.memcpy"
    %c = memref.memory_space_cast %m : memref<*xi8> to memref<*xi8, 1>
    return %c : memref<*xi8, 1>
  }
}
