// Malformed pipelines, unknown passes and bad options are diagnosed (exit 1).
// RUN: not pyopt %s --pass-pipeline="builtin.module(func.func(cse,foo))" 2>&1 | filecheck %s --check-prefix=UNKNOWN
// RUN: not pyopt %s --pass-pipeline="builtin.module(func.func(cse)" 2>&1 | filecheck %s --check-prefix=PAREN
// RUN: not pyopt %s --pass-pipeline="cse" 2>&1 | filecheck %s --check-prefix=ANCHOR
// RUN: not pyopt %s --pass-pipeline="func.func(cse)" 2>&1 | filecheck %s --check-prefix=WRONGOP
// RUN: not pyopt %s --pass-pipeline="builtin.module(canonicalize{bogus=1})" 2>&1 | filecheck %s --check-prefix=OPT
// RUN: not pyopt %s -canonicalize=max-iterations=x 2>&1 | filecheck %s --check-prefix=INT
// RUN: not pyopt %s -cse --pass-pipeline="builtin.module(cse)" 2>&1 | filecheck %s --check-prefix=BOTH
// RUN: not pyopt %s -symbol-dce --pass-pipeline="builtin.module(cse)" 2>&1 | filecheck %s --check-prefix=BOTH

// UNKNOWN: error: MLIR Textual PassPipeline Parser:1:15: error: 'foo' does not refer to a registered pass or pass pipeline
// UNKNOWN-NEXT: func.func(cse,foo)
// UNKNOWN-NEXT: {{^              \^}}
// PAREN: encountered unbalanced parentheses while parsing pipeline
// ANCHOR: expected pass pipeline to be wrapped with the anchor operation type, e.g. 'builtin.module(...)'
// WRONGOP: error: can't run 'func.func' pass manager on 'builtin.module' op
// OPT: <Pass-Options-Parser>: no such option bogus
// OPT: failed to add `canonicalize` with options `bogus=1`
// INT: for the --max-iterations option: 'x' value invalid for long argument!
// BOTH: '-pass-pipeline' option can't be used with individual pass options
func.func @f() {
  return
}
