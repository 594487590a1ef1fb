// Seed 001, "conversion to the LLVM dialect": the lowering is progressive, one dialect per pass,
// with unrealized_conversion_cast between converted and unconverted values until
// reconcile-unrealized-casts removes the casts that became no-ops.
// RUN: pyopt %s --convert-scf-to-cf --convert-complex-to-llvm --convert-math-to-llvm --convert-index-to-llvm --convert-arith-to-llvm --convert-cf-to-llvm --convert-func-to-llvm --reconcile-unrealized-casts | filecheck %s
// RUN: pyopt %s --convert-complex-to-llvm | filecheck %s --check-prefix=PARTIAL

// CHECK: llvm.func @abort()
// CHECK: llvm.func @puts(!llvm.ptr)
// CHECK: llvm.mlir.global private constant @assert_msg(dense<[110, 32, 109, 117, 115, 116, 32, 98, 101, 32, 112, 111, 115, 105, 116, 105, 118, 101, 0]> : tensor<19xi8>) {addr_space = 0 : i32} : !llvm.array<19 x i8>
// CHECK-LABEL: llvm.func @accumulate(
// CHECK-SAME: %[[N:.*]]: i64, %[[Z:.*]]: !llvm.struct<(f32, f32)>, %[[X:.*]]: f32) -> f32 {
// CHECK-NEXT:   %[[C0:.*]] = llvm.mlir.constant(0 : index) : i64
// CHECK-NEXT:   %[[C1:.*]] = llvm.mlir.constant(1 : index) : i64
// CHECK-NEXT:   %[[OK:.*]] = llvm.icmp "sgt" %[[N]], %[[C0]] : i64
// CHECK-NEXT:   llvm.cond_br %[[OK]], ^[[BODY:.*]], ^[[FAIL:.*]]
// CHECK-NEXT: ^[[BODY]]:
// CHECK-NEXT:   %[[RE:.*]] = llvm.extractvalue %[[Z]][0] : !llvm.struct<(f32, f32)>
// CHECK-NEXT:   llvm.br ^[[HEAD:.*]](%[[C0]], %[[RE]] : i64, f32)
// CHECK-NEXT: ^[[HEAD]](%[[I:.*]]: i64, %[[ACC:.*]]: f32):
// CHECK-NEXT:   %[[LT:.*]] = llvm.icmp "slt" %[[I]], %[[N]] : i64
// CHECK-NEXT:   llvm.cond_br %[[LT]], ^[[LOOP:.*]], ^[[EXIT:.*]]
// CHECK-NEXT: ^[[LOOP]]:
// CHECK-NEXT:   %[[S:.*]] = llvm.intr.sqrt(%[[X]]) : (f32) -> f32
// CHECK-NEXT:   %[[T:.*]] = llvm.fadd %[[ACC]], %[[S]] : f32
// CHECK-NEXT:   %[[NEXT:.*]] = llvm.add %[[I]], %[[C1]] : i64
// CHECK-NEXT:   llvm.br ^[[HEAD]](%[[NEXT]], %[[T]] : i64, f32)
// CHECK-NEXT: ^[[EXIT]]:
// CHECK-NEXT:   %[[W:.*]] = llvm.add %[[N]], %[[C1]] : i64
// CHECK-NEXT:   %[[WF:.*]] = llvm.sitofp %[[W]] : i64 to f32
// CHECK-NEXT:   %[[R:.*]] = llvm.fmul %[[ACC]], %[[WF]] : f32
// CHECK-NEXT:   llvm.return %[[R]] : f32
// CHECK-NEXT: ^[[FAIL]]:
// CHECK-NEXT:   %[[MSG:.*]] = llvm.mlir.addressof @assert_msg : !llvm.ptr
// CHECK-NEXT:   %[[STR:.*]] = llvm.getelementptr %[[MSG]][0] : (!llvm.ptr) -> !llvm.ptr, !llvm.array<19 x i8>
// CHECK-NEXT:   llvm.call @puts(%[[STR]]) : (!llvm.ptr) -> ()
// CHECK-NEXT:   llvm.call @abort() : () -> ()
// CHECK-NEXT:   llvm.unreachable

// Converting one dialect alone leaves casts at the boundary with the unconverted ops.
// PARTIAL-LABEL: func.func @accumulate(
// PARTIAL-SAME: %[[N:.*]]: index, %[[Z:.*]]: complex<f32>, %[[X:.*]]: f32) -> f32 {
// PARTIAL: %[[ZS:.*]] = builtin.unrealized_conversion_cast %[[Z]] : complex<f32> to !llvm.struct<(f32, f32)>
// PARTIAL: llvm.extractvalue %[[ZS]][0] : !llvm.struct<(f32, f32)>
// PARTIAL: scf.for
func.func @accumulate(%n: index, %z: complex<f32>, %x: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %ok = arith.cmpi sgt, %n, %c0 : index
  cf.assert %ok, "n must be positive"
  %re = complex.re %z : complex<f32>
  %sum = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %re) -> (f32) {
    %s = math.sqrt %x : f32
    %t = arith.addf %acc, %s : f32
    scf.yield %t : f32
  }
  %w = index.add %n, %c1
  %wi = index.casts %w : index to i64
  %wf = arith.sitofp %wi : i64 to f32
  %r = arith.mulf %sum, %wf : f32
  return %r : f32
}
