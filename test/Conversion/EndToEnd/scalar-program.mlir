// A program of func, arith, scf, cf and math lowered to the LLVM dialect, translated to LLVM IR
// and run; the numbers it prints are those of the same program lowered by mlir-opt 19,
// translated by mlir-translate 19 and run by lli.

// RUN: pyopt %s --convert-scf-to-cf --convert-func-to-llvm --convert-arith-to-llvm --convert-cf-to-llvm --convert-math-to-llvm --reconcile-unrealized-casts > %t.mlir
// Nothing but the LLVM dialect is left (builtin.module aside).
// RUN: not grep -E "unrealized_conversion_cast|(arith|scf|cf|math|func)\." %t.mlir
// RUN: pytranslate --mlir-to-llvmir %t.mlir | filecheck %s --check-prefix=IR
// RUN: pyrunner %t.mlir -e main --entry-point-result=i32 | filecheck %s
// RUN: pyrunner %t.mlir -e main --entry-point-result=i32 -O3 | filecheck %s

// IR: declare void @printI64(i64)
// IR: define { i64, i64, i1 } @divmod(i64 %0, i64 %1)
// IR: define { i32, i32 } @fib(i32 %0)
// IR: call double @llvm.sqrt.f64(
// IR: call double @llvm.pow.f64(
// IR: call i32 @llvm.ctlz.i32(i32 %0, i1 false)
// IR: call i32 @llvm.abs.i32(
// IR: define i64 @classify(i32 %0)
// IR-NEXT: switch i32 %0, label
// IR: define i32 @main()

func.func private @printI64(i64)
func.func private @printF64(f64)
func.func private @printNewline()

// Three results: quotient, remainder and a flag telling whether b divides a.
func.func @divmod(%a: i64, %b: i64) -> (i64, i64, i1) {
  %q = arith.divsi %a, %b : i64
  %r = arith.remsi %a, %b : i64
  %zero = arith.constant 0 : i64
  %exact = arith.cmpi eq, %r, %zero : i64
  return %q, %r, %exact : i64, i64, i1
}

// sum of i*i for i in [lo, hi) step 3, on index values.
func.func @sum_squares(%lo: index, %hi: index) -> index {
  %c0 = arith.constant 0 : index
  %c3 = arith.constant 3 : index
  %s = scf.for %i = %lo to %hi step %c3 iter_args(%acc = %c0) -> (index) {
    %sq = arith.muli %i, %i : index
    %n = arith.addi %acc, %sq : index
    scf.yield %n : index
  }
  return %s : index
}

// Collatz steps through scf.while.
func.func @collatz(%n: i64) -> i64 {
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  %c2 = arith.constant 2 : i64
  %c3 = arith.constant 3 : i64
  %r:2 = scf.while (%x = %n, %steps = %c0) : (i64, i64) -> (i64, i64) {
    %more = arith.cmpi ne, %x, %c1 : i64
    scf.condition(%more) %x, %steps : i64, i64
  } do {
  ^bb0(%y: i64, %s: i64):
    %rem = arith.remui %y, %c2 : i64
    %odd = arith.cmpi ne, %rem, %c0 : i64
    %next = scf.if %odd -> (i64) {
      %t = arith.muli %y, %c3 : i64
      %u = arith.addi %t, %c1 : i64
      scf.yield %u : i64
    } else {
      %h = arith.shrui %y, %c1 : i64
      scf.yield %h : i64
    }
    %s1 = arith.addi %s, %c1 : i64
    scf.yield %next, %s1 : i64, i64
  }
  return %r#1 : i64
}

// Fibonacci pair with two iter_args; returns (fib(n), fib(n+1)).
func.func @fib(%n: i32) -> (i32, i32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a0 = arith.constant 0 : i32
  %b0 = arith.constant 1 : i32
  %ni = arith.index_cast %n : i32 to index
  %r:2 = scf.for %i = %c0 to %ni step %c1 iter_args(%a = %a0, %b = %b0) -> (i32, i32) {
    %s = arith.addi %a, %b : i32
    scf.yield %b, %s : i32, i32
  }
  return %r#0, %r#1 : i32, i32
}

// Euclid's gcd on explicit blocks (cf).
func.func @gcd(%a: i64, %b: i64) -> i64 {
  %c0 = arith.constant 0 : i64
  cf.br ^head(%a, %b : i64, i64)
^head(%x: i64, %y: i64):
  %done = arith.cmpi eq, %y, %c0 : i64
  cf.cond_br %done, ^exit(%x : i64), ^body
^body:
  %m = arith.remsi %x, %y : i64
  cf.br ^head(%y, %m : i64, i64)
^exit(%g: i64):
  return %g : i64
}

// Float work: Horner polynomial, then math intrinsics.
func.func @floats(%x: f64) -> (f64, f64, f64) {
  %c1 = arith.constant 1.5 : f64
  %c2 = arith.constant -2.0 : f64
  %c3 = arith.constant 0.25 : f64
  %p0 = arith.mulf %x, %c1 : f64
  %p1 = arith.addf %p0, %c2 : f64
  %p2 = arith.mulf %p1, %x : f64
  %p3 = arith.addf %p2, %c3 : f64
  %sq = math.sqrt %p3 : f64
  %fl = math.floor %sq : f64
  %ab = math.absf %c2 : f64
  %pw = math.powf %ab, %fl : f64
  %fm = math.fma %x, %c3, %pw : f64
  %ex = math.exp %c3 : f64
  %lg = math.log %ex : f64
  %cs = math.cos %lg : f64
  %dv = arith.divf %fm, %c2 : f64
  %neg = arith.negf %dv : f64
  %mx = arith.maximumf %neg, %cs : f64
  return %p3, %neg, %mx : f64, f64, f64
}

// float <-> int conversions and integer math intrinsics.
func.func @mixed(%x: i32) -> (i64, i32, f32) {
  %f = arith.sitofp %x : i32 to f32
  %h = arith.constant 0.5 : f32
  %g = arith.mulf %f, %h : f32
  %c = math.ceil %g : f32
  %back = arith.fptosi %c : f32 to i32
  %w = arith.extsi %back : i32 to i64
  %lz = math.ctlz %x : i32
  %neg = arith.subi %lz, %x : i32
  %abs = math.absi %neg : i32
  %sel = arith.cmpi sgt, %abs, %lz : i32
  %m = arith.select %sel, %abs, %lz : i32
  %pc = math.ctpop %m : i32
  %t = arith.trunci %w : i64 to i16
  %z = arith.extui %t : i16 to i32
  %r = arith.addi %pc, %z : i32
  %rf = arith.uitofp %r : i32 to f32
  %sum = arith.addf %rf, %c : f32
  return %w, %r, %sum : i64, i32, f32
}

// cf.switch on an i32 and scf.index_switch on an index: a weight per digit class.
func.func @classify(%d: i32) -> i64 {
  cf.switch %d : i32, [
    default: ^other,
    0: ^zero,
    7: ^seven(%d : i32)
  ]
^zero:
  %z = arith.constant 100 : i64
  return %z : i64
^seven(%s: i32):
  %w = arith.extui %s : i32 to i64
  return %w : i64
^other:
  %i = arith.index_castui %d : i32 to index
  %r = scf.index_switch %i -> i64
  case 1 {
    %a = arith.constant 10 : i64
    scf.yield %a : i64
  }
  case 2 {
    %b = arith.constant 20 : i64
    scf.yield %b : i64
  }
  default {
    %c = arith.constant -1 : i64
    scf.yield %c : i64
  }
  return %r : i64
}

// Recursive binomial coefficient through calls.
func.func @binom(%n: i64, %k: i64) -> i64 {
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  %k0 = arith.cmpi eq, %k, %c0 : i64
  %kn = arith.cmpi eq, %k, %n : i64
  %edge = arith.ori %k0, %kn : i1
  %r = scf.if %edge -> (i64) {
    scf.yield %c1 : i64
  } else {
    %n1 = arith.subi %n, %c1 : i64
    %k1 = arith.subi %k, %c1 : i64
    %a = func.call @binom(%n1, %k1) : (i64, i64) -> i64
    %b = func.call @binom(%n1, %k) : (i64, i64) -> i64
    %s = arith.addi %a, %b : i64
    scf.yield %s : i64
  }
  return %r : i64
}

func.func @main() -> i32 {
  // 17 / -5, 17 % -5 (truncating), and whether -5 divides 17.
  // The runner's line for the returned value (gcd + mixed's second result) comes first:
  // the program's own output is still in the C library's buffer, as with mlir-cpu-runner.
  // CHECK: {{^}}36{{$}}
  // CHECK-NEXT: {{^}}-3{{$}}
  // CHECK-NEXT: {{^}}2{{$}}
  // CHECK-NEXT: {{^}}0{{$}}
  %c17 = arith.constant 17 : i64
  %c5 = arith.constant -5 : i64
  %q, %r, %e = call @divmod(%c17, %c5) : (i64, i64) -> (i64, i64, i1)
  call @printI64(%q) : (i64) -> ()
  call @printNewline() : () -> ()
  call @printI64(%r) : (i64) -> ()
  call @printNewline() : () -> ()
  %ei = arith.extui %e : i1 to i64
  call @printI64(%ei) : (i64) -> ()
  call @printNewline() : () -> ()

  // CHECK-NEXT: {{^}}109428{{$}}
  %lo = arith.constant 2 : index
  %hi = arith.constant 100 : index
  %ss = call @sum_squares(%lo, %hi) : (index, index) -> index
  %ssi = arith.index_cast %ss : index to i64
  call @printI64(%ssi) : (i64) -> ()
  call @printNewline() : () -> ()

  // CHECK-NEXT: {{^}}111{{$}}
  %c27 = arith.constant 27 : i64
  %steps = call @collatz(%c27) : (i64) -> i64
  call @printI64(%steps) : (i64) -> ()
  call @printNewline() : () -> ()

  // CHECK-NEXT: {{^}}102334155{{$}}
  // CHECK-NEXT: {{^}}165580141{{$}}
  %c40 = arith.constant 40 : i32
  %f0, %f1 = call @fib(%c40) : (i32) -> (i32, i32)
  %f0e = arith.extsi %f0 : i32 to i64
  %f1e = arith.extsi %f1 : i32 to i64
  call @printI64(%f0e) : (i64) -> ()
  call @printNewline() : () -> ()
  call @printI64(%f1e) : (i64) -> ()
  call @printNewline() : () -> ()

  // CHECK-NEXT: {{^}}21{{$}}
  %g1 = arith.constant 1071 : i64
  %g2 = arith.constant 462 : i64
  %g = call @gcd(%g1, %g2) : (i64, i64) -> i64
  call @printI64(%g) : (i64) -> ()
  call @printNewline() : () -> ()

  // CHECK-NEXT: {{^}}7.75{{$}}
  // CHECK-NEXT: {{^}}2.375{{$}}
  // CHECK-NEXT: {{^}}2.375{{$}}
  %x = arith.constant 3.0 : f64
  %a, %b, %c = call @floats(%x) : (f64) -> (f64, f64, f64)
  call @printF64(%a) : (f64) -> ()
  call @printNewline() : () -> ()
  call @printF64(%b) : (f64) -> ()
  call @printNewline() : () -> ()
  call @printF64(%c) : (f64) -> ()
  call @printNewline() : () -> ()

  // CHECK-NEXT: {{^}}11{{$}}
  // CHECK-NEXT: {{^}}15{{$}}
  // CHECK-NEXT: {{^}}26{{$}}
  %c21 = arith.constant 21 : i32
  %m0, %m1, %m2 = call @mixed(%c21) : (i32) -> (i64, i32, f32)
  call @printI64(%m0) : (i64) -> ()
  call @printNewline() : () -> ()
  %m1e = arith.extsi %m1 : i32 to i64
  call @printI64(%m1e) : (i64) -> ()
  call @printNewline() : () -> ()
  %m2d = arith.extf %m2 : f32 to f64
  call @printF64(%m2d) : (f64) -> ()
  call @printNewline() : () -> ()

  // classify(0, 1, 2, 3, 7), then their sum plus classify(7).
  // CHECK-NEXT: {{^}}100{{$}}
  // CHECK-NEXT: {{^}}10{{$}}
  // CHECK-NEXT: {{^}}20{{$}}
  // CHECK-NEXT: {{^}}-1{{$}}
  // CHECK-NEXT: {{^}}7{{$}}
  // CHECK-NEXT: {{^}}143{{$}}
  %sum = arith.constant 0 : i64
  %c0i = arith.constant 0 : index
  %c5i = arith.constant 5 : index
  %c1i = arith.constant 1 : index
  %c4i = arith.constant 4 : index
  %tot = scf.for %j = %c0i to %c5i step %c1i iter_args(%acc = %sum) -> (i64) {
    %j32 = arith.index_cast %j : index to i32
    %isl = arith.cmpi eq, %j, %c4i : index
    %d = scf.if %isl -> (i32) {
      %seven = arith.constant 7 : i32
      scf.yield %seven : i32
    } else {
      scf.yield %j32 : i32
    }
    %w = func.call @classify(%d) : (i32) -> i64
    func.call @printI64(%w) : (i64) -> ()
    func.call @printNewline() : () -> ()
    %n = arith.addi %acc, %w : i64
    scf.yield %n : i64
  }
  %seven7 = arith.constant 7 : i32
  %w7 = call @classify(%seven7) : (i32) -> i64
  %tot7 = arith.addi %tot, %w7 : i64
  call @printI64(%tot7) : (i64) -> ()
  call @printNewline() : () -> ()

  // CHECK-NEXT: {{^}}792{{$}}
  %c12 = arith.constant 12 : i64
  %k5 = arith.constant 5 : i64
  %bn = call @binom(%c12, %k5) : (i64, i64) -> i64
  call @printI64(%bn) : (i64) -> ()
  call @printNewline() : () -> ()

  %gi = arith.trunci %g : i64 to i32
  %ret = arith.addi %gi, %m1 : i32
  return %ret : i32
}
