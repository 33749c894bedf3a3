"""Renamed modules keep their old import paths (thin re-export modules), and the package's names stay what
they were: ``paternoster.paskahousu.simulate`` is the function, ``paternoster.paskahousu.simulation`` its module."""

from __future__ import annotations

import importlib
import types


def test_paskahousu_simulate_is_the_function_and_simulation_the_module():
    import paternoster.paskahousu as pk

    assert isinstance(pk.simulation, types.ModuleType)
    assert pk.simulate is pk.simulation.simulate
    assert callable(pk.simulate) and not isinstance(pk.simulate, types.ModuleType)


def test_the_old_simulate_module_path_reexports_and_does_not_hide_the_function():
    import paternoster.paskahousu as pk

    old = importlib.import_module("paternoster.paskahousu.simulate")
    assert isinstance(old, types.ModuleType)
    for name in old.__all__:
        assert getattr(old, name) is getattr(pk.simulation, name), name
    assert pk.simulate is pk.simulation.simulate  # importing the old path leaves the function in place


def test_the_old_records_module_path_reexports_record():
    old = importlib.import_module("paternoster.paskahousu.records")
    new = importlib.import_module("paternoster.paskahousu.record")
    assert old.__all__ == new.__all__
    for name in new.__all__:
        assert getattr(old, name) is getattr(new, name), name
