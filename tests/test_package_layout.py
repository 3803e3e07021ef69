"""The package's layout keeps its promises: one module for every error, and the old module paths still work."""

from __future__ import annotations

import importlib
import inspect
import pkgutil
import sys
import warnings

import pytest

import castle_combo
from castle_combo import _moved, errors


def package_modules() -> list[str]:
    """Every module of castle_combo that imports without an optional extra."""
    names = []
    for info in pkgutil.walk_packages(castle_combo.__path__, "castle_combo."):
        if info.name.startswith("castle_combo.adapters.") and info.name != "castle_combo.adapters.encoding":
            continue  # the RL frameworks are an optional extra
        if not info.name.endswith("__main__"):
            names.append(info.name)
    return names


def test_every_error_class_of_the_library_is_defined_in_the_errors_module() -> None:
    elsewhere = []
    for name in package_modules():
        module = importlib.import_module(name)
        for _, value in inspect.getmembers(module, inspect.isclass):
            if issubclass(value, BaseException) and value.__module__.startswith("castle_combo") and value.__module__ != (
                errors.__name__
            ):
                elsewhere.append(f"{value.__module__}.{value.__qualname__}")
    assert elsewhere == []


def test_an_interrupted_simulation_is_in_the_errors_module_and_where_it_always_was() -> None:
    from castle_combo.bots import simulate

    assert simulate.SimulationInterrupted is errors.SimulationInterrupted
    assert issubclass(errors.SimulationInterrupted, KeyboardInterrupt)


def test_every_error_a_user_can_cause_is_a_castle_combo_error() -> None:
    for name in errors.__all__:
        assert issubclass(getattr(errors, name), errors.CastleComboError), name


@pytest.mark.parametrize("old", sorted(_moved.MOVED))
def test_an_old_module_path_gives_the_module_at_its_new_path_with_a_warning(old: str) -> None:
    new = importlib.import_module("castle_combo." + _moved.MOVED[old])
    sys.modules.pop("castle_combo." + old, None)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        module = importlib.import_module("castle_combo." + old)
    assert module is new
    assert any(issubclass(w.category, DeprecationWarning) and _moved.MOVED[old] in str(w.message) for w in caught)


def test_an_old_name_imported_through_an_old_path_is_the_same_object() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        from castle_combo.dsl.loader import parse_text  # type: ignore[import-not-found]
        from castle_combo.model import Card  # type: ignore[import-not-found]
    from castle_combo.language.loader import parse_text as new_parse_text
    assert Card is castle_combo.Card
    assert parse_text is new_parse_text
