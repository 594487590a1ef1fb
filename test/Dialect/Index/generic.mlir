// RUN: pyopt %s --mlir-print-op-generic | filecheck %s

func.func @generic(%a: index) {
  // CHECK: "index.cmp"(%{{.*}}, %{{.*}}) <{pred = #index<cmp_predicate sle>}> : (index, index) -> i1
  %0 = index.cmp sle(%a, %a)
  // CHECK: "index.constant"() <{value = 42 : index}> : () -> index
  %1 = index.constant 42
  // CHECK: "index.bool.constant"() <{value = true}> : () -> i1
  %2 = index.bool.constant true
  // CHECK: "index.sizeof"() : () -> index
  %3 = index.sizeof
  // CHECK: "index.cmp"(%{{.*}}, %{{.*}}) <{pred = #index<cmp_predicate ne>}> : (index, index) -> i1
  %4 = "index.cmp"(%a, %a) {pred = #index<cmp_predicate ne>} : (index, index) -> i1
  return
}
