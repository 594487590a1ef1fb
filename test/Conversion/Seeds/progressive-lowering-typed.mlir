// Seed 001, "conversion to the LLVM dialect", every pass in typed-pointer mode: only the
// cf.assert message involves pointers, an `!llvm.ptr<array<N x i8>>` global address
// narrowed to the `!llvm.ptr<i8>` that puts takes (mlir-opt 16 output; mlir-opt 16 named the
// global @assert_msg_0 where mlir-opt 19 names it @assert_msg).
// RUN: pyopt %s --convert-scf-to-cf --convert-complex-to-llvm=use-opaque-pointers=0 --convert-math-to-llvm=use-opaque-pointers=0 --convert-index-to-llvm=use-opaque-pointers=0 --convert-arith-to-llvm=use-opaque-pointers=0 --convert-cf-to-llvm=use-opaque-pointers=0 --convert-func-to-llvm=use-opaque-pointers=0 --reconcile-unrealized-casts | filecheck %s

// CHECK: llvm.func @puts(!llvm.ptr<i8>)
// CHECK: llvm.mlir.global private constant @[[GLOBAL:assert_msg[_0]*]](dense<[110, 32, 109, 117, 115, 116, 32, 98, 101, 32, 112, 111, 115, 105, 116, 105, 118, 101, 0]> : tensor<19xi8>) {addr_space = 0 : i32} : !llvm.array<19 x i8>
// CHECK-LABEL: llvm.func @accumulate(
// CHECK-SAME: %{{.*}}: i64, %{{.*}}: !llvm.struct<(f32, f32)>, %{{.*}}: f32) -> f32 {
// CHECK:        %[[MSG:.*]] = llvm.mlir.addressof @[[GLOBAL]] : !llvm.ptr<array<19 x i8>>
// CHECK-NEXT:   %[[STR:.*]] = llvm.getelementptr %[[MSG]][0] : (!llvm.ptr<array<19 x i8>>) -> !llvm.ptr<i8>
// CHECK-NEXT:   llvm.call @puts(%[[STR]]) : (!llvm.ptr<i8>) -> ()
// CHECK-NEXT:   llvm.call @abort() : () -> ()
// CHECK-NEXT:   llvm.unreachable
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
