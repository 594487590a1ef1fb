// pyreduce's command line is mlir-reduce's: bad ones are reported as mlir-reduce-19 reports
// them (llvm::cl messages, pass option errors, diagnostics at the module), exit code 1, and
// nothing is left at -o. As in 19, test= and test-arg= are options of the reduction passes,
// not of the tool.
// RUN: not pyreduce %s --reduction-tree 2>&1 | filecheck %s --check-prefix=NOTEST
// RUN: not pyreduce %s --reduction-tree=test=%S/Inputs/no-such-tester.sh 2>&1 | filecheck %s --check-prefix=NOEXEC
// RUN: not pyreduce %s '--reduction-tree=traversal-mode=1 test=%S/Inputs/grep-test.sh' 2>&1 | filecheck %s --check-prefix=MODE
// RUN: not pyreduce %s --reduction-tree=traversal-mode=x 2>&1 | filecheck %s --check-prefix=BADMODE
// RUN: not pyreduce %s --reduction-tree=foo=1 2>&1 | filecheck %s --check-prefix=NOOPT
// RUN: not pyreduce %s --no-such-pass 2>&1 | filecheck %s --check-prefix=UNKNOWN
// RUN: not pyreduce %s -test=%S/Inputs/grep-test.sh 2>&1 | filecheck %s --check-prefix=TOPTEST
// RUN: not pyreduce %s %s 2>&1 | filecheck %s --check-prefix=TWO
// RUN: not pyreduce %S/Inputs/no-such-input.mlir --reduction-tree=test=%S/Inputs/grep-test.sh 2>&1 | filecheck %s --check-prefix=NOINPUT
// RUN: not pyreduce %s '--reduction-tree=test=%S/Inputs/grep-test.sh test-arg=no-such-text' -o %t.out 2>&1 | filecheck %s --check-prefix=UNINTERESTING
// RUN: not ls %t.out
// RUN: not pyreduce %s '--opt-reduction-pass=opt-pass=no-such-pass test=%S/Inputs/grep-test.sh' 2>&1 | filecheck %s --check-prefix=BADPIPE
// RUN: not pyreduce %s '--opt-reduction-pass=test=%S/Inputs/grep-test.sh test-arg=no-such-text' 2>&1 | filecheck %s --check-prefix=OPTUNINTERESTING
// RUN: not pyreduce %s --pass-pipeline='builtin.module(reduction-tree)' --cse 2>&1 | filecheck %s --check-prefix=BOTH
// RUN: pyreduce --help | filecheck %s --check-prefix=HELP

// NOTEST: command-line.mlir:0:0: error: no interestingness test given
// NOEXEC: command-line.mlir:0:0: error: error running interestingness test: executable "{{.*}}no-such-tester.sh" doesn't exist!
// MODE: command-line.mlir:0:0: error: unsupported traversal mode detected
// BADMODE: pyreduce: for the --traversal-mode option: 'x' value invalid
// NOOPT: error: <Pass-Options-Parser>: no such option foo
// UNKNOWN: pyreduce: Unknown command line argument '--no-such-pass'.  Try: 'pyreduce --help'
// TOPTEST: pyreduce: Unknown command line argument '-test={{.*}}grep-test.sh'.  Try: 'pyreduce --help'
// TWO: pyreduce: Too many positional arguments specified!
// NOINPUT: cannot open input file '{{.*}}no-such-input.mlir': No such file or directory
// UNINTERESTING: command-line.mlir:0:0: error: uninterested module will not be reduced
// BADPIPE: command-line.mlir:0:0: error: failed to parse pass pipeline: {{.*}}'no-such-pass' does not refer to a registered pass or pass pipeline
// OPTUNINTERESTING: command-line.mlir:0:0: error: the original input is not interested
// BOTH: error: '-pass-pipeline' option can't be used with individual pass options

// HELP: OVERVIEW: MLIR test case reduction tool.
// HELP: USAGE: pyreduce [options] <input file>
// HELP: Reduction Passes to Run
// HELP: --opt-reduction-pass
// HELP-NEXT: --opt-pass=<string>
// HELP-NEXT: --test=<string>
// HELP-NEXT: --test-arg=<string>
// HELP: --reduction-tree
// HELP: mlir-reduce options:
// HELP: -o <string> {{.*}}- Output filename for the reduced test case

func.func @f(%a: i32) -> i32 {
  %0 = arith.remui %a, %a : i32
  return %0 : i32
}
