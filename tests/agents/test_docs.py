"""Every code block of the agent and RL pages runs: Python blocks are executed (each in a
fresh namespace), shell blocks' benchmark commands must parse their arguments."""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PAGES = ("docs/agents.md", "docs/rl.md")
BLOCK = re.compile(r"^```(\w*)\n(.*?)^```", re.S | re.M)


def _blocks(kind: str) -> list[tuple[str, int, str]]:
    out = []
    for page in PAGES:
        text = (ROOT / page).read_text()
        for n, m in enumerate(BLOCK.finditer(text)):
            if m.group(1) == kind:
                out.append((page, n, m.group(2)))
    return out


PYTHON = _blocks("python")
SHELL = _blocks("sh")


@pytest.mark.parametrize(("page", "n", "code"), PYTHON, ids=[f"{p}#{n}" for p, n, _ in PYTHON])
def test_python_block_runs(
    page: str, n: int, code: str, capsys: pytest.CaptureFixture[str]
) -> None:
    exec(compile(code, f"{page} block {n}", "exec"), {"__name__": "__docs__"})


@pytest.mark.parametrize(("page", "n", "code"), SHELL, ids=[f"{p}#{n}" for p, n, _ in SHELL])
def test_shell_block_parses(page: str, n: int, code: str) -> None:
    """A benchmark or module command parses its arguments (``--help``: the real runs are
    the long measurements of docs/benchmarks.md); an install names an extra that exists."""
    extras = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"][
        "optional-dependencies"
    ]
    for line in code.replace("\\\n", " ").splitlines():
        line = line.split("#")[0].strip()
        if not line:
            continue
        words = shlex.split(line)
        if words[:2] == ["pip", "install"]:
            for extra in re.findall(r"\[(\w+)\]", line):
                assert extra in extras, f"{page}: no extra {extra!r}"
            continue
        if words[0] == "highcamp":  # the console script: its subcommand's help
            words = ["python", "-c", "from highcamp.cli.main import app; app()", *words[1:]]
        assert words[0].endswith("python"), f"{page}: a command other than python: {line}"
        args = words[1:]
        if args[0] == "-c":
            target = [*args[:2], args[2]]
        elif args[0] == "-m":
            target = ["-m", args[1]]
        else:
            assert (ROOT / args[0]).exists(), f"{page}: no script {args[0]}"
            target = [args[0]]
        result = subprocess.run(
            [sys.executable, *target, "--help"],
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=120,
            env={**os.environ, "COLUMNS": "200", "NO_COLOR": "1", "TERM": "dumb"},
        )
        assert result.returncode == 0, f"{page}: {line}\n{result.stderr[-800:]}"
        for option in [a for a in args if a.startswith("--")]:
            assert option.split("=")[0] in result.stdout, f"{page}: {line}: no option {option}"
