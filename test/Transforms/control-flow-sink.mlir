// RUN: pyopt %s -control-flow-sink | filecheck %s

// Side-effect-free ops whose users all sit in one region of an scf.if / scf.index_switch move
// to the start of that region (chains too); loads and values used in both regions stay.
func.func private @sink(i32)

func.func @chain(%c: i1, %x: i32, %p: memref<i32>) -> i32 {
  %a = arith.muli %x, %x : i32
  %b = arith.addi %a, %x : i32
  %both = arith.subi %x, %x : i32
  %ld = memref.load %p[] : memref<i32>
  %r = scf.if %c -> i32 {
    func.call @sink(%b) : (i32) -> ()
    func.call @sink(%ld) : (i32) -> ()
    scf.yield %both : i32
  } else {
    scf.yield %both : i32
  }
  return %r : i32
}

func.func @switch(%i: index, %x: i32) {
  %one = arith.addi %x, %x : i32
  %two = arith.xori %x, %x : i32
  scf.index_switch %i
  case 2 {
    func.call @sink(%one) : (i32) -> ()
    scf.yield
  }
  default {
    func.call @sink(%two) : (i32) -> ()
  }
  return
}

// CHECK-LABEL: func.func @chain
// CHECK-NEXT: %[[BOTH:.*]] = arith.subi
// CHECK-NEXT: %[[LD:.*]] = memref.load
// CHECK-NEXT: scf.if
// CHECK-NEXT: %[[A:.*]] = arith.muli
// CHECK-NEXT: %[[B:.*]] = arith.addi %[[A]]
// CHECK-NEXT: call @sink(%[[B]])
// CHECK-NEXT: call @sink(%[[LD]])
// CHECK-LABEL: func.func @switch
// CHECK-NEXT: scf.index_switch
// CHECK-NEXT: case 2 {
// CHECK-NEXT: arith.addi
// CHECK: default {
// CHECK-NEXT: arith.xori
