"""The hooks through which the CFG lifting creates dialect ops (MLIR's CFGToSCFInterface).

Failures are reported by raising an MLIRError (e.g. `op_error(...)`); the lifting stops there.
Switch values are small unsigned integers from `get_cfg_switch_value`; the CFG switch op made
by `create_cfg_switch_op` must dispatch on them (default destination first as successor 0).
"""
from __future__ import annotations


class CFGToSCFInterface:
    def create_structured_branch_region_op(self, builder, cf_op, result_types, regions):
        """An op taking `regions` (successor order of `cf_op`) and yielding `result_types`."""
        raise NotImplementedError

    def create_structured_branch_region_terminator_op(self, loc, builder, branch_op,
                                                      replaced_op, results):
        raise NotImplementedError

    def create_structured_do_while_loop_op(self, builder, replaced_op, inits, condition,
                                           next_values, body):
        """A loop running `body` (a Region, entry first, latch last) while `condition` (a
        switch value 0/1 computed in the latch) is 1; its results are the last `next_values`."""
        raise NotImplementedError

    def get_cfg_switch_value(self, loc, builder, value):
        raise NotImplementedError

    def create_cfg_switch_op(self, loc, builder, flag, case_values, case_dests, case_args,
                             default_dest, default_args):
        raise NotImplementedError

    def get_undef_value(self, loc, builder, type_):
        raise NotImplementedError

    def create_unreachable_terminator(self, loc, builder, region):
        """A return-like terminator ending `region` after an infinite loop."""
        raise NotImplementedError

    # -- derived ------------------------------------------------------------------------------
    def create_single_destination_branch(self, loc, builder, dummy_flag, dest, args):
        self.create_cfg_switch_op(loc, builder, dummy_flag, [], [], [], dest, args)

    def create_conditional_branch(self, loc, builder, condition, true_dest, true_args,
                                  false_dest, false_args):
        self.create_cfg_switch_op(loc, builder, condition, [0], [false_dest], [false_args],
                                  true_dest, true_args)
