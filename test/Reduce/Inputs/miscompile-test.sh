#!/bin/sh
# Interesting (exit 1) when the candidate ($2) runs, and prints another value once the broken
# plugin pass ($1) has run on it than the value expected (its run without the pass): the pass
# miscompiles it. A candidate may loop forever (a loop step replaced by 0): runs are cut after
# a while (not interesting).
lower="--convert-scf-to-cf --convert-func-to-llvm --convert-arith-to-llvm --convert-cf-to-llvm
       --reconcile-unrealized-casts"
bad=$(pyopt --load-dialect-plugin="$1" "$2" --broken-reassociate $lower |
      timeout 30 pyrunner -e main --entry-point-result=i64) || exit 0
expected=$(pyopt "$2" $lower | timeout 30 pyrunner -e main --entry-point-result=i64) || exit 0
[ "$bad" != "$expected" ] && exit 1
exit 0
