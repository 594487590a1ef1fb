// RUN: pyopt %s --pass-pipeline="builtin.module(llvm.func(mem2reg{region-simplify=false}))" | filecheck %s

// Loads right after a store read the stored value; a load before any store reads undef.
// CHECK-LABEL: llvm.func @forward(%arg0: i64) -> i64 {
// CHECK-NEXT: %0 = llvm.mlir.undef : i64
// CHECK-NEXT: %1 = llvm.mlir.constant(1 : i32) : i32
// CHECK-NEXT: %2 = llvm.add %0, %arg0 : i64
// CHECK-NEXT: llvm.return %2 : i64
// CHECK-NEXT: }
llvm.func @forward(%v: i64) -> i64 {
  %c1 = llvm.mlir.constant(1 : i32) : i32
  %slot = llvm.alloca %c1 x i64 {alignment = 8 : i64} : (i32) -> !llvm.ptr
  %before = llvm.load %slot : !llvm.ptr -> i64
  llvm.store %v, %slot : i64, !llvm.ptr
  %after = llvm.load %slot : !llvm.ptr -> i64
  %sum = llvm.add %before, %after : i64
  llvm.return %sum : i64
}

// Two definitions meet after a diamond: the join block gets an argument, each side
// forwards its own value (the side without a store forwards the initial content).
// CHECK-LABEL: llvm.func @diamond(%arg0: i1, %arg1: i32) -> i32 {
// CHECK-NEXT: %0 = llvm.mlir.undef : i32
// CHECK-NEXT: %1 = llvm.mlir.constant(1 : i32) : i32
// CHECK-NEXT: llvm.cond_br %arg0, ^bb1, ^bb2
// CHECK-NEXT: ^bb1:  // pred: ^bb0
// CHECK-NEXT: llvm.br ^bb3(%arg1 : i32)
// CHECK-NEXT: ^bb2:  // pred: ^bb0
// CHECK-NEXT: llvm.br ^bb3(%0 : i32)
// CHECK-NEXT: ^bb3(%2: i32):  // 2 preds: ^bb1, ^bb2
// CHECK-NEXT: llvm.return %2 : i32
// CHECK-NEXT: }
llvm.func @diamond(%c: i1, %a: i32) -> i32 {
  %c1 = llvm.mlir.constant(1 : i32) : i32
  %slot = llvm.alloca %c1 x i32 : (i32) -> !llvm.ptr
  llvm.cond_br %c, ^left, ^right
^left:
  llvm.store %a, %slot : i32, !llvm.ptr
  llvm.br ^join
^right:
  llvm.br ^join
^join:
  %r = llvm.load %slot : !llvm.ptr -> i32
  llvm.return %r : i32
}

// A counter kept in memory across a loop becomes a loop-carried block argument.
// CHECK-LABEL: llvm.func @counter(%arg0: i32) -> i32 {
// CHECK-NEXT: %0 = llvm.mlir.constant(0 : i32) : i32
// CHECK-NEXT: %1 = llvm.mlir.constant(1 : i32) : i32
// CHECK-NEXT: llvm.br ^bb1(%0 : i32)
// CHECK-NEXT: ^bb1(%2: i32):  // 2 preds: ^bb0, ^bb2
// CHECK-NEXT: %3 = llvm.icmp "sge" %2, %arg0 : i32
// CHECK-NEXT: llvm.cond_br %3, ^bb3, ^bb2
// CHECK-NEXT: ^bb2:  // pred: ^bb1
// CHECK-NEXT: %4 = llvm.add %2, %1 : i32
// CHECK-NEXT: llvm.br ^bb1(%4 : i32)
// CHECK-NEXT: ^bb3:  // pred: ^bb1
// CHECK-NEXT: llvm.return %2 : i32
// CHECK-NEXT: }
llvm.func @counter(%n: i32) -> i32 {
  %c0 = llvm.mlir.constant(0 : i32) : i32
  %c1 = llvm.mlir.constant(1 : i32) : i32
  %i = llvm.alloca %c1 x i32 : (i32) -> !llvm.ptr
  llvm.store %c0, %i : i32, !llvm.ptr
  llvm.br ^head
^head:
  %cur = llvm.load %i : !llvm.ptr -> i32
  %done = llvm.icmp "sge" %cur, %n : i32
  llvm.cond_br %done, ^exit, ^body
^body:
  %next = llvm.add %cur, %c1 : i32
  llvm.store %next, %i : i32, !llvm.ptr
  llvm.br ^head
^exit:
  %res = llvm.load %i : !llvm.ptr -> i32
  llvm.return %res : i32
}

// No block argument where the value is dead on entry (stored before every load).
// CHECK-LABEL: llvm.func @dead_on_entry(%arg0: i1, %arg1: i32, %arg2: i32) {
// CHECK-NEXT: %0 = llvm.mlir.constant(1 : i32) : i32
// CHECK-NEXT: llvm.cond_br %arg0, ^bb1, ^bb2
// CHECK-NEXT: ^bb1:  // pred: ^bb0
// CHECK-NEXT: llvm.br ^bb3
// CHECK-NEXT: ^bb2:  // pred: ^bb0
// CHECK-NEXT: llvm.br ^bb3
// CHECK-NEXT: ^bb3:  // 2 preds: ^bb1, ^bb2
// CHECK-NEXT: llvm.call @sink(%arg1) : (i32) -> ()
// CHECK-NEXT: llvm.return
// CHECK-NEXT: }
llvm.func @dead_on_entry(%c: i1, %a: i32, %b: i32) {
  %c1 = llvm.mlir.constant(1 : i32) : i32
  %slot = llvm.alloca %c1 x i32 : (i32) -> !llvm.ptr
  llvm.cond_br %c, ^x, ^y
^x:
  llvm.store %a, %slot : i32, !llvm.ptr
  llvm.br ^z
^y:
  llvm.store %b, %slot : i32, !llvm.ptr
  llvm.br ^z
^z:
  llvm.store %a, %slot : i32, !llvm.ptr
  %v = llvm.load %slot : !llvm.ptr -> i32
  llvm.call @sink(%v) : (i32) -> ()
  llvm.return
}

// An unreachable predecessor of the join block forwards the initial content.
// CHECK-LABEL: llvm.func @unreachable_pred(%arg0: i1, %arg1: i32) -> i32 {
// CHECK-NEXT: %0 = llvm.mlir.undef : i32
// CHECK-NEXT: %1 = llvm.mlir.constant(1 : i32) : i32
// CHECK-NEXT: llvm.cond_br %arg0, ^bb1, ^bb3(%0 : i32)
// CHECK-NEXT: ^bb1:  // pred: ^bb0
// CHECK-NEXT: llvm.br ^bb3(%arg1 : i32)
// CHECK-NEXT: ^bb2:  // no predecessors
// CHECK-NEXT: llvm.br ^bb3(%0 : i32)
// CHECK-NEXT: ^bb3(%2: i32):  // 3 preds: ^bb0, ^bb1, ^bb2
// CHECK-NEXT: llvm.return %2 : i32
// CHECK-NEXT: }
llvm.func @unreachable_pred(%c: i1, %a: i32) -> i32 {
  %c1 = llvm.mlir.constant(1 : i32) : i32
  %slot = llvm.alloca %c1 x i32 : (i32) -> !llvm.ptr
  llvm.cond_br %c, ^s, ^join
^s:
  llvm.store %a, %slot : i32, !llvm.ptr
  llvm.br ^join
^dead:
  llvm.store %c1, %slot : i32, !llvm.ptr
  llvm.br ^join
^join:
  %r = llvm.load %slot : !llvm.ptr -> i32
  llvm.return %r : i32
}

// Slots that escape (passed to a call, stored as a value), volatile accesses and
// allocas outside the entry block stay.
// CHECK-LABEL: llvm.func @kept(%arg0: i32, %arg1: !llvm.ptr) -> i32 {
// CHECK-NEXT: %0 = llvm.mlir.constant(1 : i32) : i32
// CHECK-NEXT: %1 = llvm.alloca %0 x i32 : (i32) -> !llvm.ptr
// CHECK-NEXT: %2 = llvm.alloca %0 x i32 : (i32) -> !llvm.ptr
// CHECK-NEXT: %3 = llvm.alloca %0 x i32 : (i32) -> !llvm.ptr
// CHECK-NEXT: llvm.store %arg0, %1 : i32, !llvm.ptr
// CHECK-NEXT: llvm.call @take(%1) : (!llvm.ptr) -> ()
// CHECK-NEXT: llvm.store %2, %arg1 : !llvm.ptr, !llvm.ptr
// CHECK-NEXT: llvm.store volatile %arg0, %3 : i32, !llvm.ptr
// CHECK-NEXT: llvm.br ^bb1
// CHECK-NEXT: ^bb1:  // pred: ^bb0
// CHECK-NEXT: %4 = llvm.alloca %0 x i32 : (i32) -> !llvm.ptr
// CHECK-NEXT: llvm.store %arg0, %4 : i32, !llvm.ptr
// CHECK-NEXT: %5 = llvm.load %4 : !llvm.ptr -> i32
// CHECK-NEXT: llvm.return %5 : i32
// CHECK-NEXT: }
llvm.func @kept(%a: i32, %out: !llvm.ptr) -> i32 {
  %c1 = llvm.mlir.constant(1 : i32) : i32
  %escapes = llvm.alloca %c1 x i32 : (i32) -> !llvm.ptr
  %stored = llvm.alloca %c1 x i32 : (i32) -> !llvm.ptr
  %vol = llvm.alloca %c1 x i32 : (i32) -> !llvm.ptr
  llvm.store %a, %escapes : i32, !llvm.ptr
  llvm.call @take(%escapes) : (!llvm.ptr) -> ()
  llvm.store %stored, %out : !llvm.ptr, !llvm.ptr
  llvm.store volatile %a, %vol : i32, !llvm.ptr
  llvm.br ^next
^next:
  %inner = llvm.alloca %c1 x i32 : (i32) -> !llvm.ptr
  llvm.store %a, %inner : i32, !llvm.ptr
  %r = llvm.load %inner : !llvm.ptr -> i32
  llvm.return %r : i32
}

// A store inside a nested region blocks promotion; a loaded value used inside one does not.
// CHECK-LABEL: llvm.func @nested(%arg0: i32, %arg1: i32) -> i32 {
// CHECK-NEXT: %0 = llvm.mlir.constant(1 : i32) : i32
// CHECK-NEXT: %1 = llvm.alloca %0 x i32 : (i32) -> !llvm.ptr
// CHECK-NEXT: scf.execute_region {
// CHECK-NEXT: llvm.store %arg1, %1 : i32, !llvm.ptr
// CHECK-NEXT: llvm.call @sink(%arg0) : (i32) -> ()
// CHECK-NEXT: scf.yield
// CHECK-NEXT: }
// CHECK-NEXT: %2 = llvm.load %1 : !llvm.ptr -> i32
// CHECK-NEXT: llvm.return %2 : i32
// CHECK-NEXT: }
llvm.func @nested(%a: i32, %b: i32) -> i32 {
  %c1 = llvm.mlir.constant(1 : i32) : i32
  %blocked = llvm.alloca %c1 x i32 : (i32) -> !llvm.ptr
  %free = llvm.alloca %c1 x i32 : (i32) -> !llvm.ptr
  llvm.store %a, %free : i32, !llvm.ptr
  %f = llvm.load %free : !llvm.ptr -> i32
  scf.execute_region {
    llvm.store %b, %blocked : i32, !llvm.ptr
    llvm.call @sink(%f) : (i32) -> ()
    scf.yield
  }
  %r = llvm.load %blocked : !llvm.ptr -> i32
  llvm.return %r : i32
}

// Pointer casts, all-zero GEPs and lifetime markers disappear with the slot; a GEP with a
// non-zero offset keeps it.
// CHECK-LABEL: llvm.func @markers(%arg0: i16) -> i16 {
// CHECK-NEXT: %0 = llvm.mlir.constant(1 : i32) : i32
// CHECK-NEXT: %1 = llvm.alloca %0 x !llvm.array<2 x i16> : (i32) -> !llvm.ptr
// CHECK-NEXT: %2 = llvm.getelementptr %1[0, 1] : (!llvm.ptr) -> !llvm.ptr, !llvm.array<2 x i16>
// CHECK-NEXT: llvm.intr.lifetime.start 4, %2 : !llvm.ptr
// CHECK-NEXT: llvm.return %arg0 : i16
// CHECK-NEXT: }
llvm.func @markers(%a: i16) -> i16 {
  %c1 = llvm.mlir.constant(1 : i32) : i32
  %slot = llvm.alloca %c1 x i16 : (i32) -> !llvm.ptr
  %cast = llvm.addrspacecast %slot : !llvm.ptr to !llvm.ptr<1>
  %same = llvm.bitcast %slot : !llvm.ptr to !llvm.ptr
  %zero = llvm.getelementptr %same[0, 0] : (!llvm.ptr) -> !llvm.ptr, !llvm.array<1 x i16>
  llvm.intr.lifetime.start 2, %zero : !llvm.ptr
  %tok = llvm.intr.invariant.start 2, %same : !llvm.ptr
  llvm.intr.invariant.end %tok, 2, %same : !llvm.ptr
  llvm.store %a, %slot : i16, !llvm.ptr
  %v = llvm.load %slot : !llvm.ptr -> i16
  llvm.intr.lifetime.end 2, %cast : !llvm.ptr<1>
  %other = llvm.alloca %c1 x !llvm.array<2 x i16> : (i32) -> !llvm.ptr
  %off = llvm.getelementptr %other[0, 1] : (!llvm.ptr) -> !llvm.ptr, !llvm.array<2 x i16>
  llvm.intr.lifetime.start 4, %off : !llvm.ptr
  llvm.return %v : i16
}

// Accesses of another type than the slot's are converted by casts.
// CHECK-LABEL: llvm.func @conversions(%arg0: f32, %arg1: i16, %arg2: !llvm.ptr) -> i32 {
// CHECK-NEXT: %0 = llvm.mlir.constant(1 : i32) : i32
// CHECK-NEXT: %1 = llvm.bitcast %arg0 : f32 to i32
// CHECK-NEXT: %2 = llvm.ptrtoint %arg2 : !llvm.ptr to i64
// CHECK-NEXT: %3 = llvm.zext %arg1 : i16 to i64
// CHECK-NEXT: %4 = llvm.mlir.constant(-65536 : i64) : i64
// CHECK-NEXT: %5 = llvm.and %2, %4  : i64
// CHECK-NEXT: %6 = llvm.or %5, %3  : i64
// CHECK-NEXT: %7 = llvm.trunc %6 : i64 to i32
// CHECK-NEXT: %8 = llvm.add %1, %7 : i32
// CHECK-NEXT: llvm.return %8 : i32
// CHECK-NEXT: }
llvm.func @conversions(%f: f32, %h: i16, %p: !llvm.ptr) -> (i32) {
  %c1 = llvm.mlir.constant(1 : i32) : i32
  %as_int = llvm.alloca %c1 x i32 : (i32) -> !llvm.ptr
  llvm.store %f, %as_int : f32, !llvm.ptr
  %i = llvm.load %as_int : !llvm.ptr -> i32
  %wide = llvm.alloca %c1 x i64 : (i32) -> !llvm.ptr
  llvm.store %p, %wide : !llvm.ptr, !llvm.ptr
  llvm.store %h, %wide : i16, !llvm.ptr
  %lo = llvm.load %wide : !llvm.ptr -> i32
  %sum = llvm.add %i, %lo : i32
  llvm.return %sum : i32
}

// Loads wider than the slot and aggregate reinterpretations are not promoted.
// CHECK-LABEL: llvm.func @not_convertible(%arg0: !llvm.struct<(i32, i32)>) -> i64 {
// CHECK-NEXT: %0 = llvm.mlir.constant(1 : i32) : i32
// CHECK-NEXT: %1 = llvm.alloca %0 x i32 : (i32) -> !llvm.ptr
// CHECK-NEXT: %2 = llvm.load %1 : !llvm.ptr -> i64
// CHECK-NEXT: %3 = llvm.alloca %0 x !llvm.struct<(i32, i32)> : (i32) -> !llvm.ptr
// CHECK-NEXT: llvm.store %arg0, %3 : !llvm.struct<(i32, i32)>, !llvm.ptr
// CHECK-NEXT: %4 = llvm.load %3 : !llvm.ptr -> i64
// CHECK-NEXT: %5 = llvm.add %2, %4 : i64
// CHECK-NEXT: llvm.return %5 : i64
// CHECK-NEXT: }
llvm.func @not_convertible(%s: !llvm.struct<(i32, i32)>) -> i64 {
  %c1 = llvm.mlir.constant(1 : i32) : i32
  %small = llvm.alloca %c1 x i32 : (i32) -> !llvm.ptr
  %w = llvm.load %small : !llvm.ptr -> i64
  %agg = llvm.alloca %c1 x !llvm.struct<(i32, i32)> : (i32) -> !llvm.ptr
  llvm.store %s, %agg : !llvm.struct<(i32, i32)>, !llvm.ptr
  %x = llvm.load %agg : !llvm.ptr -> i64
  %r = llvm.add %w, %x : i64
  llvm.return %r : i64
}

// A switch can forward the content to a merge point like any branch.
// CHECK-LABEL: llvm.func @switch(%arg0: i32, %arg1: i64, %arg2: i64) -> i64 {
// CHECK-NEXT: %0 = llvm.mlir.constant(1 : i32) : i32
// CHECK-NEXT: llvm.switch %arg0 : i32, ^bb2(%arg1 : i64) [
// CHECK-NEXT: 3: ^bb1
// CHECK-NEXT: ]
// CHECK-NEXT: ^bb1:  // pred: ^bb0
// CHECK-NEXT: llvm.br ^bb2(%arg2 : i64)
// CHECK-NEXT: ^bb2(%1: i64):  // 2 preds: ^bb0, ^bb1
// CHECK-NEXT: llvm.return %1 : i64
// CHECK-NEXT: }
llvm.func @switch(%k: i32, %a: i64, %b: i64) -> i64 {
  %c1 = llvm.mlir.constant(1 : i32) : i32
  %slot = llvm.alloca %c1 x i64 : (i32) -> !llvm.ptr
  llvm.store %a, %slot : i64, !llvm.ptr
  llvm.switch %k : i32, ^out [
    3: ^set
  ]
^set:
  llvm.store %b, %slot : i64, !llvm.ptr
  llvm.br ^out
^out:
  %r = llvm.load %slot : !llvm.ptr -> i64
  llvm.return %r : i64
}

llvm.func @sink(i32)
llvm.func @take(!llvm.ptr)
