// --dump-pass-pipeline prints (to stderr, before running) the pipeline with every option
// of every pass spelled out, options sorted by name, as mlir-opt 19 does.
// RUN: pyopt %s --dump-pass-pipeline --cse --canonicalize=top-down=false --inline 2>&1 >/dev/null | filecheck %s
// CHECK: Pass Manager with 3 passes:
// CHECK-NEXT: builtin.module(cse,canonicalize{  max-iterations=10 max-num-rewrites=-1 region-simplify=normal test-convergence=false top-down=false},inline{default-pipeline=canonicalize inlining-threshold=4294967295 max-iterations=4 })
// CHECK-EMPTY:

// A value holding a space is braced; nested pipelines count as one pass.
// RUN: pyopt %s --dump-pass-pipeline --pass-pipeline='builtin.module(func.func(cse,convert-arith-to-llvm),symbol-privatize{exclude=a,b},inline{default-pipeline="cse, canonicalize"})' 2>&1 >/dev/null | filecheck %s --check-prefix=NEST
// NEST: Pass Manager with 3 passes:
// NEST-NEXT: builtin.module(func.func(cse,convert-arith-to-llvm{index-bitwidth=0}),symbol-privatize{exclude=a,b},inline{default-pipeline={cse, canonicalize} inlining-threshold=4294967295 max-iterations=4 })

// With no passes the (empty) pipeline is still shown.
// RUN: pyopt %s --dump-pass-pipeline 2>&1 >/dev/null | filecheck %s --check-prefix=EMPTY
// EMPTY: Pass Manager with 0 passes:
// EMPTY-NEXT: builtin.module()

func.func @f() {
  return
}
