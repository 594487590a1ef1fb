#!/bin/sh
# Interesting (exit 1) when the broken plugin pass ($1) still crashes on the candidate ($2).
pyopt --load-dialect-plugin="$1" --broken-strength-reduce "$2" 2>&1 >/dev/null |
  grep -q "internal error in pass 'broken-strength-reduce'" && exit 1
exit 0
