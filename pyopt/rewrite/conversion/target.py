"""ConversionTarget: which ops are legal after a dialect conversion (MLIR's ConversionTarget).

An op's legality comes from, in order: an action set for its name, an action set for its
dialect, the unknown-op action. Actions: LEGAL, DYNAMIC (a callback decides per op; it may
return None to defer to the dialect / unknown action) and ILLEGAL. Ops with no action at all are
"unknown": partial conversion leaves them alone, full conversion must convert them.
"""
from __future__ import annotations

LEGAL, DYNAMIC, ILLEGAL = "legal", "dynamic", "illegal"
_UNDECIDED = object()
_ASK_UNKNOWN = object()  # (a _static entry: only the unknown-op action applies to the name)


def _dialect_of(name):
    return name.split(".", 1)[0]


class LegalityInfo:
    __slots__ = ("action", "callback", "recursive", "recursive_callback")

    def __init__(self, action, callback=None):
        self.action = action
        self.callback = callback
        self.recursive = False
        self.recursive_callback = None


class ConversionTarget:
    def __init__(self, ctx=None):
        self.ctx = ctx
        self.ops = {}        # op name -> LegalityInfo
        self.dialects = {}   # dialect name -> LegalityInfo
        self.unknown = None  # LegalityInfo for ops matched by nothing else
        self._static = {}    # op name -> legality decided without a callback, or
        #                      _ASK_UNKNOWN (a cache)

    # -- ops ------------------------------------------------------------------------------------
    def _set_ops(self, names, info):
        self._static.clear()
        for n in names:
            old = self.ops.get(n)
            if old is not None and old.recursive:
                info.recursive, info.recursive_callback = old.recursive, old.recursive_callback
            self.ops[n] = info

    def add_legal_op(self, *names):
        self._set_ops(names, LegalityInfo(LEGAL))

    def add_dynamically_legal_op(self, names, callback):
        """callback(op) -> True (legal), False (illegal) or None (ask the dialect action)."""
        self._set_ops([names] if isinstance(names, str) else names,
                      LegalityInfo(DYNAMIC, callback))

    def add_illegal_op(self, *names):
        self._set_ops(names, LegalityInfo(ILLEGAL))

    def mark_op_recursively_legal(self, names, callback=None):
        """Legal instances of these ops make everything nested in them legal too (the
        conversion does not look inside). `callback(op)` can restrict it to some instances."""
        self._static.clear()
        for n in ([names] if isinstance(names, str) else names):
            info = self.ops.setdefault(n, LegalityInfo(LEGAL))
            info.recursive, info.recursive_callback = True, callback

    # -- dialects ---------------------------------------------------------------------------------
    def add_legal_dialect(self, *names):
        self._static.clear()
        for n in names:
            self.dialects[n] = LegalityInfo(LEGAL)

    def add_dynamically_legal_dialect(self, names, callback):
        self._static.clear()
        for n in ([names] if isinstance(names, str) else names):
            self.dialects[n] = LegalityInfo(DYNAMIC, callback)

    def add_illegal_dialect(self, *names):
        self._static.clear()
        for n in names:
            self.dialects[n] = LegalityInfo(ILLEGAL)

    def mark_unknown_op_dynamically_legal(self, callback):
        self._static.clear()
        self.unknown = LegalityInfo(DYNAMIC, callback)

    # -- queries ----------------------------------------------------------------------------------
    def _info(self, name):
        info = self.ops.get(name)
        if info is not None:
            return info
        info = self.dialects.get(_dialect_of(name))
        return info if info is not None else self.unknown

    def get_op_action(self, name):
        """LEGAL, DYNAMIC, ILLEGAL or None (unknown)."""
        info = self._info(name)
        return info.action if info is not None else None

    def is_legal(self, op):
        """True/False, or None when the target says nothing about this op. A truthy result is
        "recursive" when nested ops need not be converted (see is_recursively_legal)."""
        name = op.name
        r = self._static.get(name, _UNDECIDED)
        if r is not _UNDECIDED:
            return r if r is not _ASK_UNKNOWN else self._decide(self.unknown, op)
        static = True  # no callback asked: the answer holds for every op of this name
        info = self.ops.get(name)
        matched = info is not None
        if info is not None:
            static = info.action is not DYNAMIC
            r = self._decide(info, op)
            if r is not None:
                if static:
                    self._static[name] = r
                return r
        info = self.dialects.get(_dialect_of(name))
        if info is not None:
            matched = True
            static = static and info.action is not DYNAMIC
            r = self._decide(info, op)
            if r is not None:
                if static:
                    self._static[name] = r
                return r
        info = self.unknown
        if info is not None:
            if not matched:
                self._static[name] = _ASK_UNKNOWN
            return self._decide(info, op)
        if static:
            self._static[name] = None
        return None

    @staticmethod
    def _decide(info, op):
        a = info.action
        if a is LEGAL:
            return True
        if a is ILLEGAL:
            return False
        r = info.callback(op)
        return None if r is None else bool(r)

    def is_recursively_legal(self, op):
        info = self.ops.get(op.name)
        if info is None or not info.recursive:
            return False
        return info.recursive_callback is None or bool(info.recursive_callback(op))

    def is_illegal(self, op):
        return self.is_legal(op) is False
