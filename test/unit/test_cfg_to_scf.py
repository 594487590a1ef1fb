"""The CFG lifting's Python API (pyopt/rewrite/cfg_to_scf) with the cf -> scf interface, its
dominator-tree cache, and a short run of the random-CFG differential tester
(test/difftest/cfgtest.py; skipped without mlir-opt-19)."""
import os
import sys

import pytest

from passes.conversion.cf_to_scf import ControlFlowToSCF
from pyopt.dialects import make_context
from pyopt.ir.core import Block
from pyopt.ir.location import SourceBuffer
from pyopt.rewrite.cfg_to_scf import DomCache, transform_cfg_to_scf
from pyopt.tool import parse_module

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "difftest"))
import cfgtest

SRC = """
func.func @f(%c: i1, %n: i32) -> i32 {
  cf.br ^head(%n : i32)
^head(%i: i32):
  cf.cond_br %c, ^body, ^exit
^body:
  cf.br ^head(%i : i32)
^exit:
  return %i : i32
}
func.func @g() {
  return
}
"""


def _funcs():
    ctx = make_context()
    mod, _ = parse_module(SourceBuffer("t", SRC), ctx)
    return ctx, {op.get_attr("sym_name").value: op for op in mod.regions[0].blocks[0]}


def _names(region):
    return [op.name for b in region.blocks for top in b for op in top.walk_ops()]


def test_lifts_a_loop_to_scf_while():
    ctx, funcs = _funcs()
    body = funcs["f"].regions[0]
    assert transform_cfg_to_scf(ctx, body, ControlFlowToSCF(), DomCache()) is True
    names = _names(body)
    assert len(body.blocks) == 1
    assert "scf.while" in names and "scf.if" in names and "scf.condition" in names
    assert not [n for n in names if n.startswith("cf.")]
    # the loop result (the header argument carried out) is what the function returns
    ret = body.blocks[0].last
    loop = next(op for op in body.blocks[0] if op.name == "scf.while")
    assert ret.name == "func.return" and ret.operands[0].owner is loop


def test_single_block_region_is_left_alone():
    ctx, funcs = _funcs()
    body = funcs["g"].regions[0]
    assert transform_cfg_to_scf(ctx, body, ControlFlowToSCF(), DomCache()) is False
    assert _names(body) == ["func.return"]


def test_dom_cache_is_kept_until_invalidated():
    _, funcs = _funcs()
    region = funcs["f"].regions[0]
    _, head, body, exit_ = region.blocks
    dom = DomCache()
    assert dom.dominates(head, exit_) and not dom.dominates(body, exit_)
    assert dom.dominated_preorder(head) == [head, body, exit_]
    new = Block()  # created after the tree: dominated by everything, dominates nothing
    region.append(new)
    assert dom.dominates(body, new) and not dom.dominates(new, head)
    dom.invalidate(region)
    assert dom.dominates(new, new) and not dom.dominates(new, head)


def test_random_cfgs_are_valid_and_deterministic():
    assert cfgtest.CFGGen(5).program() == cfgtest.CFGGen(5).program()
    ctx = make_context(allow_unregistered=True)
    text = cfgtest.CFGGen(9).program().split("// -----")[0]
    mod, _ = parse_module(SourceBuffer("t", text), ctx)
    func = mod.regions[0].blocks[0].first
    assert func.name == "func.func" and len(func.regions[0].blocks) >= 2


@pytest.mark.skipif(cfgtest._opt() is None, reason="mlir-opt-19 not installed")
def test_short_run_against_mlir_opt_19():
    assert cfgtest.main(["--seeds", "4", "--first", "1000"]) == 0
