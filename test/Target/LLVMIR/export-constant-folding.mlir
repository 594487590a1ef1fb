// Operations on constants fold as LLVM 19's IRBuilder folds them: insertelement chains into
// constant vectors, extractelement of constant vectors, integer/float arithmetic with LLVM's
// identity, poison and undef rules, and add/sub/mul/xor constant expressions (with wrap flags)
// where an operand is symbolic.
// RUN: pytranslate -mlir-to-llvmir %s | filecheck %s

llvm.mlir.global external @g(0 : i32) : i32

// CHECK: @sym = global i64 add (i64 mul nsw (i64 ptrtoint (ptr @g to i64), i64 3), i64 8)
llvm.mlir.global external @sym() : i64 {
  %0 = llvm.mlir.addressof @g : !llvm.ptr
  %1 = llvm.ptrtoint %0 : !llvm.ptr to i64
  %2 = llvm.mlir.constant(3 : i64) : i64
  %3 = llvm.mlir.constant(5 : i64) : i64
  %4 = llvm.mul %1, %2 overflow<nsw> : i64
  %5 = llvm.add %4, %3 : i64
  %6 = llvm.mlir.constant(3 : i64) : i64
  %7 = llvm.add %6, %5 : i64
  llvm.return %7 : i64
}

llvm.func @use(i32)
llvm.func @usev(vector<4xi32>)
llvm.func @used(f64)

// CHECK-LABEL: define void @vectors(i32 %0)
llvm.func @vectors(%x: i32) {
  %u = llvm.mlir.undef : vector<4xi32>
  %c = llvm.mlir.constant(dense<[1, 2, 3, 4]> : vector<4xi32>) : vector<4xi32>
  %i0 = llvm.mlir.constant(0 : i32) : i32
  %i1 = llvm.mlir.constant(1 : i64) : i64
  %i9 = llvm.mlir.constant(9 : i32) : i32
  %e7 = llvm.mlir.constant(7 : i32) : i32
  %p = llvm.mlir.poison : i32
  %a = llvm.insertelement %e7, %u[%i0 : i32] : vector<4xi32>
  %b = llvm.insertelement %p, %a[%i1 : i64] : vector<4xi32>
  // CHECK: call void @usev(<4 x i32> <i32 7, i32 poison, i32 undef, i32 undef>)
  llvm.call @usev(%b) : (vector<4xi32>) -> ()
  // CHECK: %[[V:.*]] = insertelement <4 x i32> <i32 7, i32 undef, i32 undef, i32 undef>, i32 %0, i64 1
  // CHECK: call void @usev(<4 x i32> %[[V]])
  %d = llvm.insertelement %x, %a[%i1 : i64] : vector<4xi32>
  llvm.call @usev(%d) : (vector<4xi32>) -> ()
  // CHECK: call void @usev(<4 x i32> poison)
  %o = llvm.insertelement %e7, %c[%i9 : i32] : vector<4xi32>
  llvm.call @usev(%o) : (vector<4xi32>) -> ()
  // CHECK: call void @use(i32 2)
  %x1 = llvm.extractelement %c[%i1 : i64] : vector<4xi32>
  llvm.call @use(%x1) : (i32) -> ()
  // CHECK: call void @usev(<4 x i32> <i32 8, i32 9, i32 10, i32 11>)
  %s = llvm.mlir.constant(dense<7> : vector<4xi32>) : vector<4xi32>
  %v = llvm.add %c, %s : vector<4xi32>
  llvm.call @usev(%v) : (vector<4xi32>) -> ()
  llvm.return
}

// CHECK-LABEL: define void @scalars()
llvm.func @scalars() {
  %ga = llvm.mlir.addressof @g : !llvm.ptr
  %ce = llvm.ptrtoint %ga : !llvm.ptr to i32
  %c0 = llvm.mlir.constant(0 : i32) : i32
  %c3 = llvm.mlir.constant(3 : i32) : i32
  %m1 = llvm.mlir.constant(-1 : i32) : i32
  %min = llvm.mlir.constant(-2147483648 : i32) : i32
  %u = llvm.mlir.undef : i32
  %p = llvm.mlir.poison : i32
  // CHECK-NEXT: call void @use(i32 -268435456)
  %r1 = llvm.ashr %min, %c3 : i32
  llvm.call @use(%r1) : (i32) -> ()
  // CHECK-NEXT: call void @use(i32 poison)
  %s0 = llvm.sdiv %min, %m1 : i32
  llvm.call @use(%s0) : (i32) -> ()
  // CHECK-NEXT: call void @use(i32 -1)
  %s1 = llvm.or %ce, %u : i32
  llvm.call @use(%s1) : (i32) -> ()
  // CHECK-NEXT: call void @use(i32 poison)
  %s2 = llvm.add %ce, %p : i32
  llvm.call @use(%s2) : (i32) -> ()
  // CHECK-NEXT: call void @use(i32 0)
  %s3 = llvm.mul %ce, %c0 : i32
  llvm.call @use(%s3) : (i32) -> ()
  // CHECK-NEXT: call void @use(i32 ptrtoint (ptr @g to i32))
  %s4 = llvm.xor %c0, %ce : i32
  llvm.call @use(%s4) : (i32) -> ()
  // CHECK-NEXT: call void @use(i32 sub (i32 3, i32 ptrtoint (ptr @g to i32)))
  %s5 = llvm.sub %c3, %ce : i32
  llvm.call @use(%s5) : (i32) -> ()
  // CHECK-NEXT: %[[S:.*]] = or i32 3, ptrtoint (ptr @g to i32)
  // CHECK-NEXT: call void @use(i32 %[[S]])
  %s6 = llvm.or %c3, %ce : i32
  llvm.call @use(%s6) : (i32) -> ()
  llvm.return
}

// CHECK-LABEL: define void @floats()
llvm.func @floats() {
  %a = llvm.mlir.constant(3.0 : f64) : f64
  %b = llvm.mlir.constant(0.1 : f64) : f64
  %z = llvm.mlir.constant(-0.0 : f64) : f64
  %u = llvm.mlir.undef : f64
  %tiny = llvm.mlir.constant(1.0e-320 : f64) : f64
  // CHECK-NEXT: call void @used(double 0x3FD3333333333334)
  %r0 = llvm.fmul %a, %b : f64
  llvm.call @used(%r0) : (f64) -> ()
  // CHECK-NEXT: call void @used(double 3.000000e+00)
  %r1 = llvm.fadd %z, %a : f64
  llvm.call @used(%r1) : (f64) -> ()
  // CHECK-NEXT: call void @used(double 0x7FF8000000000000)
  %r2 = llvm.fdiv %a, %u : f64
  llvm.call @used(%r2) : (f64) -> ()
  // CHECK-NEXT: call void @used(double 9.999880e-321)
  llvm.call @used(%tiny) : (f64) -> ()
  // CHECK-NEXT: call void @used(double -3.000000e+00)
  %r3 = llvm.fneg %a : f64
  llvm.call @used(%r3) : (f64) -> ()
  llvm.return
}

llvm.func @usei1(i1)
llvm.func @usef(f32)

// CHECK-LABEL: define void @compares()
llvm.func @compares() {
  %a = llvm.mlir.constant(3 : i32) : i32
  %b = llvm.mlir.constant(-1 : i32) : i32
  %ga = llvm.mlir.addressof @g : !llvm.ptr
  %n = llvm.mlir.zero : !llvm.ptr
  %ce = llvm.ptrtoint %ga : !llvm.ptr to i32
  %x = llvm.mlir.constant(1.5 : f32) : f32
  %y = llvm.mlir.constant(2.5 : f32) : f32
  %t = llvm.mlir.constant(true) : i1
  // CHECK-NEXT: call void @usei1(i1 false)
  %c0 = llvm.icmp "slt" %a, %b : i32
  llvm.call @usei1(%c0) : (i1) -> ()
  // CHECK-NEXT: call void @usei1(i1 true)
  %c1 = llvm.icmp "ult" %a, %b : i32
  llvm.call @usei1(%c1) : (i1) -> ()
  // CHECK-NEXT: call void @usei1(i1 false)
  %c2 = llvm.icmp "eq" %ga, %n : !llvm.ptr
  llvm.call @usei1(%c2) : (i1) -> ()
  // CHECK-NEXT: %[[C:.*]] = icmp eq i32 ptrtoint (ptr @g to i32), 3
  %c3 = llvm.icmp "eq" %ce, %a : i32
  // CHECK-NEXT: call void @usei1(i1 true)
  %c4 = llvm.fcmp "olt" %x, %y : f32
  llvm.call @usei1(%c4) : (i1) -> ()
  // CHECK-NEXT: call void @usef(float 1.500000e+00)
  %s = llvm.select %t, %x, %y : i1, f32
  llvm.call @usef(%s) : (f32) -> ()
  // CHECK-NEXT: select i1 %[[C]], float 1.500000e+00, float 2.500000e+00
  %s2 = llvm.select %c3, %x, %y : i1, f32
  llvm.call @usef(%s2) : (f32) -> ()
  llvm.return
}
