// RUN: pyopt %s -mlir-print-skip-regions | filecheck %s --check-prefix=SKIP
// RUN: pyopt %s -mlir-print-unique-ssa-ids | filecheck %s --check-prefix=UNIQUE
// RUN: pyopt %s | filecheck %s --check-prefix=DEFAULT

// SKIP: module {...}
// SKIP-NOT: func.func

// Regions are named from a stack (the last sibling first); with unique ids the counters carry
// over from one region to the next instead of restarting.
// UNIQUE: func.func @a(%arg1: i32)
// DEFAULT: func.func @a(%arg0: i32)
func.func @a(%arg0: i32) -> i32 {
  return %arg0 : i32
}
// UNIQUE: func.func @b(%arg0: i32)
// DEFAULT: func.func @b(%arg0: i32)
func.func @b(%x: i32) -> i32 {
  return %x : i32
}
