"""The environment as installed: every dependency of engram-probe imports beside every other in
one fresh interpreter (an extra's package can break another's at start-up, as future-typing's
codec hook broke wordfreq), and the package list in pyproject.toml ships every package."""

import json
import re
import subprocess
import sys
from importlib import metadata
from pathlib import Path

import pytest
from packaging.requirements import Requirement

ROOT = Path(__file__).resolve().parent.parent
# The corpus extra's packages are read for their data files only, never imported (pyproject.toml):
# their code need not import, but being installed they are part of the interpreter the rest runs in.
DATA_ONLY_EXTRAS = {"corpus"}


def canonical(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def installed_extras(distribution: metadata.Distribution) -> list[str]:
    """The extras whose every requirement (for this Python) is installed."""
    extras = []
    for extra in distribution.metadata.get_all("Provides-Extra") or []:
        wanted = [Requirement(r) for r in distribution.requires or []]
        wanted = [r for r in wanted if r.marker is not None and r.marker.evaluate({"extra": extra})]
        if all(_installed(r.name) for r in wanted):
            extras.append(extra)
    return extras


def _installed(name: str) -> bool:
    try:
        metadata.distribution(name)
    except metadata.PackageNotFoundError:
        return False
    return True


def import_names() -> dict[str, dict[str, list[str]]]:
    """For each requirement of engram-probe that applies here (its own and those of the
    installed extras that are imported), the distribution's top-level import names (from
    top_level.txt or RECORD): the main one(s), named like the distribution, and the others."""
    distribution = metadata.distribution("engram-probe")
    extras = [e for e in installed_extras(distribution) if e not in DATA_ONLY_EXTRAS]
    by_distribution: dict[str, set[str]] = {}
    for name, owners in metadata.packages_distributions().items():
        for owner in owners:
            by_distribution.setdefault(canonical(owner), set()).add(name)
    names = {}
    for line in distribution.requires or []:
        requirement = Requirement(line)
        if requirement.marker is not None and not any(requirement.marker.evaluate({"extra": e}) for e in ["", *extras]):
            continue
        provided = sorted(by_distribution.get(canonical(requirement.name), ()))
        assert provided, f"{requirement.name} is required but not installed: pip install -e '.[{','.join(extras)}]'"
        main = [n for n in provided if canonical(n) == canonical(requirement.name)] or provided
        names[requirement.name] = {"main": main, "other": [n for n in provided if n not in main]}
    return names


# Run in a fresh interpreter: every main name must import; another top-level module a
# distribution ships (duckdb's adbc_driver_duckdb, for one) may lack an optional dependency of
# its own, but any other failure there counts too.
IMPORT_ALL = """
import importlib, json, sys, traceback
failures = {}
for requirement, names in json.loads(sys.argv[1]).items():
    for kind in ("main", "other"):
        for name in names[kind]:
            try:
                importlib.import_module(name)
            except ModuleNotFoundError as err:
                if kind == "main" or err.name in names["main"]:
                    failures[name] = traceback.format_exc(limit=-3)
            except BaseException:
                failures[name] = traceback.format_exc(limit=-3)
print(json.dumps(failures))
"""


def test_every_dependency_imports_beside_every_other(tmp_path):
    names = import_names()
    assert {"wordfreq", "streamlit", "torch", "transformer-lens"} <= set(names)
    process = subprocess.run(  # from an empty folder: nothing of the checkout stands in for a dependency
        [sys.executable, "-c", IMPORT_ALL, json.dumps(names)], capture_output=True, text=True, timeout=300, cwd=tmp_path
    )
    assert process.returncode == 0, process.stderr
    failures = json.loads(process.stdout.splitlines()[-1])
    assert not failures, "\n".join(f"import {name}:\n{error}" for name, error in failures.items())


def test_the_package_list_ships_every_package():
    tomllib = pytest.importorskip("tomllib")  # Python >= 3.11
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]
    listed = set(config["packages"])
    on_disk = {
        ".".join(init.parent.relative_to(ROOT).parts)
        for top in ("engram_model", "probe")
        for init in (ROOT / top).rglob("__init__.py")
    }
    assert on_disk <= listed, f"add {sorted(on_disk - listed)} to [tool.setuptools] packages in pyproject.toml"
    assert config["package-dir"] == {"engram_model.bundled": "data", "probe.apps": "apps"}
    assert {"engram_model.bundled", "probe.apps"} <= listed


def test_package_data_ships_every_file_the_packages_read():
    """A file kept inside a package's own folder (a model, a word list, a profile) is read by the
    code beside it, so a non-editable install must carry it; CI's installed check found
    `resources/confusion_model.json` missing only after a full build."""
    tomllib = pytest.importorskip("tomllib")
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]
    tracked = subprocess.run(
        ["git", "ls-files", "engram_model", "probe"], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout.split()
    unshipped = []
    for name in tracked:
        path = Path(name)
        if path.suffix == ".py" or path.name == "py.typed":
            continue
        owner = path.parent
        while not (ROOT / owner / "__init__.py").is_file():
            owner = owner.parent
        globs = config["package-data"].get(".".join(owner.parts), [])
        if not any(path.relative_to(owner).match(glob) for glob in globs):
            unshipped.append(name)
    assert not unshipped, f"add {unshipped} to [tool.setuptools.package-data] in pyproject.toml"
