#!/bin/sh
# Interesting (exit 1) while the candidate ($1) holds an arith.remui and a cf.switch. (That it
# is valid IR is pyreduce's to keep: it never hands the tester a candidate that fails to verify.)
grep -q 'arith\.remui' "$1" && grep -q 'cf\.switch' "$1" && exit 1
exit 0
