"""`lift-cf-to-scf`: lifts cf.br/cf.cond_br/cf.switch control flow inside functions to scf.if,
scf.index_switch and scf.while (the generic lifting is pyopt/rewrite/cfg_to_scf; this module
is its cf -> scf interface). Switch values are i32 constants; values a path does not define
are ub.poison; an infinite loop ends its function with a return of poison values."""
from __future__ import annotations

from pyopt.dialects.cf.builders import create_switch
from pyopt.ir.attributes import DenseArrayAttr, IntegerAttr
from pyopt.ir.core import Block
from pyopt.ir.diagnostics import error
from pyopt.ir.types import I1, I32, I64, INDEX, IntegerType
from pyopt.ir.verifier import op_error
from pyopt.pass_registry import register_pass
from pyopt.rewrite.cfg_to_scf import CFGToSCFInterface, DomCache, transform_cfg_to_scf


class ControlFlowToSCF(CFGToSCFInterface):
    def create_structured_branch_region_op(self, builder, cf_op, result_types, regions):
        if cf_op.name == "cf.cond_br":
            op = builder.create("scf.if", [cf_op.condition], list(result_types), regions=2,
                                loc=cf_op.loc)
        elif cf_op.name == "cf.switch":
            flag = cf_op.flag
            cast = builder.create("arith.index_castui", [flag], [INDEX], loc=cf_op.loc)
            cv = cf_op.properties.get("case_values")
            width = flag.type.width if type(flag.type) is IntegerType else 64
            mask = (1 << width) - 1
            cases = [v & mask for v in cv.all_values()] if cv is not None else []
            op = builder.create("scf.index_switch", [cast.result], list(result_types),
                                properties={"cases": DenseArrayAttr(I64, cases)},
                                regions=len(cases) + 1, loc=cf_op.loc)
        else:
            raise op_error(cf_op, "Cannot convert unknown control flow op to structured "
                           "control flow")
        for dest, src in zip(op.regions, regions):
            dest.take_body(src)
        return op

    def create_structured_branch_region_terminator_op(self, loc, builder, branch_op,
                                                      replaced_op, results):
        builder.create("scf.yield", list(results), [], loc=loc)

    def create_structured_do_while_loop_op(self, builder, replaced_op, inits, condition,
                                           next_values, body):
        loc = replaced_op.loc
        types = [v.type for v in inits]
        loop = builder.create("scf.while", list(inits), types, regions=2, loc=loc)
        before, after = loop.regions
        before.take_body(body)
        builder.set_insertion_point_to_end(before.blocks[-1])
        # (the repeat flag is an i32 switch value, 0 or 1)
        flag = builder.create("arith.trunci", [condition], [I1], loc=loc).result
        builder.create("scf.condition", [flag] + list(next_values), [], loc=loc)
        block = Block(types, [loc] * len(types))
        after.append(block)
        builder.set_insertion_point_to_end(block)
        builder.create("scf.yield", list(block.args), [], loc=loc)
        return loop

    def get_cfg_switch_value(self, loc, builder, value):
        return builder.create("arith.constant", [], [I32],
                              properties={"value": IntegerAttr(I32, value)}, loc=loc).result

    def create_cfg_switch_op(self, loc, builder, flag, case_values, case_dests, case_args,
                             default_dest, default_args):
        create_switch(builder, loc, flag, default_dest, default_args, case_values, case_dests,
                      case_args)

    def get_undef_value(self, loc, builder, type_):
        return builder.create("ub.poison", [], [type_], loc=loc).result

    def create_unreachable_terminator(self, loc, builder, region):
        parent = region.parent
        if parent is None or parent.name != "func.func":
            raise error(loc, "Cannot create unreachable terminator for '"
                        f"{parent.name if parent is not None else '<none>'}'")
        ftype = parent.get_attr("function_type").value
        values = [self.get_undef_value(loc, builder, t) for t in ftype.results]
        return builder.create("func.return", values, [], loc=loc)


@register_pass("lift-cf-to-scf", "Lift ControlFlow dialect to SCF dialect",
               display_name="LiftControlFlowToSCFPass")
def lift_cf_to_scf(root, ctx, options):
    iface = ControlFlowToSCF()
    funcs = []
    root.walk(lambda op: funcs.append(op) if op.name == "func.func" else None)
    for func in funcs:
        if not func.regions or not func.regions[0].blocks:
            continue
        dom = DomCache()
        ops = []
        func.walk(ops.append)
        for op in ops:
            for region in op.regions:
                transform_cfg_to_scf(ctx, region, iface, dom)
