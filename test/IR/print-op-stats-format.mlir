// print-op-stats counts ops by name on stderr: dialect names right-aligned up to the dot,
// op names left-aligned, names without a dialect in the op-name column; or as JSON.
// RUN: pyopt %s --allow-unregistered-dialect --print-op-stats -o /dev/null 2>&1 | filecheck %s --strict-whitespace
// RUN: pyopt %s --allow-unregistered-dialect --pass-pipeline='builtin.module(print-op-stats{json=true})' -o /dev/null 2>&1 | filecheck %s --check-prefix=JSON

func.func @f(%x: f32) -> f32 {
  %a = arith.addf %x, %x : f32
  %b = arith.addf %a, %a : f32
  %c = "nodialect"(%b) : (f32) -> f32
  %d = "averylongdialect.x"(%c) : (f32) -> f32
  return %d : f32
}

// CHECK:      Operations encountered:
// CHECK-NEXT: -----------------------
// CHECK-NEXT:              arith.addf      , 2
// CHECK-NEXT:   averylongdialect.x         , 1
// CHECK-NEXT:            builtin.module    , 1
// CHECK-NEXT:               func.func      , 1
// CHECK-NEXT:               func.return    , 1
// CHECK-NEXT:                    nodialect , 1

// JSON:      {
// JSON-NEXT:   "arith.addf" : 2,
// JSON-NEXT:   "averylongdialect.x" : 1,
// JSON-NEXT:   "builtin.module" : 1,
// JSON-NEXT:   "func.func" : 1,
// JSON-NEXT:   "func.return" : 1,
// JSON-NEXT:   "nodialect" : 1
// JSON-NEXT: }
