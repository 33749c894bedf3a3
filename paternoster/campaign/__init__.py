"""The Hochhaus campaign (rules §15): twelve floors with goals and tokens, stars and unlocking, calibration
on the fast simulation, and the score book that keeps every group's rides in one SQLite file.

>>> from paternoster.campaign import floor, stars
>>> floor(1).name
'Probefahrt'
"""

from .floors import (FLOOR_COUNT, FLOORS, MAX_STARS, MAX_TOTAL_STARS, MIDDLE_BAND, TARGET_SLACK, TUNED_PLAYERS,
                     CampaignError, Floor, FloorRate, calibrate, can_be_lost, floor, new_ride, stars, stars_array, stars_of_game,
                     total_stars, unlocked)
from .book import BookContents, Group, Imported, Ride, ScoreBook, ScoreBookError, check_ride, read_csv, read_json

__all__ = ["CampaignError", "Floor", "FLOORS", "FLOOR_COUNT", "MAX_STARS", "MAX_TOTAL_STARS", "FloorRate",
           "floor", "stars", "stars_array", "stars_of_game", "unlocked", "total_stars", "new_ride", "calibrate",
           "MIDDLE_BAND", "TARGET_SLACK", "TUNED_PLAYERS", "can_be_lost",
           "ScoreBook", "ScoreBookError", "Group", "Ride", "BookContents", "Imported", "check_ride", "read_json",
           "read_csv"]
