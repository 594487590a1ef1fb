// A 100 MB line (one string attribute) parses and prints in bounded time and memory.
// RUN: %python -c "print('func.func @f() attributes {a = \"' + 'x' * 100_000_000 + '\"} { return }')" > %t.mlir
// RUN: pyopt %t.mlir | %python -c "import sys; d = sys.stdin.read(); print(len(d) > 100_000_000, d[:40])" | filecheck %s
// CHECK: True module {
