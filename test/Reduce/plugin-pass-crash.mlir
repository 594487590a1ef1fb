// A crash of a plugin pass (Inputs/broken_pass.py raises on an arith.muli of an arith.remui
// by a non-constant divisor) reduced to the ops that trigger it. The tester (mlir-reduce's
// conventions) gets the plugin as test-arg and the candidate's path last.
// RUN: pyreduce %s '--reduction-tree=traversal-mode=0 test=%S/Inputs/crash-test.sh test-arg=%S/Inputs/broken_pass.py' -o %t 2> %t.progress
// RUN: filecheck %s < %t
// RUN: filecheck %s --check-prefix=PROGRESS < %t.progress
// The result still crashes the pass.
// RUN: not pyopt --load-dialect-plugin=%S/Inputs/broken_pass.py --broken-strength-reduce %t 2>&1 | filecheck %s --check-prefix=CRASH

// CHECK:      module {
// CHECK-NEXT:   func.func @checksum(%[[A:.*]]: i32) {
// CHECK-NEXT:     %[[R:.*]] = arith.remui %[[A]], %[[A]] : i32
// CHECK-NEXT:     arith.muli %[[A]], %[[R]] : i32
// CHECK-NEXT:     return
// CHECK-NEXT:   }
// CHECK-NEXT: }

// PROGRESS: pyreduce: input: 47 lines ({{[0-9]+}} bytes)
// PROGRESS: pyreduce: done: 47 -> 7 lines ({{[0-9]+}} -> {{[0-9]+}} bytes), {{[0-9]+}} tests run

// CRASH: internal error in pass 'broken-strength-reduce'

func.func private @scale(%x: i32, %k: i32) -> i32 {
  %c3 = arith.constant 3 : i32
  %0 = arith.muli %x, %c3 : i32
  %1 = arith.addi %0, %k : i32
  return %1 : i32
}

func.func @clamp(%x: i32, %lo: i32, %hi: i32) -> i32 {
  %0 = arith.maxsi %x, %lo : i32
  %1 = arith.minsi %0, %hi : i32
  return %1 : i32
}

func.func @checksum(%buf: memref<16xi32>, %n: index, %seed: i32) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c7 = arith.constant 7 : i32
  %c255 = arith.constant 255 : i32
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %seed) -> (i32) {
    %v = memref.load %buf[%i] : memref<16xi32>
    %s = func.call @scale(%v, %c7) : (i32, i32) -> i32
    %m = arith.andi %s, %c255 : i32
    %d = arith.addi %m, %c7 : i32
    %rem = arith.remui %acc, %d : i32
    %p = arith.muli %v, %rem : i32
    %q = arith.xori %p, %acc : i32
    %w = func.call @clamp(%q, %c7, %c255) : (i32, i32, i32) -> i32
    scf.yield %w : i32
  }
  %cmp = arith.cmpi ugt, %r, %c255 : i32
  %out = arith.select %cmp, %r, %seed : i32
  return %out : i32
}

func.func @main() -> i32 {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c1 = arith.constant 1 : index
  %c5 = arith.constant 5 : i32
  %buf = memref.alloca() : memref<16xi32>
  scf.for %i = %c0 to %c16 step %c1 {
    %ii = arith.index_cast %i : index to i32
    %v = arith.muli %ii, %c5 : i32
    memref.store %v, %buf[%i] : memref<16xi32>
  }
  %r = func.call @checksum(%buf, %c16, %c5) : (memref<16xi32>, index, i32) -> i32
  return %r : i32
}
