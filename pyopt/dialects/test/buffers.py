"""Test ops the buffer passes' upstream tests use (promote-buffers-to-stack and friends):
`test.copy`, `test.buffer_based`, `test.region_buffer_based` with its `test.region_yield`,
and `test.region_if` (then/else regions both flow into a join region, which flows to the
results) with its `test.region_if_yield`; and normalize-memrefs' `test.op_norm`,
`test.op_nonnorm` and `test.op_norm_ret` (generic form only)."""
from pyopt.interfaces import attach
from pyopt.interfaces.control_flow import REGION_BRANCH, RegionBranch, region_args
from pyopt.ir.constraints import AnyType
from pyopt.ir.core import Region
from pyopt.ir.opdef import Op, RETURN_LIKE, TERMINATOR, PURE, SINGLE_BLOCK
from pyopt.rewrite.folding import NO_MEMORY_EFFECT, RECURSIVE_MEMORY_EFFECTS
from pyopt.syntax.format import ensure_terminator
from pyopt.ir.location import SourceLoc

_RW = frozenset({"read", "write"})

COPY = Op("test.copy", operands=["source", "target"], effects=_RW,
          format="`(` $source `,` $target `)` `:` `(` type($source) `,` type($target) `)` "
                 "attr-dict")
BUFFER_BASED = Op("test.buffer_based", operands=["input", "output"], effects=_RW,
                  format="`in` `(` $input`:` type($input) `)` `out` `(` $output`:` "
                         "type($output) `)` attr-dict")
REGION_YIELD = Op("test.region_yield", operands=["result"], traits=[PURE, RETURN_LIKE, TERMINATOR],
                  format="$result `:` type($result) attr-dict")
REGION_BUFFER_BASED = Op("test.region_buffer_based", operands=["input", "output"],
                         regions=["region"], effects=_RW, traits=[SINGLE_BLOCK],
                         implicit_terminator="test.region_yield",
                         format="`in` `(` $input`:` type($input) `)` `out` `(` $output`:` "
                                "type($output) `)` $region attr-dict")
REGION_IF_YIELD = Op("test.region_if_yield", operands=[("results", AnyType, "*")],
                     traits=[NO_MEMORY_EFFECT, RETURN_LIKE, TERMINATOR],
                     format="$results `:` type($results) attr-dict")


def _parse_region_if(p, state):
    name_off = p.custom_ops[-1][1] if p.custom_ops else p.start
    operands = p.parse_operand_list()
    off = p.start
    types = p.parse_colon_type_list()
    state.result_types = p.parse_function_result_types() if p.accept("->") else []
    regions = []
    for kw in ("then", "else", "join"):
        if not p.accept_keyword(kw):
            raise p.custom_error(f"expected '{kw}'", p.start)
        r = p.parse_region()
        ensure_terminator(r, "test.region_if_yield", p, SourceLoc(p.buffer, name_off))
        regions.append(r)
    state.regions = regions
    state.operands = p.resolve_operands(operands, types, off)


def _print_region_if(pr, op):
    out = pr.out
    out.append(" " + ", ".join(pr.value(v) for v in op.operands) + ": "
               + pr.types(op.operand_types))
    if op.results:
        out.append(" -> " + pr.functional_type([], op.result_types).split(" -> ", 1)[1])
    for kw, r in zip(("then", "else", "join"), op.regions):
        out.append(f" {kw} ")
        pr.print_region(r, True, True)


REGION_IF = Op("test.region_if", operands=[("inputs", AnyType, "*")],
               results=[("results", AnyType, "*")], regions=["thenRegion", "elseRegion",
                                                             "joinRegion"],
               traits=[SINGLE_BLOCK, RECURSIVE_MEMORY_EFFECTS],
               implicit_terminator="test.region_if_yield",
               parse=_parse_region_if, print=_print_region_if)



class _RegionIfModel(RegionBranch):
    """then/else are entered with the operands, both flow to join, join to the results."""

    def successors(self, op, point, consts=None):
        if point is None:
            return [(0, region_args(op, 0)), (1, region_args(op, 1))]
        if point != 2:
            return [(2, region_args(op, 2))]
        return [(None, list(op.results))]

    def entry_operands(self, op):
        return op.operands


attach(REGION_IF, REGION_BRANCH, _RegionIfModel())

# (generic form only) buffer-deallocation tests: an op reading its buffer and writing the
# output, a pure op returning a buffer, a region op with recursive effects and no
# RegionBranchOpInterface
READ_BUFFER = Op("test.read_buffer", operands=["buffer"], effects=_RW)
FORWARD_BUFFER = Op("test.forward_buffer", operands=["buffer"], results=["result"],
                    traits=[PURE])
ONE_REGION_RECURSIVE = Op("test.one_region_with_recursive_memory_effects", results=["result"],
                          regions=["body"], traits=[RECURSIVE_MEMORY_EFFECTS])

OP_NORM = Op("test.op_norm", operands=["X", "Y"])
OP_NONNORM = Op("test.op_nonnorm", operands=["X", "Y"])
OP_NORM_RET = Op("test.op_norm_ret", operands=["X"], results=["Y", "Z"])

BUFFER_OPS = [READ_BUFFER, FORWARD_BUFFER, ONE_REGION_RECURSIVE, OP_NORM, OP_NONNORM, OP_NORM_RET, COPY, BUFFER_BASED, REGION_YIELD, REGION_BUFFER_BASED, REGION_IF_YIELD, REGION_IF]
