"""Every registered game in each of its variants: the cases of the conformance suite, from
the public :mod:`highcamp.testing` (this module keeps the old import path)."""

from __future__ import annotations

from highcamp.testing import case_id, cases, representative, representative_cases

__all__ = ["case_id", "cases", "representative", "representative_cases"]
