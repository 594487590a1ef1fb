// index folders: constant folding only when 64- and 32-bit indices agree (divu of 2^32 stays),
// identities, cmp of a difference against zero. Expected output is mlir-opt 19's.
// RUN: pyopt %s -canonicalize | filecheck %s

func.func @fold(%x: index) -> (index, index, index, index, i1, i1, index) {
  %c0 = index.constant 0
  %c1 = index.constant 1
  %c7 = index.constant 7
  %c2 = index.constant 2
  %a = index.add %c7, %c2
  %b = index.ceildivs %c7, %c2
  %m = index.mul %x, %c1
  %z = index.add %x, %c0
  %t = index.cmp slt(%c2, %c7)
  %s = index.sub %x, %c7
  %q = index.cmp eq(%s, %c0)
  %big = index.constant 4294967296
  %d = index.divu %big, %c2
  return %a, %b, %m, %z, %t, %q, %d : index, index, index, index, i1, i1, index
}

// CHECK-LABEL: func.func @fold(
// CHECK-NEXT: %idx4294967296 = index.constant 4294967296
// CHECK-NEXT: %idx7 = index.constant 7
// CHECK-NEXT: %idx2 = index.constant 2
// CHECK-NEXT: %idx9 = index.constant 9
// CHECK-NEXT: %idx4 = index.constant 4
// CHECK-NEXT: %true = index.bool.constant true
// CHECK-NEXT: %0 = index.cmp eq(%arg0, %idx7)
// CHECK-NEXT: %1 = index.divu %idx4294967296, %idx2
// CHECK-NEXT: return %idx9, %idx4, %arg0, %arg0, %true, %0, %1 : index, index, index, index, i1, i1, index
