// Memory effects of LLVM and affine accesses as CSE sees them: plain loads only read (equal
// loads merge, unused ones go), volatile and acquire loads may touch anything, memcpy and
// stores write.
// RUN: pyopt %s --cse | filecheck %s

// CHECK-LABEL: llvm.func @f
// CHECK-NEXT:    %[[A:.*]] = llvm.load %arg0 : !llvm.ptr -> i32
// CHECK-NEXT:    llvm.add %[[A]], %[[A]] : i32
// CHECK-NEXT:    llvm.load volatile %arg0
// CHECK-NEXT:    llvm.load volatile %arg0
// CHECK-NEXT:    llvm.load %arg0 atomic acquire
// CHECK-NEXT:    llvm.load %arg0 atomic acquire
// CHECK-NEXT:    llvm.load %arg0 : !llvm.ptr -> i32
// CHECK-NEXT:    "llvm.intr.memcpy"
// CHECK-NEXT:    llvm.load %arg0 : !llvm.ptr -> i32
// CHECK-NOT:     llvm.load

// CHECK-LABEL: func.func @g
// CHECK-NEXT:    %[[L:.*]] = affine.load %arg0[%arg1]
// CHECK-NEXT:    %[[S:.*]] = arith.addf %[[L]], %[[L]] : f32
// CHECK-NEXT:    affine.store %[[S]], %arg0[%arg1]
// CHECK-NEXT:    affine.load %arg0[%arg1]
llvm.func @f(%p: !llvm.ptr, %q: !llvm.ptr, %n: i64) -> i32 {
  %a = llvm.load %p : !llvm.ptr -> i32
  %b = llvm.load %p : !llvm.ptr -> i32
  %c = llvm.add %a, %b : i32
  %v = llvm.load volatile %p : !llvm.ptr -> i32
  %w = llvm.load volatile %p : !llvm.ptr -> i32
  %x = llvm.load %p atomic acquire {alignment = 4 : i64} : !llvm.ptr -> i32
  %y = llvm.load %p atomic acquire {alignment = 4 : i64} : !llvm.ptr -> i32
  %dead = llvm.load %q : !llvm.ptr -> i32
  %d = llvm.load %p : !llvm.ptr -> i32
  "llvm.intr.memcpy"(%p, %q, %n) <{isVolatile = false}> : (!llvm.ptr, !llvm.ptr, i64) -> ()
  %e = llvm.load %p : !llvm.ptr -> i32
  %s1 = llvm.add %c, %v : i32
  %s2 = llvm.add %s1, %w : i32
  %s3 = llvm.add %s2, %x : i32
  %s4 = llvm.add %s3, %y : i32
  %s5 = llvm.add %s4, %d : i32
  %s6 = llvm.add %s5, %e : i32
  llvm.return %s6 : i32
}
func.func @g(%m: memref<4xf32>, %i: index) -> f32 {
  %a = affine.load %m[%i] : memref<4xf32>
  %b = affine.load %m[%i] : memref<4xf32>
  %u = affine.load %m[0] : memref<4xf32>
  %s = arith.addf %a, %b : f32
  affine.store %s, %m[%i] : memref<4xf32>
  %c = affine.load %m[%i] : memref<4xf32>
  %t = arith.addf %s, %c : f32
  return %t : f32
}
