// Deeply nested regions, types and attributes give a diagnostic, not a crash or a hang.
// RUN: %python -c "print('\"x.y\"() (' + '{\"x.y\"() (' * 10000 + '{}' + ') : () -> ()}' * 10000 + ') : () -> ()')" > %t.regions.mlir
// RUN: not pyopt %t.regions.mlir --allow-unregistered-dialect 2>&1 | filecheck %s --check-prefix=DEPTH
// RUN: %python -c "print('!t = ' + 'tuple<' * 10000 + 'i32' + '>' * 10000)" > %t.types.mlir
// RUN: not pyopt %t.types.mlir 2>&1 | filecheck %s --check-prefix=DEPTH
// RUN: %python -c "print('func.func @f() attributes {a = ' + '[' * 10000 + ']' * 10000 + '} { return }')" > %t.attrs.mlir
// RUN: not pyopt %t.attrs.mlir 2>&1 | filecheck %s --check-prefix=DEPTH
// DEPTH: error: exceeded maximum nesting depth
// DEPTH-NOT: Traceback
