// Folders of LLVM dialect ops (llvm.func(canonicalize)); expectations from mlir-opt 19.
// RUN: pyopt %s --pass-pipeline="builtin.module(llvm.func(canonicalize))" | filecheck %s

// CHECK-LABEL: llvm.func @ints
// zext of -2 : i8 is 254; shl by 3 gives 2032; an over-wide shift is left alone.
// CHECK-DAG:     %[[C15:.*]] = llvm.mlir.constant(15 : i32) : i32
// CHECK-DAG:     %[[C40:.*]] = llvm.mlir.constant(40 : i32) : i32
// CHECK-DAG:     %[[C254:.*]] = llvm.mlir.constant(254 : i32) : i32
// CHECK-DAG:     %[[C2032:.*]] = llvm.mlir.constant(2032 : i32) : i32
// CHECK:         %[[SH:.*]] = llvm.shl %[[C2032]], %[[C40]] : i32
// CHECK:         %[[OR:.*]] = llvm.or %[[SH]], %[[C254]]  : i32
// CHECK:         llvm.add %[[OR]], %[[C15]] : i32

// CHECK-LABEL: llvm.func @casts(
// CHECK-NEXT:    llvm.return %arg0 : !llvm.ptr

// An alloca is never null; cmp of a value with itself is known for eq/ne only.
// CHECK-LABEL: llvm.func @cmp
// CHECK-NEXT:    %[[F:.*]] = llvm.mlir.constant(false) : i1
// CHECK-NEXT:    %[[T:.*]] = llvm.mlir.constant(true) : i1
// CHECK-NEXT:    %[[SGE:.*]] = llvm.icmp "sge" %arg0, %arg0 : i64
// CHECK-NEXT:    llvm.and %[[F]], %[[T]]
// CHECK-NOT:     llvm.alloca

// CHECK-LABEL: llvm.func @aggregates
// CHECK:         %[[IV0:.*]] = llvm.insertvalue %arg0, %arg2[0]
// CHECK:         %[[IV1:.*]] = llvm.insertvalue %arg1, %[[IV0]][1, 1]
// CHECK:         %[[E10:.*]] = llvm.extractvalue %arg2[1, 0]
// CHECK:         %[[E1:.*]] = llvm.extractvalue %[[IV1]][1]
// CHECK:         %[[E11:.*]] = llvm.extractvalue %[[E1]][1]
// CHECK:         llvm.sitofp %arg0 : i64 to f32

// CHECK-LABEL: llvm.func @geps
// CHECK-NEXT:    %[[HUGE:.*]] = llvm.mlir.constant(8589934592 : i64) : i64
// CHECK-NEXT:    %[[G1:.*]] = llvm.getelementptr %arg0[5, 1] : (!llvm.ptr) -> !llvm.ptr, !llvm.struct<(i32, f32)>
// CHECK-NEXT:    %[[G2:.*]] = llvm.getelementptr %[[G1]][%arg1, 5] : (!llvm.ptr, i64) -> !llvm.ptr, !llvm.array<8 x i8>
// CHECK-NEXT:    %[[G3:.*]] = llvm.getelementptr %[[G2]][%[[HUGE]]] : (!llvm.ptr, i64) -> !llvm.ptr, i8
// CHECK-NEXT:    llvm.call @use(%arg1, %[[G3]])

// Constant-like ops are kept (only uniqued): llvm.mlir.zero stays even for builtin types.
// CHECK-LABEL: llvm.func @consts
// CHECK-NEXT:    %[[Z:.*]] = llvm.mlir.zero : f64
// CHECK-NEXT:    %[[ZV:.*]] = llvm.mlir.zero : vector<4xi32>
// CHECK-NEXT:    %[[ZS:.*]] = llvm.mlir.zero : !llvm.struct<(f64, vector<4xi32>)>
// CHECK-NEXT:    %[[I0:.*]] = llvm.insertvalue %[[Z]], %[[ZS]][0]
// CHECK-NEXT:    %[[I1:.*]] = llvm.insertvalue %[[ZV]], %[[I0]][1]
// CHECK-NEXT:    llvm.return %[[I1]]

llvm.func @use(i64, !llvm.ptr)

llvm.func @ints() -> i32 {
  %a = llvm.mlir.constant(-2 : i8) : i8
  %z = llvm.zext %a : i8 to i32
  %s = llvm.mlir.constant(3 : i32) : i32
  %big = llvm.mlir.constant(40 : i32) : i32
  %sh = llvm.shl %z, %s : i32
  %keep = llvm.shl %sh, %big : i32
  %o = llvm.or %keep, %z : i32
  %c12 = llvm.mlir.constant(12 : i32) : i32
  %o2 = llvm.or %c12, %s : i32
  %r = llvm.add %o, %o2 : i32
  llvm.return %r : i32
}

llvm.func @casts(%p: !llvm.ptr) -> !llvm.ptr {
  %0 = llvm.bitcast %p : !llvm.ptr to !llvm.ptr
  %1 = llvm.addrspacecast %0 : !llvm.ptr to !llvm.ptr<1>
  %2 = llvm.addrspacecast %1 : !llvm.ptr<1> to !llvm.ptr<2>
  %3 = llvm.addrspacecast %2 : !llvm.ptr<2> to !llvm.ptr<1>
  %4 = llvm.addrspacecast %3 : !llvm.ptr<1> to !llvm.ptr
  llvm.return %4 : !llvm.ptr
}

llvm.func @cmp(%x: i64) -> i1 {
  %one = llvm.mlir.constant(1 : i32) : i32
  %a = llvm.alloca %one x i64 : (i32) -> !llvm.ptr
  %null = llvm.mlir.zero : !llvm.ptr
  %c0 = llvm.icmp "eq" %a, %null : !llvm.ptr
  %c1 = llvm.icmp "ne" %null, %a : !llvm.ptr
  %c2 = llvm.icmp "sge" %x, %x : i64
  %c3 = llvm.icmp "ne" %x, %x : i64
  %t = llvm.and %c0, %c1 : i1
  %u = llvm.or %t, %c2 : i1
  %v = llvm.xor %u, %c3 : i1
  llvm.return %v : i1
}

llvm.func @aggregates(%v: i64, %w: f32, %s: !llvm.struct<(i64, array<2 x f32>)>) -> f32 {
  %0 = llvm.insertvalue %v, %s[0] : !llvm.struct<(i64, array<2 x f32>)>
  %1 = llvm.insertvalue %w, %0[1, 1] : !llvm.struct<(i64, array<2 x f32>)>
  %2 = llvm.extractvalue %1[0] : !llvm.struct<(i64, array<2 x f32>)>
  %3 = llvm.extractvalue %1[1, 0] : !llvm.struct<(i64, array<2 x f32>)>
  %4 = llvm.extractvalue %1[1] : !llvm.struct<(i64, array<2 x f32>)>
  %5 = llvm.extractvalue %4[1] : !llvm.array<2 x f32>
  %6 = llvm.sitofp %2 : i64 to f32
  %7 = llvm.fadd %6, %3 : f32
  %8 = llvm.fadd %7, %5 : f32
  llvm.return %8 : f32
}

llvm.func @geps(%p: !llvm.ptr, %i: i64) {
  %c0 = llvm.mlir.constant(0 : i64) : i64
  %c5 = llvm.mlir.constant(5 : i64) : i64
  %huge = llvm.mlir.constant(8589934592 : i64) : i64
  %0 = llvm.getelementptr %p[%c0] : (!llvm.ptr, i64) -> !llvm.ptr, f32
  %1 = llvm.getelementptr %0[%c5, 1] : (!llvm.ptr, i64) -> !llvm.ptr, !llvm.struct<(i32, f32)>
  %2 = llvm.getelementptr %1[%i, %c5] : (!llvm.ptr, i64, i64) -> !llvm.ptr, !llvm.array<8 x i8>
  %3 = llvm.getelementptr %2[%huge] : (!llvm.ptr, i64) -> !llvm.ptr, i8
  %4 = llvm.getelementptr %3[0] : (!llvm.ptr) -> !llvm.ptr, i8
  llvm.call @use(%i, %4) : (i64, !llvm.ptr) -> ()
  llvm.return
}

llvm.func @consts() -> !llvm.struct<(f64, vector<4xi32>)> {
  %z = llvm.mlir.zero : f64
  %zv = llvm.mlir.zero : vector<4xi32>
  %zs = llvm.mlir.zero : !llvm.struct<(f64, vector<4xi32>)>
  %zs2 = llvm.mlir.zero : !llvm.struct<(f64, vector<4xi32>)>
  %0 = llvm.insertvalue %z, %zs[0] : !llvm.struct<(f64, vector<4xi32>)>
  %1 = llvm.insertvalue %zv, %zs2[1] : !llvm.struct<(f64, vector<4xi32>)>
  %2 = llvm.extractvalue %1[1] : !llvm.struct<(f64, vector<4xi32>)>
  %3 = llvm.insertvalue %2, %0[1] : !llvm.struct<(f64, vector<4xi32>)>
  llvm.return %3 : !llvm.struct<(f64, vector<4xi32>)>
}
