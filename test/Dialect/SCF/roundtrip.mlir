// RUN: pyopt -allow-unregistered-dialect %s | pyopt -allow-unregistered-dialect | filecheck %s
// RUN: pyopt -allow-unregistered-dialect %s --mlir-print-op-generic | pyopt -allow-unregistered-dialect | filecheck %s

// CHECK-LABEL: func.func @f(%arg0: index, %arg1: index, %arg2: index, %arg3: i1, %arg4: f32, %arg5: i32) -> f32 {
// CHECK-NEXT:    scf.for %arg6 = %arg0 to %arg1 step %arg2 {
// CHECK-NEXT:      "test.use"(%arg6) : (index) -> ()
// CHECK-NEXT:    }
// CHECK-NEXT:    %0 = scf.for %arg6 = %arg0 to %arg1 step %arg2 iter_args(%arg7 = %arg4) -> (f32) {
// CHECK-NEXT:      scf.yield %arg7 : f32
// CHECK-NEXT:    }
// CHECK-NEXT:    scf.for %arg6 = %arg5 to %arg5 step %arg5  : i32 {
// CHECK-NEXT:    }
// CHECK-NEXT:    scf.if %arg3 {
// CHECK-NEXT:      "test.a"() : () -> ()
// CHECK-NEXT:    }
// CHECK-NEXT:    scf.if %arg3 {
// CHECK-NEXT:    } else {
// CHECK-NEXT:      "test.b"() : () -> ()
// CHECK-NEXT:    }
// CHECK-NEXT:    %1 = scf.if %arg3 -> (f32) {
// CHECK-NEXT:      scf.yield %arg4 : f32
// CHECK-NEXT:    } else {
// CHECK-NEXT:      scf.yield %arg4 : f32
// CHECK-NEXT:    } {foo}
// CHECK-NEXT:    %2 = scf.while (%arg6 = %arg4) : (f32) -> f32 {
// CHECK-NEXT:      scf.condition(%arg3) %arg6 : f32
// CHECK-NEXT:    } do {
// CHECK-NEXT:    ^bb0(%arg6: f32):
// CHECK-NEXT:      scf.yield %arg6 : f32
// CHECK-NEXT:    } attributes {bar}
// CHECK-NEXT:    %3 = scf.execute_region -> f32 {
// CHECK-NEXT:      scf.yield %arg4 : f32
// CHECK-NEXT:    }
// CHECK-NEXT:    %4 = scf.index_switch %arg0 -> f32 
// CHECK-NEXT:    case 2 {
// CHECK-NEXT:      scf.yield %arg4 : f32
// CHECK-NEXT:    }
// CHECK-NEXT:    case 5 {
// CHECK-NEXT:      scf.yield %arg4 : f32
// CHECK-NEXT:    }
// CHECK-NEXT:    default {
// CHECK-NEXT:      scf.yield %arg4 : f32
// CHECK-NEXT:    }
// CHECK-NEXT:    scf.index_switch %arg0 
// CHECK-NEXT:    default {
// CHECK-NEXT:    }
// CHECK-NEXT:    %5 = scf.parallel (%arg6, %arg7) = (%arg0, %arg0) to (%arg1, %arg1) step (%arg2, %arg2) init (%arg4) -> f32 {
// CHECK-NEXT:      scf.reduce(%arg4 : f32) {
// CHECK-NEXT:      ^bb0(%arg8: f32, %arg9: f32):
// CHECK-NEXT:        scf.reduce.return %arg8 : f32
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// CHECK-NEXT:    scf.parallel (%arg6) = (%arg0) to (%arg1) step (%arg2) {
// CHECK-NEXT:      scf.reduce 
// CHECK-NEXT:    }
// CHECK-NEXT:    scf.forall (%arg6, %arg7) in (%arg1, 8) {
// CHECK-NEXT:    }
// CHECK-NEXT:    scf.forall (%arg6) = (0) to (%arg1) step (2) {
// CHECK-NEXT:    } {mapping = []}
// CHECK-NEXT:    return %0 : f32
// CHECK-NEXT:  }

func.func @f(%lb: index, %ub: index, %st: index, %c: i1, %x: f32, %i: i32) -> f32 {
  scf.for %iv = %lb to %ub step %st {
    "test.use"(%iv) : (index) -> ()
  }
  %r = scf.for %iv = %lb to %ub step %st iter_args(%acc = %x) -> (f32) {
    scf.yield %acc : f32
  }
  scf.for %iv2 = %i to %i step %i : i32 {
  }
  scf.if %c {
    "test.a"() : () -> ()
  }
  scf.if %c {
  } else {
    "test.b"() : () -> ()
  }
  %y = scf.if %c -> (f32) {
    scf.yield %x : f32
  } else {
    scf.yield %x : f32
  } {foo}
  %w = scf.while (%a = %x) : (f32) -> f32 {
    scf.condition(%c) %a : f32
  } do {
  ^bb0(%b: f32):
    scf.yield %b : f32
  } attributes {bar}
  %e = scf.execute_region -> f32 {
    scf.yield %x : f32
  }
  %s = scf.index_switch %lb -> f32
  case 2 {
    scf.yield %x : f32
  }
  case 5 {
    scf.yield %x : f32
  }
  default {
    scf.yield %x : f32
  }
  scf.index_switch %lb
  default {
  }
  %p = scf.parallel (%i0, %i1) = (%lb, %lb) to (%ub, %ub) step (%st, %st) init (%x) -> f32 {
    scf.reduce(%x : f32) {
    ^bb0(%l: f32, %rr: f32):
      scf.reduce.return %l : f32
    }
  }
  scf.parallel (%i0) = (%lb) to (%ub) step (%st) {
  }
  scf.forall (%t0, %t1) in (%ub, 8) {
  }
  scf.forall (%t0) = (0) to (%ub) step (2) {
  } {mapping = []}
  return %r : f32
}
