// RUN: pyopt %s --pass-pipeline="builtin.module(llvm.func(mem2reg))" | filecheck %s

// CHECK-DAG: #[[I:[a-z_0-9]+]] = #llvm.di_local_variable<{{.*}}name = "i"
// CHECK-DAG: #[[P:[a-z_0-9]+]] = #llvm.di_local_variable<{{.*}}name = "p"

#file = #llvm.di_file<"counter.c" in "/src">
#cu = #llvm.di_compile_unit<id = distinct[0]<>, sourceLanguage = DW_LANG_C11, file = #file, producer = "handwritten", isOptimized = true, emissionKind = Full>
#sp = #llvm.di_subprogram<compileUnit = #cu, scope = #file, name = "count", file = #file, line = 1, subprogramFlags = Definition>
#int = #llvm.di_basic_type<tag = DW_TAG_base_type, name = "int", sizeInBits = 32, encoding = DW_ATE_signed>
#i = #llvm.di_local_variable<scope = #sp, name = "i", file = #file, line = 2, type = #int>
#p = #llvm.di_local_variable<scope = #sp, name = "p", file = #file, line = 3, type = #int>

// The declared variable is described by a dbg.value after every store and at the start
// of every block that receives the content as an argument.
// CHECK-LABEL: llvm.func @count(%arg0: i32) -> i32 {
// CHECK-NEXT: %0 = llvm.mlir.constant(0 : i32) : i32
// CHECK-NEXT: %1 = llvm.mlir.constant(1 : i32) : i32
// CHECK-NEXT: llvm.intr.dbg.value #[[I]] = %0 : i32
// CHECK-NEXT: llvm.br ^bb1(%0 : i32)
// CHECK-NEXT: ^bb1(%2: i32):  // 2 preds: ^bb0, ^bb2
// CHECK-NEXT: llvm.intr.dbg.value #[[I]] = %2 : i32
// CHECK-NEXT: %3 = llvm.icmp "slt" %2, %arg0 : i32
// CHECK-NEXT: llvm.cond_br %3, ^bb2, ^bb3
// CHECK-NEXT: ^bb2:  // pred: ^bb1
// CHECK-NEXT: %4 = llvm.add %2, %1 : i32
// CHECK-NEXT: llvm.intr.dbg.value #[[I]] = %4 : i32
// CHECK-NEXT: llvm.br ^bb1(%4 : i32)
// CHECK-NEXT: ^bb3:  // pred: ^bb1
// CHECK-NEXT: llvm.return %2 : i32
// CHECK-NEXT: }
llvm.func @count(%n: i32) -> i32 {
  %c0 = llvm.mlir.constant(0 : i32) : i32
  %c1 = llvm.mlir.constant(1 : i32) : i32
  %i = llvm.alloca %c1 x i32 : (i32) -> !llvm.ptr
  llvm.intr.dbg.declare #i = %i : !llvm.ptr
  llvm.store %c0, %i : i32, !llvm.ptr
  llvm.br ^head
^head:
  %cur = llvm.load %i : !llvm.ptr -> i32
  %more = llvm.icmp "slt" %cur, %n : i32
  llvm.cond_br %more, ^body, ^exit
^body:
  %next = llvm.add %cur, %c1 : i32
  llvm.store %next, %i : i32, !llvm.ptr
  llvm.br ^head
^exit:
  llvm.return %cur : i32
}

// A dbg.value of the slot pointer itself is kept, describing an undefined value.
// CHECK-LABEL: llvm.func @pointer_value() {
// CHECK-NEXT: %0 = llvm.mlir.constant(1 : i32) : i32
// CHECK-NEXT: %1 = llvm.mlir.undef : !llvm.ptr
// CHECK-NEXT: llvm.intr.dbg.value #[[P]] = %1 : !llvm.ptr
// CHECK-NEXT: llvm.return
// CHECK-NEXT: }
llvm.func @pointer_value() {
  %c1 = llvm.mlir.constant(1 : i32) : i32
  %p = llvm.alloca %c1 x i32 : (i32) -> !llvm.ptr
  llvm.intr.dbg.value #p = %p : !llvm.ptr
  llvm.return
}
