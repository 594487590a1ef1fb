// RUN: pyopt %s -split-input-file -verify-diagnostics | filecheck %s

// Block addresses and computed goto (beyond MLIR 19) print as they parse; the
// generic form keeps the tag and the operand groups of llvm.indirectbr.

// CHECK-LABEL: llvm.func @roundtrip
// CHECK:         %[[A:.+]] = llvm.blockaddress <function = @roundtrip, tag = <id = 3>> : !llvm.ptr
// CHECK-NEXT:    llvm.indirectbr %[[A]] : !llvm.ptr, [
// CHECK-NEXT:    ^bb1(%arg0 : i32),
// CHECK-NEXT:    ^bb2
// CHECK-NEXT:    ]
// CHECK:       ^bb1(%{{.+}}: i32):
// CHECK-NEXT:    llvm.blocktag <id = 3>
llvm.func @roundtrip(%x: i32) {
  %a = llvm.blockaddress <function = @roundtrip, tag = <id = 3>> : !llvm.ptr
  llvm.indirectbr %a : !llvm.ptr, [^bb1(%x : i32), ^bb2]
^bb1(%y: i32):
  llvm.blocktag <id = 3>
  llvm.return
^bb2:
  llvm.return
}

// -----

llvm.func @missing_tag() -> !llvm.ptr {
  // expected-error@+1 {{expects an existing block label target in the referenced function}}
  %a = llvm.blockaddress <function = @missing_tag, tag = <id = 1>> : !llvm.ptr
  llvm.return %a : !llvm.ptr
}

// -----

llvm.func @operand_mismatch(%p: !llvm.ptr) {
  // expected-error@+1 {{branch has 0 operands for successor #0, but target block has 1}}
  llvm.indirectbr %p : !llvm.ptr, [^bb1]
^bb1(%v: i32):
  llvm.return
}
