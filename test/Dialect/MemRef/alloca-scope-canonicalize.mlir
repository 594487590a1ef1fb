// RUN: pyopt %s -canonicalize | filecheck %s

// No stack allocation inside: the scope is inlined even where it is not last.
// CHECK-LABEL: func.func @no_alloca(
// CHECK-NOT: alloca_scope
// CHECK: %[[S:.*]] = arith.addi
// CHECK: arith.muli %[[S]], %[[S]]
func.func @no_alloca(%a: i32) -> i32 {
  %r = memref.alloca_scope -> (i32) {
    %s = arith.addi %a, %a : i32
    memref.alloca_scope.return %s : i32
  }
  %m = arith.muli %r, %r : i32
  return %m : i32
}

// An allocation directly in a function's scope, last before the return: inlined.
// CHECK-LABEL: func.func @last_in_func(
// CHECK-NOT: alloca_scope
// CHECK: memref.alloca(%{{.*}}) : memref<?xf32>
func.func @last_in_func(%n: index, %f: f32) {
  memref.alloca_scope {
    %a = memref.alloca(%n) : memref<?xf32>
    func.call @sink(%a) : (memref<?xf32>) -> ()
  }
  return
}

// scf.for is an allocation scope itself: the scope at the end of its body is inlined.
// CHECK-LABEL: func.func @in_loop(
// CHECK: scf.for %[[I:.*]] =
// CHECK-NEXT: memref.alloca(%{{.*}}) : memref<?xf32>
// CHECK-NEXT: memref.alloca(%[[I]]) : memref<?xf32>
func.func @in_loop(%n: index, %f: f32) {
  %c1 = arith.constant 1 : index
  scf.for %i = %c1 to %n step %c1 {
    memref.alloca_scope {
      %a = memref.alloca(%n) : memref<?xf32>
      %b = memref.alloca(%i) : memref<?xf32>
      func.call @sink(%a) : (memref<?xf32>) -> ()
      func.call @sink(%b) : (memref<?xf32>) -> ()
    }
  }
  return
}

// In an scf.if (not a scope), last in its block and the if last in the function: the
// alloca whose size is known before the if moves out, the other stays.
// CHECK-LABEL: func.func @in_if(
// CHECK: %[[H:.*]] = memref.alloca(%{{.*}}) : memref<?xf32>
// CHECK-NEXT: scf.if
// CHECK-NEXT: %[[K:.*]] = arith.addi
// CHECK-NEXT: memref.alloca_scope {
// CHECK-NEXT: %[[A:.*]] = memref.alloca(%[[K]]) : memref<?xf32>
// CHECK-NEXT: func.call @sink(%[[H]])
// CHECK-NEXT: func.call @sink(%[[A]])
func.func @in_if(%n: index, %c: i1) {
  scf.if %c {
    %k = arith.addi %n, %n : index
    memref.alloca_scope {
      %a = memref.alloca(%n) : memref<?xf32>
      %b = memref.alloca(%k) : memref<?xf32>
      func.call @sink(%a) : (memref<?xf32>) -> ()
      func.call @sink(%b) : (memref<?xf32>) -> ()
    }
  }
  return
}

// Not the last op of the loop body: the scope stays (it would extend the lifetime).
// CHECK-LABEL: func.func @not_last(
// CHECK: scf.for
// CHECK-NEXT: memref.alloca_scope {
// CHECK-NEXT: memref.alloca(%{{.*}}) : memref<?xf32>
func.func @not_last(%n: index, %f: f32, %m: memref<f32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c1 to %n step %c1 {
    memref.alloca_scope {
      %a = memref.alloca(%n) : memref<?xf32>
      func.call @sink(%a) : (memref<?xf32>) -> ()
    }
    memref.store %f, %m[] : memref<f32>
  }
  return
}

func.func private @sink(memref<?xf32>)
