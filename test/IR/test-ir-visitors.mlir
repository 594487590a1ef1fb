// RUN: pyopt -test-ir-visitors -allow-unregistered-dialect %s -o /dev/null | filecheck %s
// Walk orders; control-flow order skips the unreachable block; erasing walks.

func.func @f() {
  "r.op"() ({
  ^bb0:
    "a"() : () -> ()
    cf.br ^bb2
  ^bb1:
    "dead"() : () -> ()
    cf.br ^bb2
  ^bb2:
    "b"() : () -> ()
  }) {walk_blocks} : () -> ()
  return
}

// CHECK: Op pre-order visits
// CHECK-NEXT: Visiting op 'builtin.module'
// CHECK-NEXT: Visiting op 'func.func'
// CHECK-NEXT: Visiting op 'r.op'
// CHECK-NEXT: Visiting op 'a'
// CHECK-NEXT: Visiting op 'cf.br'
// CHECK-NEXT: Visiting op 'dead'
// CHECK-NEXT: Visiting op 'cf.br'
// CHECK-NEXT: Visiting op 'b'
// CHECK-NEXT: Visiting op 'func.return'
// CHECK-NEXT: Block pre-order visits
// CHECK-NEXT: Visiting block ^bb0 from region 0 from operation 'builtin.module'
// CHECK-NEXT: Visiting block ^bb0 from region 0 from operation 'func.func'
// CHECK-NEXT: Visiting block ^bb0 from region 0 from operation 'r.op'
// CHECK-NEXT: Visiting block ^bb1 from region 0 from operation 'r.op'
// CHECK-NEXT: Visiting block ^bb2 from region 0 from operation 'r.op'
// CHECK-NEXT: Region pre-order visits
// CHECK-NEXT: Visiting region 0 from operation 'builtin.module'
// CHECK-NEXT: Visiting region 0 from operation 'func.func'
// CHECK-NEXT: Visiting region 0 from operation 'r.op'
// CHECK-NEXT: Op post-order visits
// CHECK-NEXT: Visiting op 'a'
// CHECK-NEXT: Visiting op 'cf.br'
// CHECK-NEXT: Visiting op 'dead'
// CHECK-NEXT: Visiting op 'cf.br'
// CHECK-NEXT: Visiting op 'b'
// CHECK-NEXT: Visiting op 'r.op'
// CHECK-NEXT: Visiting op 'func.return'
// CHECK-NEXT: Visiting op 'func.func'
// CHECK-NEXT: Visiting op 'builtin.module'
// CHECK-NEXT: Block post-order visits
// CHECK-NEXT: Visiting block ^bb0 from region 0 from operation 'r.op'
// CHECK-NEXT: Visiting block ^bb1 from region 0 from operation 'r.op'
// CHECK-NEXT: Visiting block ^bb2 from region 0 from operation 'r.op'
// CHECK-NEXT: Visiting block ^bb0 from region 0 from operation 'func.func'
// CHECK-NEXT: Visiting block ^bb0 from region 0 from operation 'builtin.module'
// CHECK-NEXT: Region post-order visits
// CHECK-NEXT: Visiting region 0 from operation 'r.op'
// CHECK-NEXT: Visiting region 0 from operation 'func.func'
// CHECK-NEXT: Visiting region 0 from operation 'builtin.module'
// CHECK-NEXT: Op reverse post-order visits
// CHECK-NEXT: Visiting op 'func.return'
// CHECK-NEXT: Visiting op 'b'
// CHECK-NEXT: Visiting op 'cf.br'
// CHECK-NEXT: Visiting op 'dead'
// CHECK-NEXT: Visiting op 'cf.br'
// CHECK-NEXT: Visiting op 'a'
// CHECK-NEXT: Visiting op 'r.op'
// CHECK-NEXT: Visiting op 'func.func'
// CHECK-NEXT: Visiting op 'builtin.module'
// CHECK-NEXT: Block reverse post-order visits
// CHECK-NEXT: Visiting block ^bb2 from region 0 from operation 'r.op'
// CHECK-NEXT: Visiting block ^bb1 from region 0 from operation 'r.op'
// CHECK-NEXT: Visiting block ^bb0 from region 0 from operation 'r.op'
// CHECK-NEXT: Visiting block ^bb0 from region 0 from operation 'func.func'
// CHECK-NEXT: Visiting block ^bb0 from region 0 from operation 'builtin.module'
// CHECK-NEXT: Region reverse post-order visits
// CHECK-NEXT: Visiting region 0 from operation 'r.op'
// CHECK-NEXT: Visiting region 0 from operation 'func.func'
// CHECK-NEXT: Visiting region 0 from operation 'builtin.module'
// CHECK-NEXT: Op forward dominance post-order visits
// CHECK-NEXT: Visiting op 'a'
// CHECK-NEXT: Visiting op 'cf.br'
// CHECK-NEXT: Visiting op 'b'
// CHECK-NEXT: Visiting op 'r.op'
// CHECK-NEXT: Visiting op 'func.return'
// CHECK-NEXT: Visiting op 'func.func'
// CHECK-NEXT: Block forward dominance post-order visits
// CHECK-NEXT: Visiting block ^bb0 from region 0 from operation 'r.op'
// CHECK-NEXT: Visiting block ^bb2 from region 0 from operation 'r.op'
// CHECK-NEXT: Visiting block ^bb0 from region 0 from operation 'func.func'
// CHECK-NEXT: Region forward dominance post-order visits
// CHECK-NEXT: Visiting region 0 from operation 'r.op'
// CHECK-NEXT: Visiting region 0 from operation 'func.func'
// CHECK-NEXT: Op reverse dominance post-order visits
// CHECK-NEXT: Visiting op 'func.return'
// CHECK-NEXT: Visiting op 'b'
// CHECK-NEXT: Visiting op 'cf.br'
// CHECK-NEXT: Visiting op 'a'
// CHECK-NEXT: Visiting op 'r.op'
// CHECK-NEXT: Visiting op 'func.func'
// CHECK-NEXT: Block reverse dominance post-order visits
// CHECK-NEXT: Visiting block ^bb2 from region 0 from operation 'r.op'
// CHECK-NEXT: Visiting block ^bb0 from region 0 from operation 'r.op'
// CHECK-NEXT: Visiting block ^bb0 from region 0 from operation 'func.func'
// CHECK-NEXT: Region reverse dominance post-order visits
// CHECK-NEXT: Visiting region 0 from operation 'r.op'
// CHECK-NEXT: Visiting region 0 from operation 'func.func'
// CHECK-NEXT: Invoke block pre-order visits on blocks
// CHECK-NEXT: Visiting block ^bb0 from region 0 from operation 'r.op'
// CHECK-NEXT: Visiting block ^bb1 from region 0 from operation 'r.op'
// CHECK-NEXT: Visiting block ^bb2 from region 0 from operation 'r.op'
// CHECK-NEXT: Invoke block post-order visits on blocks
// CHECK-NEXT: Visiting block ^bb0 from region 0 from operation 'r.op'
// CHECK-NEXT: Visiting block ^bb1 from region 0 from operation 'r.op'
// CHECK-NEXT: Visiting block ^bb2 from region 0 from operation 'r.op'
// CHECK-NEXT: Invoke region pre-order visits on region
// CHECK-NEXT: Invoke region post-order visits on region
// CHECK-NEXT: Op pre-order erasures (skip)
// CHECK-NEXT: Erasing op 'r.op'
// CHECK-NEXT: Erasing op 'func.return'
// CHECK-NEXT: Block pre-order erasures (skip)
// CHECK-NEXT: Erasing block ^bb0 from region 0 from operation 'r.op'
// CHECK-NEXT: Erasing block ^bb0 from region 0 from operation 'r.op'
// CHECK-NEXT: Erasing block ^bb0 from region 0 from operation 'r.op'
// CHECK-NEXT: Op post-order erasures (skip)
// CHECK-NEXT: Erasing op 'a'
// CHECK-NEXT: Erasing op 'cf.br'
// CHECK-NEXT: Erasing op 'dead'
// CHECK-NEXT: Erasing op 'cf.br'
// CHECK-NEXT: Erasing op 'b'
// CHECK-NEXT: Erasing op 'r.op'
// CHECK-NEXT: Erasing op 'func.return'
// CHECK-NEXT: Block post-order erasures (skip)
// CHECK-NEXT: Erasing block ^bb0 from region 0 from operation 'r.op'
// CHECK-NEXT: Erasing block ^bb0 from region 0 from operation 'r.op'
// CHECK-NEXT: Erasing block ^bb0 from region 0 from operation 'r.op'
// CHECK-NEXT: Op post-order erasures (no skip)
// CHECK-NEXT: Erasing op 'a'
// CHECK-NEXT: Erasing op 'cf.br'
// CHECK-NEXT: Erasing op 'dead'
// CHECK-NEXT: Erasing op 'cf.br'
// CHECK-NEXT: Erasing op 'b'
// CHECK-NEXT: Erasing op 'r.op'
// CHECK-NEXT: Erasing op 'func.return'
// CHECK-NEXT: Erasing op 'func.func'
// CHECK-NEXT: Erasing op 'builtin.module'
// CHECK-NEXT: Block post-order erasures (no skip)
// CHECK-NEXT: Erasing block ^bb0 from region 0 from operation 'r.op'
// CHECK-NEXT: Erasing block ^bb0 from region 0 from operation 'r.op'
// CHECK-NEXT: Erasing block ^bb0 from region 0 from operation 'r.op'
// CHECK-NEXT: Erasing block ^bb0 from region 0 from operation 'func.func'
// CHECK-NEXT: Erasing block ^bb0 from region 0 from operation 'builtin.module'
