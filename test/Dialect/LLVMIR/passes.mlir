// RUN: pyopt %s --llvm-add-comdats --llvm-request-c-wrappers | filecheck %s
// RUN: pyopt %s --llvm-legalize-for-export | filecheck %s --check-prefix=LEGAL

// CHECK: llvm.comdat @__llvm_comdat {
// CHECK-DAG: llvm.comdat_selector @linkonce any
// CHECK-DAG: llvm.comdat_selector @linkonce_odr any
// CHECK: llvm.func linkonce @linkonce() comdat(@__llvm_comdat::@linkonce)
llvm.func linkonce @linkonce() {
  llvm.return
}
// CHECK: llvm.func linkonce_odr @linkonce_odr() comdat(@__llvm_comdat::@linkonce_odr)
llvm.func linkonce_odr @linkonce_odr() {
  llvm.return
}

// CHECK: func.func @bar() attributes {llvm.emit_c_interface}
// LEGAL-LABEL: func.func @bar
func.func @bar() {
  return
}

// LEGAL-LABEL: llvm.func @dup
// LEGAL: llvm.cond_br %{{.*}}, ^bb1(%{{.*}} : i32), ^bb2(%{{.*}} : i32)
// LEGAL: ^bb2(%[[A:.*]]: i32):
// LEGAL-NEXT: llvm.br ^bb1(%[[A]] : i32)
llvm.func @dup(%c: i1, %a: i32, %b: i32) {
  llvm.cond_br %c, ^bb1(%a: i32), ^bb1(%b: i32)
^bb1(%x: i32):
  llvm.return
}
