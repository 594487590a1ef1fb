"""pyreduce: mlir-reduce's command line over pyopt, with a reducer that keeps the IR valid.

`cli` is the command line (mlir-reduce 19's: an input file, `-o`, and a pass pipeline in which
the reduction passes `reduction-tree` and `opt-reduction-pass` take `test=`/`test-arg=`),
`passes` registers those two passes, `tester` runs the user's interestingness script,
`driver` is the delta-debugging loop over the reductions of `op_edits`, `cfg_edits` and
`func_edits`, `scope` finds replacement values, and `progress` reports on stderr.
"""
