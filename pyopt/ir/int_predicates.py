"""Integer comparison predicates, numbered as arith.cmpi and index.cmp number them, and
their logical inverse (arith::invertPredicate: `not (a p b)` is `a inverse(p) b`)."""
EQ, NE, SLT, SLE, SGT, SGE, ULT, ULE, UGT, UGE = range(10)

INVERSE = (NE, EQ, SGE, SGT, SLE, SLT, UGE, UGT, ULE, ULT)
