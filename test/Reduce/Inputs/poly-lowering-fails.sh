#!/bin/sh
# Interesting (exit 1) while lowering the candidate ($2) with the poly plugin ($1) fails on a
# poly.constant.
pyopt --load-dialect-plugin="$1" "$2" --poly-to-standard 2>&1 >/dev/null |
  grep -q "failed to legalize operation 'poly.constant'" && exit 1
exit 0
