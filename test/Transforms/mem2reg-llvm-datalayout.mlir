// RUN: pyopt %s --pass-pipeline="builtin.module(llvm.func(mem2reg{region-simplify=false}))" -split-input-file | filecheck %s

// On a big-endian target a narrower access touches the high bits of the slot.
module attributes {dlti.dl_spec = #dlti.dl_spec<#dlti.dl_entry<"dlti.endianness", "big">>} {
  // CHECK-LABEL: llvm.func @big_endian(%arg0: i32, %arg1: i8) -> i8 {
  // CHECK-NEXT: %0 = llvm.mlir.constant(1 : i32) : i32
  // CHECK-NEXT: %1 = llvm.zext %arg1 : i8 to i32
  // CHECK-NEXT: %2 = llvm.mlir.constant(24 : i32) : i32
  // CHECK-NEXT: %3 = llvm.shl %1, %2 : i32
  // CHECK-NEXT: %4 = llvm.mlir.constant(16777215 : i32) : i32
  // CHECK-NEXT: %5 = llvm.and %arg0, %4  : i32
  // CHECK-NEXT: %6 = llvm.or %5, %3  : i32
  // CHECK-NEXT: %7 = llvm.mlir.constant(24 : i32) : i32
  // CHECK-NEXT: %8 = llvm.lshr %6, %7  : i32
  // CHECK-NEXT: %9 = llvm.trunc %8 : i32 to i8
  // CHECK-NEXT: llvm.return %9 : i8
  // CHECK-NEXT: }
  llvm.func @big_endian(%x: i32, %b: i8) -> i8 {
    %c1 = llvm.mlir.constant(1 : i32) : i32
    %slot = llvm.alloca %c1 x i32 : (i32) -> !llvm.ptr
    llvm.store %x, %slot : i32, !llvm.ptr
    llvm.store %b, %slot : i8, !llvm.ptr
    %r = llvm.load %slot : !llvm.ptr -> i8
    llvm.return %r : i8
  }
}

// -----

// Pointers of different sizes are not reinterpreted.
module attributes {dlti.dl_spec = #dlti.dl_spec<#dlti.dl_entry<!llvm.ptr<3>, dense<[32, 32, 32]> : vector<3xi64>>>} {
  // CHECK-LABEL: llvm.func @ptr_sizes(%arg0: !llvm.ptr<3>, %arg1: !llvm.ptr<1>) -> !llvm.ptr<2> {
  // CHECK-NEXT: %0 = llvm.mlir.constant(1 : i32) : i32
  // CHECK-NEXT: %1 = llvm.alloca %0 x !llvm.ptr<3> : (i32) -> !llvm.ptr
  // CHECK-NEXT: llvm.store %arg0, %1 : !llvm.ptr<3>, !llvm.ptr
  // CHECK-NEXT: %2 = llvm.load %1 : !llvm.ptr -> !llvm.ptr<2>
  // CHECK-NEXT: %3 = llvm.addrspacecast %arg1 : !llvm.ptr<1> to !llvm.ptr<2>
  // CHECK-NEXT: llvm.call @use(%2, %3) : (!llvm.ptr<2>, !llvm.ptr<2>) -> ()
  // CHECK-NEXT: llvm.return %3 : !llvm.ptr<2>
  // CHECK-NEXT: }
  llvm.func @ptr_sizes(%p: !llvm.ptr<3>, %q: !llvm.ptr<1>) -> !llvm.ptr<2> {
    %c1 = llvm.mlir.constant(1 : i32) : i32
    %narrow = llvm.alloca %c1 x !llvm.ptr<3> : (i32) -> !llvm.ptr
    llvm.store %p, %narrow : !llvm.ptr<3>, !llvm.ptr
    %a = llvm.load %narrow : !llvm.ptr -> !llvm.ptr<2>
    %same = llvm.alloca %c1 x !llvm.ptr<1> : (i32) -> !llvm.ptr
    llvm.store %q, %same : !llvm.ptr<1>, !llvm.ptr
    %b = llvm.load %same : !llvm.ptr -> !llvm.ptr<2>
    llvm.call @use(%a, %b) : (!llvm.ptr<2>, !llvm.ptr<2>) -> ()
    llvm.return %b : !llvm.ptr<2>
  }
  llvm.func @use(!llvm.ptr<2>, !llvm.ptr<2>)
}
