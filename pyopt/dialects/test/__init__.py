"""The `test` dialect of mlir-opt, as far as pyopt has it: mlir-opt 19 registers upstream's
test dialect, which accepts operations it does not define ("test.foo"), so generic-form test
ops parse without --allow-unregistered-dialect and behave as unregistered ops (no traits, any
effect). Its own registered ops, types and attributes are not defined here."""
from pyopt.ir.opdef import Dialect

TEST_DIALECT = Dialect("test", allow_unknown_ops=True)
