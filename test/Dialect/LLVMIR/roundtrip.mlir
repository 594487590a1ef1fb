// RUN: pyopt %s | pyopt | filecheck %s
// RUN: pyopt %s --mlir-print-op-generic | filecheck %s --check-prefix=GENERIC

llvm.func @callee(i32) -> i32
llvm.func @vararg(i32, ...)
llvm.mlir.global internal constant @str("abc")
llvm.mlir.global private @counter(0 : i64) {addr_space = 1 : i32, alignment = 8 : i64} : i64
llvm.mlir.global external @init() : !llvm.ptr {
  %0 = llvm.mlir.zero : !llvm.ptr
  llvm.return %0 : !llvm.ptr
}

// CHECK: llvm.mlir.global internal constant @str("abc") {addr_space = 0 : i32}
// CHECK: llvm.mlir.global private @counter(0 : i64) {addr_space = 1 : i32, alignment = 8 : i64} : i64
// CHECK: llvm.mlir.global external @init() {addr_space = 0 : i32} : !llvm.ptr {
// GENERIC: "llvm.mlir.global"() <{addr_space = 0 : i32, constant, global_type = !llvm.array<3 x i8>, linkage = #llvm.linkage<internal>, sym_name = "str", unnamed_addr = 0 : i64, value = "abc", visibility_ = 0 : i64}>

// CHECK-LABEL: llvm.func internal fastcc @ops(%arg0: i32, %arg1: f32, %arg2: !llvm.ptr, %arg3: vector<4xf32>) -> i32
// GENERIC: "llvm.func"() <{CConv = #llvm.cconv<fastcc>, function_type = !llvm.func<i32 (i32, f32, ptr, vector<4xf32>)>, linkage = #llvm.linkage<internal>, sym_name = "ops", unnamed_addr = 0 : i64, visibility_ = 0 : i64}>
llvm.func internal fastcc @ops(%a: i32, %f: f32, %p: !llvm.ptr, %v: vector<4xf32>) -> i32 {
  // CHECK-NEXT: llvm.add %arg0, %arg0 overflow<nsw, nuw> : i32
  // GENERIC: "llvm.add"(%arg0, %arg0) <{overflowFlags = #llvm.overflow<nsw, nuw>}> : (i32, i32) -> i32
  %0 = llvm.add %a, %a overflow<nuw, nsw> : i32
  // CHECK-NEXT: llvm.sub %arg0, %arg0 : i32
  // GENERIC: "llvm.sub"(%arg0, %arg0) <{overflowFlags = #llvm.overflow<none>}> : (i32, i32) -> i32
  %1 = llvm.sub %a, %a : i32
  // The attr-dict of these ops follows a custom directive: two spaces before it.
  // CHECK-NEXT: llvm.fadd %arg1, %arg1  {fastmathFlags = #llvm.fastmath<fast>} : f32
  %2 = llvm.fadd %f, %f {fastmathFlags = #llvm.fastmath<fast>} : f32
  // CHECK-NEXT: llvm.fmul %arg1, %arg1  : f32
  // GENERIC: "llvm.fmul"(%arg1, %arg1) <{fastmathFlags = #llvm.fastmath<none>}> : (f32, f32) -> f32
  %3 = llvm.fmul %f, %f : f32
  // CHECK-NEXT: llvm.icmp "uge" %arg0, %arg0 : i32
  // GENERIC: "llvm.icmp"(%arg0, %arg0) <{predicate = 9 : i64}> : (i32, i32) -> i1
  %4 = llvm.icmp "uge" %a, %a : i32
  // CHECK-NEXT: llvm.fcmp "_false" %arg3, %arg3 {fastmathFlags = #llvm.fastmath<nnan>} : vector<4xf32>
  %5 = llvm.fcmp "_false" %v, %v {fastmathFlags = #llvm.fastmath<nnan>} : vector<4xf32>
  // CHECK-NEXT: llvm.alloca inalloca %arg0 x i64 {alignment = 16 : i64} : (i32) -> !llvm.ptr
  // GENERIC: "llvm.alloca"(%arg0) <{alignment = 16 : i64, elem_type = i64, inalloca}> : (i32) -> !llvm.ptr
  %6 = llvm.alloca inalloca %a x i64 {alignment = 16 : i64} : (i32) -> !llvm.ptr
  // CHECK-NEXT: llvm.getelementptr inbounds %{{.*}}[%arg0, 1, 0] : (!llvm.ptr, i32) -> !llvm.ptr, !llvm.struct<(i8, array<4 x i32>)>
  // GENERIC: "llvm.getelementptr"(%{{.*}}, %arg0) <{elem_type = !llvm.struct<(i8, array<4 x i32>)>, inbounds, rawConstantIndices = array<i32: -2147483648, 1, 0>}>
  %7 = llvm.getelementptr inbounds %6[%a, 1, 0] : (!llvm.ptr, i32) -> !llvm.ptr, !llvm.struct<(i8, array<4 x i32>)>
  // CHECK-NEXT: llvm.load volatile %{{.*}} atomic syncscope("agent") acquire {alignment = 4 : i64} : !llvm.ptr -> i32
  %8 = llvm.load volatile %7 atomic syncscope("agent") acquire {alignment = 4 : i64} : !llvm.ptr -> i32
  // CHECK-NEXT: llvm.store %{{.*}}, %{{.*}} {nontemporal} : i32, !llvm.ptr
  // GENERIC: "llvm.store"(%{{.*}}, %{{.*}}) <{nontemporal, ordering = 0 : i64}> : (i32, !llvm.ptr) -> ()
  llvm.store %8, %7 {nontemporal} : i32, !llvm.ptr
  // CHECK-NEXT: llvm.call @callee(%arg0) : (i32) -> i32
  %9 = llvm.call @callee(%a) : (i32) -> i32
  // CHECK-NEXT: llvm.call tail @vararg(%arg0, %arg1) vararg(!llvm.func<void (i32, ...)>) : (i32, f32) -> ()
  llvm.call tail @vararg(%a, %f) vararg(!llvm.func<void (i32, ...)>) : (i32, f32) -> ()
  // CHECK-NEXT: %[[FN:.*]] = llvm.mlir.addressof @callee : !llvm.ptr
  %10 = llvm.mlir.addressof @callee : !llvm.ptr
  // CHECK-NEXT: llvm.call %[[FN]](%arg0) : !llvm.ptr, (i32) -> i32
  // GENERIC: "llvm.call"(%{{.*}}, %arg0) <{CConv = #llvm.cconv<ccc>, TailCallKind = #llvm.tailcallkind<none>, fastmathFlags = #llvm.fastmath<none>}> : (!llvm.ptr, i32) -> i32
  %11 = llvm.call %10(%a) : !llvm.ptr, (i32) -> i32
  // CHECK-NEXT: llvm.mlir.undef : !llvm.struct<(i32, f32)>
  %12 = llvm.mlir.undef : !llvm.struct<(i32, f32)>
  // CHECK-NEXT: %[[S:.*]] = llvm.insertvalue %arg1, %{{.*}}[1] : !llvm.struct<(i32, f32)>
  %13 = llvm.insertvalue %f, %12[1] : !llvm.struct<(i32, f32)>
  // CHECK-NEXT: llvm.extractvalue %[[S]][0] : !llvm.struct<(i32, f32)>
  // GENERIC: "llvm.extractvalue"(%{{.*}}) <{position = array<i64: 0>}> : (!llvm.struct<(i32, f32)>) -> i32
  %14 = llvm.extractvalue %13[0] : !llvm.struct<(i32, f32)>
  // CHECK-NEXT: llvm.extractelement %arg3[%arg0 : i32] : vector<4xf32>
  %15 = llvm.extractelement %v[%a : i32] : vector<4xf32>
  // CHECK-NEXT: llvm.shufflevector %arg3, %arg3 [0, 1] : vector<4xf32>
  // GENERIC: "llvm.shufflevector"(%arg3, %arg3) <{mask = array<i32: 0, 1>}> : (vector<4xf32>, vector<4xf32>) -> vector<2xf32>
  %16 = llvm.shufflevector %v, %v [0, 1] : vector<4xf32>
  // CHECK-NEXT: llvm.select %{{.*}}, %arg0, %arg0 : i1, i32
  %17 = llvm.select %4, %a, %a : i1, i32
  // CHECK-NEXT: llvm.zext %arg0 : i32 to i64
  %18 = llvm.zext %a : i32 to i64
  // CHECK-NEXT: llvm.atomicrmw _and %arg2, %arg0 seq_cst : !llvm.ptr, i32
  %19 = llvm.atomicrmw _and %p, %a seq_cst : !llvm.ptr, i32
  // CHECK-NEXT: llvm.cmpxchg weak %arg2, %arg0, %arg0 acq_rel monotonic : !llvm.ptr, i32
  // GENERIC: "llvm.cmpxchg"(%arg2, %arg0, %arg0) <{failure_ordering = 2 : i64, success_ordering = 6 : i64, weak}> : (!llvm.ptr, i32, i32) -> !llvm.struct<(i32, i1)>
  %20 = llvm.cmpxchg weak %p, %a, %a acq_rel monotonic : !llvm.ptr, i32
  // CHECK-NEXT: llvm.fence syncscope("agent") release
  llvm.fence syncscope("agent") release
  // CHECK-NEXT: llvm.intr.fma(%arg1, %arg1, %arg1)  {fastmathFlags = #llvm.fastmath<contract>} : (f32, f32, f32) -> f32
  %21 = llvm.intr.fma(%f, %f, %f) {fastmathFlags = #llvm.fastmath<contract>} : (f32, f32, f32) -> f32
  // CHECK-NEXT: llvm.mlir.constant(42 : i32) : i32
  %22 = llvm.mlir.constant(42 : i32) : i32
  // CHECK-NEXT: llvm.cond_br %{{.*}} weights([1, 2]), ^bb1, ^bb2(%arg0 : i32)
  llvm.cond_br %4 weights([1, 2]), ^bb1, ^bb2(%a : i32)
^bb1:
  // CHECK: llvm.switch %arg0 : i32, ^bb2(%arg0 : i32) [
  // CHECK-NEXT:   1: ^bb1,
  // CHECK-NEXT:   4294967295: ^bb2(%{{.*}} : i32)
  // CHECK-NEXT: ]
  llvm.switch %a : i32, ^bb2(%a : i32) [
    1: ^bb1,
    -1: ^bb2(%9 : i32)
  ]
^bb2(%r: i32):
  // CHECK: llvm.return %{{.*}} : i32
  llvm.return %r : i32
}
