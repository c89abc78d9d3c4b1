"""Lazy re-exports (PEP 562) for `engram_model` and `probe`: a package names its public
objects and the submodule of each, and a submodule is imported when one of its names is
first used, so importing the package costs nothing until then."""

import importlib
import sys


def lazy_exports(package: str, exports: dict[str, str]):
    """`(__getattr__, __dir__)` for the package `package`, whose public names are the keys of
    `exports` (public name -> submodule, relative to the package)."""
    namespace = vars(sys.modules[package])

    def __getattr__(name: str):
        if name not in exports:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(importlib.import_module(f".{exports[name]}", package), name)
        namespace[name] = value  # later lookups skip this function
        return value

    def __dir__() -> list[str]:
        return sorted(set(namespace) | set(exports))

    return __getattr__, __dir__
