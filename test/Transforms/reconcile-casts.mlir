// Cast chains that come back to the original type fold away; dead casts are erased.
// RUN: pyopt %s -reconcile-unrealized-casts | filecheck %s
// RUN: pyopt %s -print-op-stats -o /dev/null 2>&1 | filecheck %s --check-prefix=STATS
// RUN: pyopt %s -print-op-stats=json -o /dev/null 2>&1 | filecheck %s --check-prefix=JSON

// CHECK-LABEL: func.func @roundtrip
// CHECK-NEXT: return %arg0 : i64
// CHECK-LABEL: func.func @kept
// CHECK-NEXT: %[[C:.*]] = builtin.unrealized_conversion_cast %arg0 : i64 to i32
// CHECK-NEXT: return %[[C]] : i32

// STATS: Operations encountered:
// STATS-NEXT: -----------------------
// STATS-NEXT: {{^}}  builtin.module                     , 1
// STATS-NEXT: {{^}}  builtin.unrealized_conversion_cast , 5
// STATS-NEXT: {{^}}     func.func                       , 2
// STATS-NEXT: {{^}}     func.return                     , 2

// JSON: {
// JSON-NEXT: "builtin.module" : 1,
// JSON-NEXT: "builtin.unrealized_conversion_cast" : 5,
func.func @roundtrip(%a: i64) -> i64 {
  %0 = builtin.unrealized_conversion_cast %a : i64 to index
  %1 = builtin.unrealized_conversion_cast %0 : index to i32
  %2 = builtin.unrealized_conversion_cast %1 : i32 to i64
  return %2 : i64
}
func.func @kept(%a: i64) -> i32 {
  %0 = builtin.unrealized_conversion_cast %a : i64 to i32
  %dead = builtin.unrealized_conversion_cast %a : i64 to index
  return %0 : i32
}
