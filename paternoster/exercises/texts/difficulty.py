"""The difficulty lessons' exercise sentences: simulations compared, and what a 95 % interval says."""

from __future__ import annotations

from typing import Sequence

from .common import and_list, pct, points

CANNOT_TELL = "These games cannot tell"


def sim_line(name: str, players: int, games: int, perfect: tuple[float, float, float]) -> str:
    p, lo, hi = perfect
    return (f"{name} ({players} players, {games} games): perfect games {pct(p)} % "
            f"(95 % interval {pct(lo)}–{pct(hi)} %)")


def team_line(team: str, perfect: tuple[float, float, float]) -> str:
    p, lo, hi = perfect
    return f"The {team}: perfect games {pct(p)} % (95 % interval {pct(lo)}–{pct(hi)} %)"


def diff_line(first: str, second: str, d: tuple[float, float, float]) -> str:
    return (f"{first} minus {second}: {points(d[0])} points "
            f"(95 % interval {points(d[1])} to {points(d[2])})")


HOW_PAIRED = "Both played the same {games} deals, so the difference is measured deal by deal."
HOW_NEWCOMBE = ("The two levels use different decks, so their games are independent samples (Newcombe's "
                "interval for the difference).")


def q_harder(first: str, second: str) -> str:
    return (f"Which level is harder for the simple player, by the share of perfect games: {first} or {second}? "
            "Or can these games not tell?")


def t_harder(first: str, second: str) -> str:
    return f"{first} or {second}?"


def is_harder(name: str) -> str:
    return f"{name} is harder"


def q_players(name: str, more: int) -> str:
    return (f"Is {name} harder for {more} players than for 2, by the share of perfect games? "
            "Or can these games not tell?")


def t_players(name: str, more: int) -> str:
    return f"{name}: 2 or {more} players?"


def players_choice(more: int, harder: bool) -> str:
    return f"{'Harder' if harder else 'Easier'} for {more} players"


def players_conclusion(name: str, more: int, harder: bool) -> str:
    return f"{name} is {'harder' if harder else 'easier'} for {more} players than for 2"


def q_talking(name: str) -> str:
    return ("Does talking help the team, by the share of perfect games? The silent simple player and the talking "
            f"team play {name} on the same deals.")


def t_talking(name: str) -> str:
    return f"Talking on {name}"


TALK_MORE = "Talking gives more perfect games"
TALK_FEWER = "Talking gives fewer perfect games"
TALK_SAME = "These deals cannot tell"
TALK_MORE_WHY = "talking gives more perfect games"
TALK_FEWER_WHY = "talking gives fewer perfect games"


def compare_why(lower: str, higher: str, lo_share: float, hi_share: float, d: tuple[float, float, float],
                games: int, conclusion: str | None, same_games: bool = False) -> str:
    """Why a comparison came out as it did: the two shares, then where the difference's interval lies
    (``conclusion``: what it shows when it lies wholly on one side of 0, else ``None``; ``same_games``: both
    sides played the very same games)."""
    text = (f"{lower[0].upper()}{lower[1:]} ends perfect in {pct(lo_share)} % of games, {higher} in "
            f"{pct(hi_share)} %.")
    where = f"{points(d[1])} to {points(d[2])} points"
    if conclusion is not None:
        side = "above" if d[1] > 0 else "below"
        return (f"{text} The 95 % interval of the difference ({where}) lies wholly {side} 0, so these {games} "
                f"games show that {conclusion}.")
    if same_games:
        return f"{text} The two teams played exactly the same games: nobody talks under these rules."
    return (f"{text} But the 95 % interval of the difference ({where}) includes 0: with {games} games the true "
            "difference could be nothing at all, so these games cannot tell. More games would narrow the interval.")


def h_compare(games: int, what: str) -> str:
    return (f"Fewer perfect games means harder. {what} Then read the line with the difference: if its 95 % "
            f"interval lies wholly on one side of 0, these {games} games show which share is lower; if the "
            "interval includes 0, they cannot tell (rules §14.2–§14.3).")


H_COMPARE_LEVELS = "Compare the two levels' shares of perfect games."
H_COMPARE_PLAYERS = "Compare the share of perfect games with 2 players and with more."
H_COMPARE_TALK = "Compare the talking team's share of perfect games with the silent player's."


def q_true_share(name: str) -> str:
    return (f"Which true shares of perfect games for {name} fit these games? Choose every share its 95 % "
            "interval allows (or none).")


def t_true_share(name: str) -> str:
    return f"{name}: which true shares fit?"


def share_line(name: str, players: int, games: int, perfect: int, share: tuple[float, float, float],
               seed: int) -> str:
    p, lo, hi = share
    return (f"{name}, {players} players, {games} games (simulation seed {seed}): {perfect} perfect games, "
            f"{pct(p)} % (95 % interval {pct(lo)}–{pct(hi)} %)")


def share_choice(percent: int) -> str:
    return f"{percent} %"


def share_why(lo: float, hi: float, inside: Sequence[str], outside: Sequence[str]) -> str:
    text = f"The 95 % interval runs from {pct(lo)} to {pct(hi)} %."
    if inside:
        text += (f" {and_list(inside)} lie{'s' if len(inside) == 1 else ''} inside it: a level with that true share "
                 "could well have given these games.")
    if outside:
        text += (f" {and_list(outside)} lie{'s' if len(outside) == 1 else ''} outside it: too far from what the "
                 "games showed.")
    return text


def h_true_share(games: int) -> str:
    """True share: what fits means, and that the games' number sets the interval's width."""
    return ("A true share fits these games when it lies inside the 95 % interval, anywhere between its two ends, "
            "not only at the measured share itself. Find the two ends in the line above, then test each share: is "
            f"it at least the low end and at most the high end? The interval comes from {games} games: the fewer "
            "the games, the wider it is, and the more true shares fit (rules §14.2).")


NO_SHARE = "none of these shares"
