// A -shared-libs entry that is missing or is not a shared object is reported on stderr, as
// mlir-cpu-runner-19 reports it (under its absolute path), and the program still runs (exit 0).
// RUN: rm -f %t.missing.so
// RUN: pyrunner %s -e entry -entry-point-result=void -shared-libs=%t.missing.so 2>&1 | filecheck %s --check-prefix=MISSING
// RUN: echo junk > %t.junk.so
// RUN: pyrunner %s -e entry -entry-point-result=void -shared-libs=%t.junk.so 2>&1 | filecheck %s --check-prefix=JUNK
// A relative path is taken from the working directory.
// RUN: mkdir -p %t.dir && cd %t.dir && pyrunner %s -e entry -entry-point-result=void -shared-libs=sub/../libnone.so 2>&1 | filecheck %s --check-prefix=REL

llvm.func @putchar(i32) -> i32
llvm.func @entry() {
  %c = llvm.mlir.constant(65 : i32) : i32
  %r = llvm.call @putchar(%c) : (i32) -> i32
  llvm.return
}

// MISSING: Failed to create MemoryBuffer for: {{/.*}}.missing.so
// MISSING-NEXT: Error: No such file or directory
// MISSING-NEXT: A
// JUNK: Could not load {{/.*}}.junk.so:
// JUNK-NEXT: {{^  /.*}}.junk.so: file too short
// JUNK-NEXT: A
// REL: Failed to create MemoryBuffer for: {{/.*}}.dir/sub/../libnone.so
// REL-NEXT: Error: No such file or directory
// REL-NEXT: A
