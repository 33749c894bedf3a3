"""The old path of :mod:`paternoster.paskahousu.simulation` (the module was renamed to match Paternoster's
``simulation``); it re-exports that module's public names, so old imports keep working.

``paternoster.paskahousu.simulate`` (the attribute of the package) is the function
:func:`~paternoster.paskahousu.simulation.simulate`, not this module.
"""

from __future__ import annotations

from .simulation import STRATEGIES, SimulationResult, game_seed, play_game, replay_game, simulate, wilson

__all__ = ["simulate", "SimulationResult", "game_seed", "replay_game", "play_game", "wilson", "STRATEGIES"]
