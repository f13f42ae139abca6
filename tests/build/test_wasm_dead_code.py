"""The build's dead-code pass on Pyodide's wasm (build/runtime/wasm_dead_code.py), without a browser."""

import subprocess
from pathlib import Path

import pytest
from runtime import wasm_dead_code as dead_code
from runtime import wasm_exports

ROOT = Path(__file__).resolve().parents[2]
needs_binaryen = pytest.mark.skipif(not dead_code.available(), reason="npm ci installs binaryen")

FUNCTION_SECTION, CODE_SECTION = 3, 10


def module(exported: list[int], bodies: int = 2) -> bytes:
    """A module of ``bodies`` functions () -> i32 (function i returns i), exporting ``exported``."""
    def section(kind: int, payload: list[int]) -> list[int]:
        return [kind, len(payload), *payload]

    types = section(1, [1, 0x60, 0, 1, 0x7F])
    functions = section(FUNCTION_SECTION, [bodies] + [0] * bodies)
    export = [len(exported)]
    for index in exported:
        export += [1, ord("a") + index, 0, index]
    code = [bodies]
    for index in range(bodies):
        code += [4, 0, 0x41, index, 0x0B]  # size, no locals, i32.const index, end
    return b"\0asm\1\0\0\0" + bytes(types + functions + section(7, export) + section(CODE_SECTION, code))


def functions_in(data: bytes) -> int:
    starts = [start for kind, start, _ in wasm_exports.sections(data) if kind == FUNCTION_SECTION]
    return data[starts[0]]


def run_export(data: bytes, name: str) -> int:
    code = ",".join(map(str, data))
    script = f"WebAssembly.instantiate(new Uint8Array([{code}])).then(m => console.log(m.instance.exports.{name}()))"
    return int(subprocess.run(["node", "-e", script], capture_output=True, text=True, check=True).stdout)


@needs_binaryen
def test_a_function_no_export_reaches_is_taken_out_and_the_rest_still_runs(tmp_path):
    before = module(exported=[1])
    after = dead_code.without_dead_code(before, cache=tmp_path)
    assert functions_in(before) == 2 and functions_in(after) == 1
    assert run_export(before, "b") == run_export(after, "b") == 1


@needs_binaryen
def test_the_result_is_cached_under_the_input(tmp_path):
    first = dead_code.without_dead_code(module(exported=[0, 1]), cache=tmp_path)
    assert functions_in(first) == 2  # both exported: nothing is dead
    assert len(list(tmp_path.glob("*.wasm"))) == 1
    assert dead_code.without_dead_code(module(exported=[0, 1]), cache=tmp_path) == first


@needs_binaryen
def test_a_file_that_is_no_wasm_is_refused_with_wasm_opts_reason(tmp_path):
    with pytest.raises(dead_code.DeadCodeError) as refused:
        dead_code.without_dead_code(b"not a module", cache=tmp_path)
    assert str(refused.value)
    assert not list(tmp_path.glob("*.wasm"))
