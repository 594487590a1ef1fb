"""Op interfaces as external models.

MLIR lets a dialect attach an interface implementation to an op after the fact ("external
models"). Here an implementation is any object with the interface's methods; it is stored in
the op's OpDef under the interface name, so a pass asks `model(op, INTERFACE)` and gets the
object or None. Dialects attach their models in modules that the passes using them import
(see `attach`), so start-up does not pay for interfaces nobody runs.
"""
from __future__ import annotations


def attach(opdefs, interface, impl):
    """Attaches `impl` as `interface` model to each OpDef in `opdefs` (an OpDef or an
    iterable of them)."""
    if not isinstance(opdefs, (list, tuple, set, frozenset)):
        opdefs = (opdefs,)
    for d in opdefs:
        d.extra[interface] = impl


def model(op, interface):
    """The `interface` model of `op`'s OpDef, or None (unregistered op or no model)."""
    d = op.opdef
    return None if d is None else d.extra.get(interface)


# Type interfaces (e.g. DestructurableTypeInterface): models keyed by (type class, interface).
_TYPE_MODELS = {}


def attach_type(type_classes, interface, impl):
    """Attaches `impl` as `interface` model to a Type class (or an iterable of them)."""
    if isinstance(type_classes, type):
        type_classes = (type_classes,)
    for c in type_classes:
        _TYPE_MODELS[(c, interface)] = impl


def type_model(t, interface):
    """The `interface` model of type `t`'s class, or None."""
    return _TYPE_MODELS.get((type(t), interface))
