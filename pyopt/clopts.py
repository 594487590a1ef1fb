"""A small command-line parser that behaves like LLVM's `llvm::cl` as the LLVM 19 tools use it:
the same spellings (`-opt`, `--opt`, `-opt=v`, `-opt v`, `--` ends the options), the same value
parsers (boolean, uint, long, enum) and the same messages for unknown or bad arguments, and
`--help` in the same layout (categories, aligned descriptions, enum values, a list option
without a name such as mlir-translate's translations).

Options are data: a list of `Opt`. `parse` returns the values by `Opt.dest`, the positional
arguments, and whether parsing failed (the messages are already printed)."""
from __future__ import annotations

import os
import sys

from pyopt.command import edit_distance, read_input_file  # noqa: F401 (the drivers import it from here)

GENERAL = "General options"
GENERIC = "Generic Options"
COLOR = "Color Options"

# value kinds: how a value is parsed, and how one is expected
FLAG = "flag"        # no value allowed (--help, a translation)
BOOL = "bool"        # optional value: true/false/1/0...
STRING = "string"    # value required
UINT = "uint"
LONG = "long"
ENUM = "enum"        # value required, one of `values`
OPT_STRING = "opt_string"  # optional value (`--split-input-file[=<string>]`)
LIST = "list"        # a nameless list whose entries are flags (mlir-translate's translations)
MULTI = "multi"      # value required, may repeat, comma separated: a list of the values


class Opt:
    def __init__(self, name, kind, desc, dest=None, value_desc=None, values=(), default=None,
                 hidden=False, category=GENERAL, implicit=None, missing=None):
        self.name = name
        self.kind = kind
        self.desc = desc
        self.dest = dest or name.replace("-", "_")
        self.value_desc = value_desc or {UINT: "uint", LONG: "long", ENUM: "value",
                                         STRING: "string", OPT_STRING: "string",
                                         MULTI: "string"}.get(kind)
        self.values = list(values)  # ENUM/LIST: (name, description) pairs
        self.default = default
        self.hidden = hidden
        self.category = category
        self.implicit = implicit  # OPT_STRING: the value when none is given
        self.missing = missing or "requires a value!"  # said of a value option given last


_TRUE = ("", "true", "TRUE", "True", "1")
_FALSE = ("false", "FALSE", "False", "0")


def _int_value(text):
    """StringRef::getAsInteger with radix 0 (0x, 0b, 0o and leading-0 octal prefixes)."""
    neg = text.startswith("-")
    body = text[1:] if neg else text
    low = body.lower()
    base, digits = 10, body
    if low.startswith("0x"):
        base, digits = 16, body[2:]
    elif low.startswith("0b"):
        base, digits = 2, body[2:]
    elif low.startswith("0o"):
        base, digits = 8, body[2:]
    elif len(body) > 1 and body[0] == "0":
        base, digits = 8, body[1:]
    if not digits or not all(c.isascii() and c.isalnum() for c in digits):
        return None
    try:
        n = int(digits, base)
    except ValueError:
        return None
    return -n if neg else n




def _dashes(name):
    return ("-" if len(name) == 1 else "--") + name


class Parser:
    def __init__(self, tool, overview, positional, options, argv0=None, on_unknown=None):
        self.tool = tool            # the program name in messages
        self.overview = overview
        self.positional = positional  # e.g. "<input file>"; at most one positional argument
        self.options = options
        self.argv0 = argv0 or tool
        # on_unknown(arg): True when the tool takes an unknown `-name` itself (mlir-opt's pass
        # flags, kept in order); otherwise it is reported
        self.on_unknown = on_unknown
        self.by_name = {}
        for o in options:
            if o.kind == LIST:
                for n, _ in o.values:
                    self.by_name[n] = o
            else:
                self.by_name[o.name] = o

    # ------------------------------------------------------------------ parsing
    def error(self, text):
        sys.stderr.write(text + "\n")

    def _opt_error(self, opt, msg, name=None):
        if opt.kind == LIST:
            self.error(f"{opt.desc} option: {msg}")
        else:
            self.error(f"{self.tool}: for the {_dashes(name or opt.name)} option: {msg}")

    def _value(self, opt, value):
        """The parsed value, or raises ValueError after printing the message."""
        k = opt.kind
        if k == BOOL:
            if value in _TRUE:
                return True
            if value in _FALSE:
                return False
            self._opt_error(opt, f"'{value}' is invalid value for boolean argument! Try 0 or 1")
        elif k == UINT:
            n = _int_value(value)
            if n is not None and 0 <= n < 1 << 32:
                return n
            self._opt_error(opt, f"'{value}' value invalid for uint argument!")
        elif k == LONG:
            n = _int_value(value)
            if n is not None and -(1 << 63) <= n < 1 << 63:
                return n
            self._opt_error(opt, f"'{value}' value invalid for long argument!")
        elif k == ENUM:
            if value in dict(opt.values):
                return value
            self._opt_error(opt, f"Cannot find option named '{value}'!")
        else:
            return value
        raise ValueError

    def parse(self, argv):
        """Returns (values by dest, positionals, ok)."""
        argv = expand_response_files(argv)
        values = {o.dest: ([] if o.kind in (LIST, MULTI) else o.default)
                  for o in self.options}
        seen = set()
        positionals = []
        ok = True
        i = 0
        only_positional = False
        while i < len(argv):
            arg = argv[i]
            i += 1
            if only_positional or not arg.startswith("-") or arg == "-":
                positionals.append(arg)
                continue
            if arg == "--":
                only_positional = True
                continue
            body = arg[2:] if arg.startswith("--") else arg[1:]
            name, eq, value = body.partition("=")
            opt = self.by_name.get(name)
            if opt is None:
                if self.on_unknown is not None and self.on_unknown(arg):
                    continue
                ok = False
                self._unknown(arg, body)
                continue
            seen.add(opt.dest)
            try:
                if opt.kind in (FLAG, LIST):
                    if eq:
                        self._opt_error(opt, f"does not allow a value! '{value}' specified.",
                                        name)
                        raise ValueError
                    if opt.kind == LIST:
                        values[opt.dest].append(name)
                    else:
                        values[opt.dest] = True
                        if opt.category == GENERIC:  # --help/--version act at once
                            values["_generic"] = opt.dest
                            return values, positionals, ok
                elif opt.kind == BOOL:
                    values[opt.dest] = self._value(opt, value)
                elif opt.kind == OPT_STRING:
                    values[opt.dest] = value if eq and value else opt.implicit
                else:
                    if not eq:
                        if i >= len(argv):
                            self._opt_error(opt, opt.missing, name)
                            raise ValueError
                        value = argv[i]
                        i += 1
                    if opt.kind == MULTI:
                        values[opt.dest] += [v for v in value.split(",") if v]
                    else:
                        values[opt.dest] = self._value(opt, value)
            except ValueError:
                ok = False
        if len(positionals) > 1:
            ok = False
            self.error(f"{self.tool}: Too many positional arguments specified!\nCan specify at "
                       f"most 1 positional arguments: See: {self.argv0} --help")
        for o in self.options:
            if o.kind == LIST and o.default == "required" and not values[o.dest]:
                ok = False
                for _ in o.values:  # llvm::cl reports it once per name of the list
                    self._opt_error(o, "must be specified at least once!")
        values["_given"] = seen
        return values, positionals, ok

    def _unknown(self, arg, body):
        # a single-letter option glued to its value (`-ofile`) is refused as a group first
        if not arg.startswith("--") and len(body) > 1:
            first = self.by_name.get(body[0])
            if first is not None and first.kind not in (FLAG, BOOL, LIST):
                self._opt_error(first, "may not occur within a group!", body[0])
        self.error(f"{self.tool}: Unknown command line argument '{arg}'.  Try: "
                   f"'{self.argv0} --help'")
        near = self._nearest(body)
        if near is not None:
            self.error(f"{self.tool}: Did you mean '{_dashes(near)}'?")

    def _nearest(self, body):
        flag, eq, value = body.partition("=")
        best = best_d = None
        # (llvm::cl takes the first of equally near names in its hash order; shorter first)
        for n, o in sorted(self.by_name.items(), key=lambda kv: (len(kv[0]), kv[0])):
            takes_value = o.kind not in (FLAG, LIST)
            d = edit_distance(n, flag if takes_value else body)
            if best_d is None or d < best_d:
                best_d = d
                best = n + "=" + value if eq and takes_value else n
        return best

    # ------------------------------------------------------------------ help
    def _width(self, o):
        if hasattr(o, "help_width"):  # an entry that lays itself out (mlir-opt's pass list)
            return o.help_width()
        if o.kind == LIST:
            return max(len(n) + 8 for n, _ in o.values)
        w = len(o.name) + 2 + (1 if len(o.name) == 1 else 2) + 3
        if o.kind == ENUM:
            w += len("=<value>")
            return max([w] + [len(n) + 8 for n, _ in o.values])
        if o.value_desc and o.kind != BOOL:
            w += len(o.value_desc) + 3
        return w

    def _lines(self, o, width):
        if hasattr(o, "help_lines"):
            return o.help_lines(width)
        if o.kind == LIST:
            out = [f"  {o.desc}"]
            for n, d in o.values:
                left = "    " + "  " + _dashes(n)
                out.append(left + " " * (width - len(n) - 8) + " - " + d)
            return out
        left = "  " + _dashes(o.name)
        if o.kind == ENUM:
            left += "=<value>"
        elif o.kind == OPT_STRING:
            left += f"[=<{o.value_desc}>]"
        elif o.value_desc and o.kind != BOOL:
            left += (" <" if len(o.name) == 1 else "=<") + o.value_desc + ">"
        out = [left + " " * (width - self._width_no_values(o)) + " - " + o.desc]
        for n, d in o.values if o.kind == ENUM else ():
            out.append("    =" + n + " " * (width - len(n) - 8) + " -   " + d)
        return out

    def _width_no_values(self, o):
        if o.kind == ENUM:
            return len(o.name) + 2 + (1 if len(o.name) == 1 else 2) + 3 + len("=<value>")
        return self._width(o)

    def help_text(self, hidden=False, flat=False):
        shown = [o for o in self.options if hidden or not o.hidden]

        def key(o):
            return o.sort_key if hasattr(o, "sort_key") else o.name
        shown.sort(key=key)
        width = max(self._width(o) for o in shown)
        out = [f"OVERVIEW: {self.overview}", f"USAGE: {self.tool} [options] {self.positional}",
               "", "OPTIONS:"]
        if callable(self.overview):  # (mlir-opt's overview lists the dialects: built lazily)
            out[0] = f"OVERVIEW: {self.overview()}"
        if flat:
            for o in shown:
                out += self._lines(o, width)
            return "\n".join(out) + "\n"
        for cat in sorted({o.category for o in shown}):
            out += ["", f"{cat}:", ""]
            for o in shown:
                if o.category == cat:
                    out += self._lines(o, width)
        return "\n".join(out) + "\n"


def expand_response_files(argv, depth=0):
    """`@file` arguments replaced by the arguments written in the file (GNU quoting, nested
    files too), as llvm::cl does; `@name` of no readable file stays as it is."""
    import shlex
    out = []
    for a in argv:
        if a.startswith("@") and len(a) > 1 and depth < 20:
            try:
                with open(a[1:], encoding="utf-8", errors="surrogateescape") as f:
                    words = shlex.split(f.read(), comments=False, posix=True)
            except (OSError, ValueError):
                out.append(a)
                continue
            out.extend(expand_response_files(words, depth + 1))
        else:
            out.append(a)
    return out


def generic_options(version=True):
    """The options every LLVM tool has (`--help`, `--version`, ...)."""
    opts = [
        Opt("h", FLAG, "Alias for --help", dest="help", hidden=True, category=GENERIC),
        Opt("help", FLAG, "Display available options (--help-hidden for more)",
            category=GENERIC),
        Opt("help-hidden", FLAG, "Display all available options", hidden=True,
            category=GENERIC),
        Opt("help-list", FLAG,
            "Display list of available options (--help-list-hidden for more)",
            category=GENERIC),
        Opt("help-list-hidden", FLAG, "Display list of all available options", hidden=True,
            category=GENERIC),
        Opt("color", BOOL, "Use colors in output (default=autodetect)", category=COLOR),
    ]
    if version:
        opts.append(Opt("version", FLAG, "Display the version of this program",
                        category=GENERIC))
    return opts


def handle_generic(parser, values, version_text):
    """--help* and --version (met during parsing, they end the run at once, exit code 0):
    prints and returns True."""
    dest = values.get("_generic")
    forms = {"help": (False, False), "help_hidden": (True, False),
             "help_list": (False, True), "help_list_hidden": (True, True)}
    if dest in forms:
        hidden, flat = forms[dest]
        sys.stdout.write(parser.help_text(hidden=hidden, flat=flat))
        return True
    if dest == "version":
        sys.stdout.write(version_text)
        return True
    return False




def program_path():
    """argv[0] as LLVM prints it in `Try: '... --help'`."""
    return sys.argv[0] if sys.argv and sys.argv[0] else "pytranslate"


def tool_name(path):
    return os.path.basename(path)
