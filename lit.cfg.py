# lit configuration for pyopt's own tests (test/**/*.mlir).
import os
import shutil

import lit.formats

config.name = "pyopt"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".mlir", ".ll", ".test"]  # (.test: pyopt-lsp -lit-test message files)
config.excludes = ["Inputs", "unit", "Output", "examples", "bench", ".venv", "pyopt",
                   "pytranslate", "passes"]

# The tools come from the environment the tests run in (the venv of the README command).
config.environment["PATH"] = os.pathsep.join(
    [os.path.dirname(shutil.which("pyopt") or "pyopt"), os.environ.get("PATH", "")])
config.environment["PYTHONIOENCODING"] = "utf-8"
config.substitutions.append(("%python", shutil.which("python3") or "python3"))
