"""`test_dyn`: a dialect upstream's test build registers at run time, with one op whose
verifier wants a single result and no operands or regions."""
from pyopt.ir.opdef import Dialect, Op
from pyopt.ir.verifier import plain_error


def _verify_one_result(op):
    if len(op.results) != 1 or op.operand_slots or op.regions:
        raise plain_error(op, "expected a single result, no operands and no regions")


TEST_DYN_DIALECT = Dialect("test_dyn", [
    Op("test_dyn.one_result", operands=["args*"], results=["results*"], regions=["regions*"],
       verify=_verify_one_result)])
