"""What the Disaster-series engine gains compiled by mypyc once its state's fields live in a
native base class (issue 17, thirteenth and fourteenth rounds): an experiment on a copy of
``src/``, not a build of the product.

The twelfth round compiled the rules as they are (``series_mypyc.py``) and found them
slower: they read the state through a ``Protocol``, by the interpreter's generic lookup.
Here the copy's state is read through classes mypyc knows:

* ``SeriesBase`` and ``K2Base``, native classes generated from the protocols the rules
  are typed with (``protocols.SeriesState``, ``k2.protocols.K2Series``): every field
  typed and in their slots, every method a stub that the engine's classes override with
  their bindings (``allow_interpreted_subclasses``), but the contract's own methods, which
  call ``State``'s; the protocols' names become aliases of them;
* the engine's classes derive from them and from the contract's ``State`` and keep no
  slots of their own (``Expedition(SeriesBase, State)``, ``K2State(DisasterState,
  K2Base)``). A native class cannot derive from a class with slots, so the contract's
  ``State`` declares none, and its six fields join the slots of every slotted state
  (``SeriesBase``'s, Disaster's, Everest 1924's, the campaign's): every state keeps its
  slots, and the copy interpreted runs as the product does. ``Team`` is native and keeps
  its slots, with K2's team fields among them (native classes do not narrow a field's
  type, which K2's ``team: K2Team`` does);
* a rule's call of another rule that no ruleset overrides (bound once, on the engine's
  or K2's state) is written as a call of its module function (``movement._resume(self)``
  for ``self._resume()``);
* a score's points and totals are annotated ``int | float`` (``float`` makes compiled
  code turn ``-10`` into ``-10.0``);

then the rules' modules of solitaire play (the engine's and K2's, with the components,
the team and the bases) are compiled; the two-player and campaign modules stay
interpreted. From the repository root (mypyc ships with mypy, a dev dependency; gcc)::

    .venv/bin/python benchmarks/series_native_base.py build /tmp/series-native
    .venv/bin/python benchmarks/series_native_base.py compare /tmp/series-native
    PYTHONPATH=/tmp/series-native/src .venv/bin/python -m pytest tests/games/disaster_series/test_golden_record.py
    PYTHONPATH=/tmp/series-native/src .venv/bin/python benchmarks/series_instructions.py '["disaster-on-k2", {}]'

Every edit of the copy checks that the text it replaces is there, so a change of the
sources stops the build with the edit that no longer applies.
"""

from __future__ import annotations

import ast
import glob
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

from series_cython import command
from series_mypyc import SERIES, _compiled_modules, _wrap_bindings, mypyc_compile
from series_mypyc_layouts import BIND

ROOT = Path(__file__).resolve().parent.parent
IGNORE = "# mypy: ignore-errors\n"
K2_TEAM = ("bivouacked", "flash", "secret_goal", "goal_done", "sherpa_summit", "summited_with")
K2_TEAM_VALUES = ("[False] * (ng + nc)", "-1", "-1", "False", "False", "False")
FIELDS_CLASSES = (  # the other games' slotted states (the contract's fields join them)
    ("highcamp/games/disaster/base.py", "class DisasterFields(State):"),
    ("highcamp/games/everest1924/base.py", "class Everest1924Fields(State):"),
    ("highcamp/games/disaster_series/campaign/state.py", "class CampaignState(State):"),
)
K2_TEAM_INIT = "".join(
    f"        self.{k} = {v}\n" for k, v in zip(K2_TEAM, K2_TEAM_VALUES, strict=True)
).replace("self.bivouacked =", "self.bivouacked: list[bool] =")


def _edit(path: Path, *pairs: tuple[str, str], regex: bool = False) -> None:
    """Replace each ``old`` by ``new`` in ``path`` (once); stop if one is not there."""
    text = path.read_text()
    for old, new in pairs:
        if regex:
            text, n = re.subn(old, new, text, count=1, flags=re.S)
        else:
            n = text.count(old)
            text = text.replace(old, new, 1)
        if not n:
            raise SystemExit(f"{path}: not found: {old[:70]!r}")
    path.write_text(text)


def _stubs(
    proto: ast.ClassDef,
    data: set[str],
    skip: set[str],
    have: set[str],
    delegate: frozenset[str] = frozenset(),
) -> tuple[dict[str, str], list[str]]:
    """A protocol's fields (by type) and its other members as stubs of a native class:
    its annotated names and the properties named in ``data`` become fields; methods become
    stubs raising ``NotImplementedError`` (the engine's classes bind the rules over them),
    but the methods of ``delegate`` (the contract's, whose class the base does not derive
    from) call the contract's, even in ``skip``; other properties (the classes' constants)
    stay properties; ``skip`` and (for methods) ``have`` are left out."""
    fields: dict[str, str] = {}
    stubs: list[str] = []
    for item in proto.body:
        if isinstance(item, ast.AnnAssign) and isinstance(item.target, ast.Name):
            kind = ast.unparse(item.annotation)
            if kind.startswith("ClassVar["):
                body = f"    @property\n    def {item.target.id}(self) -> {kind[9:-1]}:\n"
                stubs.append(body + "        raise NotImplementedError\n")
            else:
                fields[item.target.id] = kind
        elif isinstance(item, ast.FunctionDef):
            prop = any(isinstance(d, ast.Name) and d.id == "property" for d in item.decorator_list)
            ret = ast.unparse(item.returns) if item.returns else "None"
            own = not prop and item.name in delegate
            if item.name in skip and not own:
                continue
            if prop and item.name in data:
                fields[item.name] = ret
            elif prop:
                stubs.append(
                    f"    @property\n    def {item.name}(self) -> {ret}:\n"
                    "        raise NotImplementedError\n"
                )
            elif own or item.name not in have:
                for d in item.args.defaults:
                    if isinstance(d, ast.Constant) and d.value is Ellipsis:
                        d.value = None
                names = ", ".join(a.arg for a in item.args.args)
                body = (
                    f"return State.{item.name}({names})  # type: ignore"
                    if own
                    else "raise NotImplementedError"
                )
                stubs.append(
                    f"    def {item.name}({ast.unparse(item.args)}) -> {ret}:\n        {body}\n"
                )
    return fields, stubs


def _protocol(path: Path, name: str) -> ast.ClassDef:
    tree = ast.parse(path.read_text())
    return next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == name)


def _names(src: Path, module: str, names: str) -> list[str]:
    """The names ``names`` (an expression over ``m``, the module ``module``) gives, read
    by the interpreter from ``src``: ``m.Team.__slots__``, ``dir(m.State)``..."""
    code = f"import {module} as m; print(' '.join({names}))"
    out = subprocess.run(
        [sys.executable, "-c", code],
        env=dict(os.environ, PYTHONPATH=str(src)),
        capture_output=True,
        text=True,
        check=True,
    )
    return out.stdout.split()


def _bases(src: Path, contract: tuple[str, ...]) -> None:
    """Write ``series_base.py`` and ``k2/k2_base.py`` from the protocols."""
    series = src / SERIES
    engine = "highcamp.games.disaster_series.engine"
    own = _names(src, engine, "(*m.Expedition.__slots__, *m.DisasterState.__slots__)")
    core = set(_names(src, "highcamp.core", "dir(m.State)"))  # (its slots among them)
    data = {"rs", "team", "teams", "entering", "fate_drawn", "spent", "_game", "_history", "_log"}
    proto = _protocol(series / "protocols.py", "SeriesState")
    skip = core - {"_action_rule"} - data
    fields, stubs = _stubs(proto, data, skip, set(), frozenset(skip))
    for k in own:
        fields.setdefault(k, "Any")
    fields.update(
        _game="Any",  # K2 narrows it: read generically
        _seed="int",
        _position="dict[str, Any] | None",
        _history="list[int]",
        _log="list[LogEntry] | None",
        _key="int | None",
        teams="list[Team]",
    )
    head = (
        '"""{doc} (generated by benchmarks/series_native_base.py)."""\n'
        "from __future__ import annotations\n"
        "from collections.abc import Callable, Mapping, Sequence\n"
        "from contextlib import AbstractContextManager\n"
        "from typing import TYPE_CHECKING, Any, ClassVar\n"
        "from mypy_extensions import mypyc_attr\n"
    )
    text = head.format(doc="The series state's fields as a native class") + (
        "from highcamp.core import GameInfo, IllegalActionError, LogEntry, ScoreBreakdown, "
        "ScoreLine, State\n"
        "from .components import Company, Ruleset\nfrom .team import Team\n"
        "if TYPE_CHECKING:\n    from .phase_entry import Phase\n    from .protocols import "
        "SeriesGame\n\n\n@mypyc_attr(allow_interpreted_subclasses=True)\n"
        "class SeriesBase:\n"
        f"    __slots__ = {(*contract, *own)!r}\n"
        + "".join(f"    {k}: {t}\n" for k, t in fields.items())
        + "\n"
        + "\n".join(stubs)
    )
    text = text.replace("SeriesState", "SeriesBase").replace("points: float", "points: int | float")
    text = text.replace("def score(self) -> float:", "def score(self) -> int | float:")
    (series / "series_base.py").write_text(text)
    have = set(re.findall(r"def (\w+)\(", text)) | set(fields)
    k2 = _protocol(series / "k2/protocols.py", "K2Series")
    k2_fields, k2_stubs = _stubs(k2, {"collapsed", "ropes"}, {"_game", "team", "teams"}, have)
    k2_own = _names(src, "highcamp.games.disaster_series.k2.state", "m.K2State.__slots__")
    for k in k2_own:
        k2_fields.setdefault(k, "Any")
    text = head.format(doc="K2's state fields as a native class") + (
        "from ..series_base import SeriesBase\nfrom ..team import Team\n"
        "if TYPE_CHECKING:\n    from .vocabulary import K2Rules\n\n\n"
        "@mypyc_attr(allow_interpreted_subclasses=True)\nclass K2Base(SeriesBase):\n"
        f"    __slots__ = {tuple(k2_own)!r}\n"
        + "".join(f"    {k}: {t}\n" for k, t in k2_fields.items())
        + "\n"
        + "\n".join(k2_stubs)
    )
    (series / "k2/k2_base.py").write_text(text.replace("K2Team | None", "Team | None"))


def _reshape(src: Path, contract: tuple[str, ...]) -> None:
    """The copy's edits (see the module's docstring)."""
    series = src / SERIES
    # the contract's fields move into the slots of each game's state (the series': its
    # native base), so that a native class can stand beside the contract's State
    slots = "    __slots__ = (" + ", ".join(f'"{k}"' for k in contract) + ")\n"
    _edit(src / "highcamp/core/game.py", (slots, "    __slots__ = ()\n"))
    for rel, cls in FIELDS_CLASSES:
        head = rf"({re.escape(cls)}\n.*?    __slots__ = \()"
        _edit(src / rel, (head, rf"\1*{contract!r}, "), regex=True)
    _edit(
        src / "highcamp/core/scores.py",
        ("    points: float\n", "    points: int | float\n"),
        ("    total: float\n", "    total: int | float\n"),
    )
    _edit(
        series / "expedition.py",
        (
            "from highcamp.core import State\n",
            "from highcamp.core import State\n\nfrom .series_base import SeriesBase\n",
        ),
        ("class Expedition(State):", "class Expedition(SeriesBase, State):"),
        ('    __slots__ = ("rs", *TABLE_FIELDS)\n', "    __slots__ = ()\n"),
    )
    _edit(
        series / "engine.py",
        (r"    __slots__ = \(\n        \*\(k for k in .*?\n    \)\n", "    __slots__ = ()\n"),
        (r"k not in Team.__slots__\)", "k not in (*Team.LISTS, *Team.SCALARS))"),
        regex=True,
    )
    _edit(
        series / "team.py",
        (
            "    __slots__ = (*LISTS, *SCALARS)\n",
            f"    __slots__ = (*LISTS, *SCALARS, *{K2_TEAM!r})\n",
        ),
        ("new = object.__new__(type(self))", "new = type(self).__new__(type(self))"),
        (
            '            for cls in type(self).__mro__\n            for k in cls.__dict__.get("__slots__", ())',
            "            for k in (*self.LISTS, *self.SCALARS)",
        ),
        ("    __hash__ = None  # type: ignore[assignment]  # mutable\n", ""),
        ("        self.heli_client = -1\n", "        self.heli_client = -1\n" + K2_TEAM_INIT),
    )
    _edit(
        series / "team.py",
        (r"    __slots__ = \(\n        \"bivouacked\",.*?\n    \)\n", "    __slots__ = ()\n"),
        regex=True,
    )
    alias = "from typing import TypeAlias\n{name}: TypeAlias = Any\n"
    proto = (series / "protocols.py").read_text()
    a, b = proto.index("class SeriesState(Protocol):"), proto.index("class TwoPlayerSeries(")
    proto = proto[:a] + "from .series_base import SeriesBase as SeriesState\n\n\n" + proto[b:]
    proto = proto[: proto.index("class TwoPlayerSeries(")] + alias.format(name="TwoPlayerSeries")
    (series / "protocols.py").write_text(proto)
    k2p = (series / "k2/protocols.py").read_text()
    k2p = k2p.replace("class K2Series(SeriesState, Protocol):", "class _K2Series(Protocol):")
    k2p = k2p[: k2p.index("class K2TwoPlayerSeries(")]
    k2p += "from .k2_base import K2Base as K2Series\n" + alias.format(name="K2TwoPlayerSeries")
    (series / "k2/protocols.py").write_text(k2p)
    _edit(
        series / "k2/state.py",
        ("class K2State(DisasterState):", "class K2State(DisasterState, K2Base):"),
        (
            "from ..engine import DisasterState\n",
            "from ..engine import DisasterState\nfrom .k2_base import K2Base\n",
        ),
        ("    __slots__ = (*_K2_FLAT, *_K2_NESTED, *_K2_SCALARS)\n", "    __slots__ = ()\n"),
    )
    points = ("label: str, points: float, rule: str", "label: str, points: int | float, rule: str")
    _edit(series / "texts.py", points)
    total = (
        "    total = sum(ln.points for ln in lines)",
        "    total: int | float = sum(ln.points for ln in lines)",
    )
    _edit(
        series / "scoring.py",
        total,
        ("def score(self: SeriesState) -> float:", "def score(self: SeriesState) -> int | float:"),
    )
    _edit(
        series / "k2/scoring.py", total, ("team: K2Team | None = None", "team: Team | None = None")
    )
    _edit(series / "k2/teams.py", ("team: K2Team | None = None", "team: Team | None = None"))


def _direct(src: Path, compiled: list[str]) -> int:
    """Write each call ``self.<rule>(...)`` of the compiled modules whose rule is bound
    once only, on the engine's or K2's state, as a call of its module function; the
    calls rewritten."""
    bound: dict[str, set[tuple[str, str, str]]] = {}
    for name in glob.glob(str(ROOT / "src" / SERIES / "**/*.py"), recursive=True):
        if name.endswith("protocols.py"):
            continue
        tree = ast.parse(Path(name).read_text())
        package = os.path.relpath(os.path.dirname(name), ROOT / "src").replace("/", ".").split(".")
        names: dict[str, str] = {}
        for node in tree.body:
            if isinstance(node, ast.ImportFrom) and node.level:
                base = ".".join(package[: len(package) - node.level + 1])
                mod = f"{base}.{node.module}" if node.module else base
                for a in node.names:  # a module (``from . import x``) or a name in one
                    names[a.asname or a.name] = f"{mod}.{a.name}"
        for cls in (n for n in ast.walk(tree) if isinstance(n, ast.ClassDef)):
            for item in cls.body:
                if isinstance(item, ast.FunctionDef):
                    bound.setdefault(item.name, set()).add((cls.name, "def", item.name))
                    continue
                if not (isinstance(item, ast.Assign) and isinstance(item.targets[0], ast.Name)):
                    continue
                v = item.value
                target = (cls.name, "other", "")
                if isinstance(v, ast.Attribute) and isinstance(v.value, ast.Name):
                    # ``x = movement.x``: a rule of a module imported (else "other")
                    module = names.get(v.value.id)
                    target = (cls.name, module, v.attr) if module else target
                bound.setdefault(item.targets[0].id, set()).add(target)
    direct = {
        name: (mod, func)
        for name, targets in bound.items()
        if len(targets) == 1
        for cls, mod, func in targets
        if cls in ("DisasterState", "Expedition", "K2State") and mod not in ("other", "def")
    }
    edits = 0
    for rel in compiled:
        path = src / rel
        here = rel[:-3].replace("/", ".")
        used: set[str] = set()

        def call(m: re.Match[str], here: str = here, used: set[str] = used) -> str:
            nonlocal edits
            if m.group(1) not in direct:
                return m.group(0)
            mod, func = direct[m.group(1)]
            edits += 1
            if mod == here:
                return f"{func}(self, "
            used.add(mod)
            return f"_m_{mod.split('.')[-1]}.{func}(self, "

        text = re.sub(r"\bself\.(\w+)\(", call, path.read_text()).replace("(self, )", "(self)")
        if used:
            imports = "".join(f"import {m} as _m_{m.split('.')[-1]}\n" for m in sorted(used))
            anchor = "from __future__ import annotations\n"
            text = text.replace(anchor, anchor + imports, 1)
        path.write_text(text)
    return edits


def build(dest: Path) -> None:
    """Copy ``src/`` to ``dest/src``, reshape it, compile the solitaire rules."""
    if dest.exists():
        shutil.rmtree(dest)
    src = dest / "src"
    shutil.copytree(ROOT / "src", src, ignore=shutil.ignore_patterns("__pycache__", "*.so"))
    (src / SERIES / "_bind.py").write_text(BIND.format(prefix="highcamp."))
    contract = tuple(_names(src, "highcamp.core", "m.State.__slots__"))  # its fields
    _bases(src, contract)  # (read from the sources as they are, before the edits)
    free = [m for m in _compiled_modules(src) if not m.endswith(("_bind.py", "_base.py"))]
    wrapped = 0
    for path in glob.glob(str(src / SERIES / "**/*.py"), recursive=True):
        rel = os.path.relpath(path, src)
        if rel not in free and not rel.endswith(("_bind.py", "_base.py")):
            wrapped += _wrap_bindings(Path(path))
    _reshape(src, contract)
    compiled = [m for m in free if not re.search(r"two_player|/campaign/", m)]
    compiled += [
        f"{SERIES}/{m}" for m in ("series_base.py", "team.py", "components.py", "k2/k2_base.py")
    ]
    for path in glob.glob(str(src / SERIES / "**/*.py"), recursive=True):
        if os.path.relpath(path, src) not in compiled:
            Path(path).write_text(IGNORE + Path(path).read_text())
    direct = _direct(src, compiled)
    print(
        f"{wrapped} bindings wrapped, {direct} calls made direct; compiling {len(compiled)} modules"
    )
    mypyc_compile(src, compiled)


def main(argv: list[str]) -> int:
    return command(argv, build, __doc__)


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
