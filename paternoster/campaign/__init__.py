"""The Hochhaus campaign (rules §15): floors with goals and tokens, stars and open floors, calibration on the
fast simulation, and the score book that keeps every group's rides in one SQLite file.

The modules: :mod:`~paternoster.campaign.floors` (the floor table, a new ride),
:mod:`~paternoster.campaign.scoring` (stars, which floors are open),
:mod:`~paternoster.campaign.calibration` (how often the computer passes each floor),
:mod:`~paternoster.campaign.book` (the score book's API), :mod:`~paternoster.campaign.rides` (its values and
checks), :mod:`~paternoster.campaign.store` (its SQLite file), :mod:`~paternoster.campaign.files` (JSON and
CSV export and import), and the command lines :mod:`~paternoster.campaign.cli` and
:mod:`~paternoster.campaign.cli_book`.

>>> from paternoster.campaign import floor, stars
>>> floor(1).name, stars(1, 0)
('Probefahrt', 3)
"""

from .floors import (FLOOR_COUNT, FLOORS, MAX_STARS, MAX_TOTAL_STARS, CampaignError, Floor, can_be_lost, floor,
                     new_ride)
from .scoring import locked_text, stars, stars_array, stars_of_game, total_stars, unlocked, unpassed_below
from .calibration import MIDDLE_BAND, TARGET_SLACK, TUNED_PLAYERS, FloorRate, calibrate
from .rides import BookContents, Group, Imported, Ride, ScoreBookError, check_ride
from .files import read_csv, read_json
from .book import ScoreBook

__all__ = ["CampaignError", "Floor", "FLOORS", "FLOOR_COUNT", "MAX_STARS", "MAX_TOTAL_STARS", "FloorRate",
           "floor", "stars", "stars_array", "stars_of_game", "unlocked", "unpassed_below", "locked_text",
           "total_stars", "new_ride", "calibrate", "MIDDLE_BAND", "TARGET_SLACK", "TUNED_PLAYERS", "can_be_lost",
           "ScoreBook", "ScoreBookError", "Group", "Ride", "BookContents", "Imported", "check_ride", "read_json",
           "read_csv"]
