#!/bin/sh
# Interesting (exit 1) while the candidate (the last argument) holds the text $1.
grep -q -- "$1" "$2" && exit 1
exit 0
