// RUN: not pyopt %s 2>&1 | filecheck %s

// Only transfer_read takes a vector.mask pass-through value.
func.func @gather_passthru(%m: memref<?xi32>, %idx: vector<4xindex>, %k: vector<4xi1>, %pt: vector<4xi32>) -> vector<4xi32> {
  %c0 = arith.constant 0 : index
  %t = arith.constant dense<true> : vector<4xi1>
  // CHECK: error: 'vector.mask' op doesn't expect a passthru argument for this maskable operation
  %0 = vector.mask %k, %pt { vector.gather %m[%c0] [%idx], %t, %pt : memref<?xi32>, vector<4xindex>, vector<4xi1>, vector<4xi32> into vector<4xi32> } : vector<4xi1> -> vector<4xi32>
  return %0 : vector<4xi32>
}
