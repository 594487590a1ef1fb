#!/bin/sh
# Interesting (exit 1) when the candidate ($3), lowered with the broken plugin pass ($1) and
# run by pyrunner, prints the wrong value seen on the original program ($2), while lowered
# without the pass it prints another value (so the pass is to blame).
lower="--convert-scf-to-cf --convert-func-to-llvm --convert-arith-to-llvm --convert-cf-to-llvm
       --reconcile-unrealized-casts"
bad=$(pyopt --load-dialect-plugin="$1" "$3" --broken-reassociate $lower |
      pyrunner -e main --entry-point-result=i64) || exit 0
[ "$bad" = "$2" ] || exit 0
good=$(pyopt "$3" $lower | pyrunner -e main --entry-point-result=i64) || exit 0
[ "$good" != "$2" ] && exit 1
exit 0
