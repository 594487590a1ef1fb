// RUN: pyopt %s | pyopt | filecheck %s
// RUN: pyopt %s --mlir-print-op-generic | pyopt | filecheck %s

// CHECK-LABEL: func.func @ops
// CHECK-SAME: (%[[A:.*]]: index, %[[B:.*]]: index, %[[C:.*]]: i32)
func.func @ops(%a: index, %b: index, %c: i32) {
  // CHECK-NEXT: index.add %[[A]], %[[B]]
  %0 = index.add %a, %b
  // CHECK-NEXT: index.ceildivu %[[A]], %[[B]]
  %1 = index.ceildivu %a, %b
  // CHECK-NEXT: index.floordivs %[[A]], %[[B]]
  %2 = index.floordivs %a, %b
  // CHECK-NEXT: index.shru %[[A]], %[[B]] {tag}
  %3 = index.shru %a, %b {tag}
  // CHECK-NEXT: index.xor %[[A]], %[[B]]
  %4 = index.xor %a, %b
  // The predicate attribute prints its own leading space.
  // CHECK-NEXT: index.cmp slt(%[[A]], %[[B]])
  %5 = index.cmp slt(%a, %b)
  // CHECK-NEXT: index.cmp uge(%[[A]], %[[B]])
  %6 = index.cmp uge(%a, %b)
  // CHECK-NEXT: index.sizeof
  %7 = index.sizeof
  // CHECK-NEXT: index.casts %[[C]] : i32 to index
  %8 = index.casts %c : i32 to index
  // CHECK-NEXT: index.castu %[[A]] : index to i64
  %9 = index.castu %a : index to i64
  return
}

// CHECK-LABEL: func.func @constants
func.func @constants() {
  // CHECK-NEXT: %idx0 = index.constant 0
  %0 = index.constant 0
  // CHECK-NEXT: %idx-7 = index.constant -7
  %1 = index.constant -7
  // CHECK-NEXT: %true = index.bool.constant true
  %2 = index.bool.constant true
  // An integer is read as an i1.
  // CHECK-NEXT: %false = index.bool.constant false
  %3 = index.bool.constant 0
  return
}
