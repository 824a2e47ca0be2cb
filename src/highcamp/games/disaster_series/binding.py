"""The series' rules bound as methods in either build.

The state classes take the rule modules' functions as their methods
(``_resume = movement._resume``). Interpreted, a function is a descriptor and binds. In the
compiled build (``make native``: mypyc compiles the rule modules) a function is a builtin,
which does not bind; :func:`bind_compiled` then lets the native class's own method stand in
for it (the hooks the compiled rules call, :class:`.series_base.EngineHooks`), or gives the
class the rule wrapped in a compiled function that binds (mypyc's nested functions bind
like Python's). Interpreted, nothing changes: every rule is a Python function already.

>>> class A:
...     def f(self) -> int:
...         return 1
>>> bind_compiled(A)  # interpreted rules: nothing to do
0
>>> method(A.f) is A.f
True
"""

from __future__ import annotations

import re
from collections.abc import Callable
from types import BuiltinFunctionType, FunctionType
from typing import Any, TypeVar

__all__ = ["bind_compiled", "method"]

F = TypeVar("F", bound=Callable[..., Any])

_PLAIN = re.compile(r"\(self(?:, \w+)*\)")  # positional parameters only, no defaults


def method(f: F) -> F:
    """``f`` as a method: itself when it binds (a Python function); a compiled rule wrapped
    in a compiled function that binds, taking as many arguments (a rule with only plain
    positional parameters has a wrapper of its arity: a call with ``*args`` costs more)."""
    if isinstance(f, FunctionType):
        return f
    g: Callable[..., Any] = f
    signature = getattr(f, "__text_signature__", None) or ""
    arity = signature.count(",") if _PLAIN.fullmatch(signature) else -1

    if arity == 0:

        def bound0(self: Any) -> Any:
            return g(self)

        return bound0  # type: ignore[return-value]
    if arity == 1:

        def bound1(self: Any, a: Any) -> Any:
            return g(self, a)

        return bound1  # type: ignore[return-value]
    if arity == 2:

        def bound2(self: Any, a: Any, b: Any) -> Any:
            return g(self, a, b)

        return bound2  # type: ignore[return-value]
    if arity == 3:

        def bound3(self: Any, a: Any, b: Any, c: Any) -> Any:
            return g(self, a, b, c)

        return bound3  # type: ignore[return-value]

    def bound(self: Any, *args: Any, **kwargs: Any) -> Any:
        return g(self, *args, **kwargs)

    return bound  # type: ignore[return-value]


def bind_compiled(cls: type) -> int:
    """In the compiled build, the rules a class binds (and the Python classes it derives
    from): a compiled function that the class's native rules (``_NATIVE_RULES``:
    :class:`.series_base.EngineHooks`, K2's :class:`.k2.k2_base.K2Hooks`) call under the same
    name gives way to them (the binding is removed: the native method is a direct call for
    compiled code); any other is wrapped to bind (:func:`method`). The count changed."""
    native = vars(cls).get("_NATIVE_RULES")
    own: frozenset[str] = frozenset()
    if native is not None and not _python_class(native):
        own = frozenset(vars(native))
    done = 0
    for c in cls.__mro__:
        if not _python_class(c):
            continue
        for name, value in list(vars(c).items()):
            if type(value) is not BuiltinFunctionType or not str(
                getattr(value, "__module__", "")
            ).startswith("highcamp."):
                continue
            if c is cls and name in own:
                delattr(c, name)
            else:
                setattr(c, name, method(value))
            done += 1
    return done


def _python_class(c: type) -> bool:
    """Whether ``c`` is a class of Python code, whose attributes may be set (not a class
    compiled by mypyc, nor a builtin)."""
    return "__mypyc_attrs__" not in vars(c) and c.__flags__ & _HEAPTYPE != 0


_HEAPTYPE = 1 << 9  # Py_TPFLAGS_HEAPTYPE: a class made by a class statement
