"""passes/pass_index.py (which module registers each pass) matches the pass library."""
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def test_pass_index_is_current():
    code = ("import sys; sys.path.insert(0, 'scripts'); import gen_pass_index as g; "
            "print(g.render(g.index()), end='')")
    fresh = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                           text=True, check=True).stdout
    with open(os.path.join(ROOT, "passes", "pass_index.py")) as f:
        assert f.read() == fresh, "run scripts/gen_pass_index.py"


def test_a_pass_imports_only_its_module():
    code = ("import sys; from pyopt.pass_registry import add_pass_library, lookup_pass; "
            "add_pass_library('passes.registry', index='passes.pass_index'); "
            "info = lookup_pass('convert-scf-to-cf'); "
            "print(info.name, 'passes.linalg.tiling' in sys.modules, "
            "'passes.registry' in sys.modules); "
            "print(lookup_pass('no-such-pass'), 'passes.registry' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                         text=True, check=True).stdout.split()
    # an unknown name imports the whole library before giving up
    assert out == ["convert-scf-to-cf", "False", "False", "None", "True"]
