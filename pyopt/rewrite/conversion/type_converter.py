"""TypeConverter and SignatureConversion (MLIR's TypeConverter).

Conversion callbacks are tried most recently added first. A callback returns
  - a Type (1:1), a list of Types (1:N; [] drops the value),
  - None: "not mine", try the next callback,
  - FAILURE: the type cannot be converted (stop).
A callback taking two parameters also receives the converter, whose `call_stack` lists the
types being converted (outermost first) so recursive types can detect cycles. Results are
cached per type.

Materializations build IR that converts values between types: source (legal -> original
type, for users that were not converted), target (original -> legal type, for a pattern's
operands) and argument (new block arguments -> original argument type). Each is
`fn(builder, result_type, inputs, loc) -> Value | None`, tried most recent first.
"""
from __future__ import annotations

import inspect

from pyopt.ir.attributes import TypeAttr
from pyopt.ir.types import FunctionType

FAILURE = object()  # a conversion callback's "this type is not convertible"


def _arity(fn):
    try:
        params = [p for p in inspect.signature(fn).parameters.values()
                  if p.default is p.empty and p.kind in (p.POSITIONAL_ONLY,
                                                         p.POSITIONAL_OR_KEYWORD)]
        return len(params)
    except (TypeError, ValueError):
        return 1


class SignatureConversion:
    """How each original input maps to the new inputs: `add_inputs(i, types)` or
    `remap_input(i, value)` (the original input is replaced by an existing value)."""

    def __init__(self, num_orig_inputs):
        self.input_map = [None] * num_orig_inputs  # i -> (start, count) or ("value", v)
        self.converted_types = []

    def add_inputs(self, orig_index, types):
        start = len(self.converted_types)
        self.converted_types.extend(types)
        self.input_map[orig_index] = (start, len(types))

    def append_inputs(self, types):
        self.converted_types.extend(types)

    def remap_input(self, orig_index, value):
        self.input_map[orig_index] = ("value", value)

    def get_input_mapping(self, orig_index):
        return self.input_map[orig_index]

    def keeps_inputs(self, n):
        """Do the first n original inputs map to the new inputs at their own index, 1:1?"""
        input_map = self.input_map
        for i in range(n):
            if input_map[i] != (i, 1):
                return False
        return True


class TypeConverter:
    def __init__(self):
        self.conversions = []  # (fn, arity), tried from the end
        self.source_materializations = []
        self.target_materializations = []
        self.argument_materializations = []
        self.cache = {}
        self.call_stack = []

    # -- registration ---------------------------------------------------------------------------
    def add_conversion(self, fn):
        """Registers `fn(type)` or `fn(type, converter)`; usable as a decorator."""
        self.conversions.append((fn, _arity(fn)))
        self.cache.clear()
        return fn

    def add_source_materialization(self, fn):
        self.source_materializations.append(fn)
        return fn

    def add_target_materialization(self, fn):
        self.target_materializations.append(fn)
        return fn

    def add_argument_materialization(self, fn):
        self.argument_materializations.append(fn)
        return fn

    def add_function_type_conversion(self):
        """A rule converting FunctionTypes input by input and result by result (for converters
        whose other rules cover the element types)."""
        def function(t):
            if type(t) is not FunctionType:
                return None
            ins, outs = self.convert_types(list(t.inputs)), self.convert_types(list(t.results))
            return None if ins is None or outs is None else FunctionType(ins, outs)
        return self.add_conversion(function)

    # -- conversion -----------------------------------------------------------------------------
    def convert_type_1n(self, t):
        """The list of types `t` converts to, or None when it cannot be converted."""
        cache = self.cache
        r = cache.get(t, cache)
        if r is not cache:
            return r
        result = None
        self.call_stack.append(t)
        try:
            for fn, arity in reversed(self.conversions):
                r = fn(t, self) if arity >= 2 else fn(t)
                if r is None:
                    continue
                if r is FAILURE:
                    break
                result = list(r) if isinstance(r, (list, tuple)) else [r]
                break
        finally:
            self.call_stack.pop()
        cache[t] = result
        return result

    def convert_type(self, t):
        """The single type `t` converts to; None when it cannot be converted or is 1:N."""
        r = self.convert_type_1n(t)
        return r[0] if r is not None and len(r) == 1 else None

    def convert_types(self, types):
        out = []
        for t in types:
            r = self.convert_type_1n(t)
            if r is None:
                return None
            out.extend(r)
        return out

    def is_legal(self, x):
        """A type, a list of types or an op (all operand and result types legal)."""
        if isinstance(x, (list, tuple)):
            return all(self.is_legal(t) for t in x)
        if hasattr(x, "operand_slots"):
            return (all(self.is_legal(s.value.type) for s in x.operand_slots) and
                    all(self.is_legal(r.type) for r in x.results))
        return self.convert_type(x) is x

    def is_signature_legal(self, ft: FunctionType):
        return self.is_legal(list(ft.inputs)) and self.is_legal(list(ft.results))

    def is_function_legal(self, op):
        """For a func-like op: its function_type and its body's block arguments are legal."""
        ft = op.get_attr("function_type")
        if ft is not None and not self.is_signature_legal(ft.value):
            return False
        return all(self.is_legal(a.type) for r in op.regions for b in r.blocks
                   for a in b.args)

    def convert_signature_args(self, types, start_index=0, conversion=None):
        conv = conversion or SignatureConversion(len(types) + start_index)
        for i, t in enumerate(types):
            r = self.convert_type_1n(t)
            if r is None:
                return None
            conv.add_inputs(start_index + i, r)
        return conv

    def convert_block_signature(self, block):
        return self.convert_signature_args([a.type for a in block.args])

    def convert_function_type(self, ft):
        """(SignatureConversion, new FunctionType) or None."""
        conv = self.convert_signature_args(list(ft.inputs))
        results = self.convert_types(list(ft.results))
        if conv is None or results is None:
            return None
        return conv, FunctionType(conv.converted_types, results)

    @staticmethod
    def function_type_attr(ft):
        return TypeAttr(ft)

    # -- materialization ------------------------------------------------------------------------
    @staticmethod
    def _materialize(fns, builder, result_type, inputs, loc):
        for fn in reversed(fns):
            v = fn(builder, result_type, list(inputs), loc)
            if v is not None:
                return v
        return None

    def materialize_source(self, builder, result_type, inputs, loc):
        return self._materialize(self.source_materializations, builder, result_type, inputs, loc)

    def materialize_target(self, builder, result_type, inputs, loc):
        return self._materialize(self.target_materializations, builder, result_type, inputs, loc)

    def materialize_argument(self, builder, result_type, inputs, loc):
        return self._materialize(self.argument_materializations, builder, result_type, inputs,
                                 loc)


def unrealized_cast_materialization(builder, result_type, inputs, loc):
    """A materialization that inserts `builtin.unrealized_conversion_cast` (register it when
    a later pass, e.g. reconcile-unrealized-casts, resolves the casts)."""
    return builder.create("builtin.unrealized_conversion_cast", inputs, [result_type],
                          loc=loc).results[0]
