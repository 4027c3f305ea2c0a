"""Fingerprints of behaviour: seeded games of every bot, coach assessments and the content
check, each as a SHA-256 of what it produced (``python scripts/fingerprints.py``).

A change that should not change behaviour (moving code between modules, one core for two
games) prints the same lines before and after; issue 32's closing note lists them.
``--quick`` plays fewer deals (a minute instead of several).
"""

from __future__ import annotations

import argparse
import hashlib
import subprocess
import sys
from collections.abc import Iterable
from pathlib import Path

from engine.chibre.bots import BOT_NAMES, Budget, decide, make_bot, play_round
from engine.chibre.coach import assess
from engine.chibre.game import Game
from engine.pomme.bots import POMME_BOT_NAMES, make_pomme_bot, play_pomme_round
from engine.pomme.coach import assess as pomme_assess
from engine.pomme.expert import PommeBudget
from engine.pomme.game import PommeGame

SMALL = Budget(worlds=3, depth=1, exact=2, deep_worlds=2)
POMME_SMALL = PommeBudget(worlds=6, exact_worlds=4, start_worlds=6)


def digest(lines: Iterable[object]) -> str:
    h = hashlib.sha256()
    for line in lines:
        h.update(repr(line).encode())
        h.update(b"\n")
    return h.hexdigest()[:16]


def chibre_games(name: str, deals: int) -> str:
    out = []
    for seed in range(deals):
        game = Game(seed=seed)
        bots = [make_bot(name, 100 * seed + seat, SMALL) for seat in range(4)]
        play_round(game, bots)
        out.append(game.events)
    return digest(out)


def pomme_games(name: str, players: int, deals: int) -> str:
    out = []
    for seed in range(deals):
        game = PommeGame(players, seed=seed)
        bots = [make_pomme_bot(name, 100 * seed + seat, POMME_SMALL) for seat in range(players)]
        play_pomme_round(game, bots)
        out.append(game.events)
    return digest(out)


def chibre_coach(deals: int) -> str:
    out = []
    for seed in range(deals):
        game = Game(seed=seed)
        bots = [make_bot("heuristic", seed + seat) for seat in range(4)]
        step = 0
        while game.round == 0 and not game.is_over:
            view = game.view(game.current_player)
            if step % 7 == 0:
                out.append(assess(view, budget=SMALL, seed=seed))
            game.apply(decide(bots[game.current_player], view))
            step += 1
    return digest(out)


def pomme_coach(players: int, deals: int) -> str:
    out = []
    for seed in range(deals):
        game = PommeGame(players, seed=seed)
        bots = [make_pomme_bot("heuristic", seed + seat) for seat in range(players)]
        step = 0
        while game.round == 0 and not game.is_over:
            view = game.view(game.current_player)
            if step % 5 == 0:
                out.append(pomme_assess(view, budget=POMME_SMALL, seed=seed))
            game.apply(bots[game.current_player].choose_action(view))
            step += 1
    return digest(out)


def content_check() -> str:
    done = subprocess.run([sys.executable, "-m", "tutor.content", "check"], capture_output=True,
                          text=True, cwd=Path(__file__).resolve().parent.parent)
    return digest([done.returncode, done.stdout])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--no-content", action="store_true")
    args = parser.parse_args()
    deals = 4 if args.quick else 12
    for name in BOT_NAMES:
        print(f"chibre games {name:9}  {chibre_games(name, deals)}", flush=True)
    for players in (3, 5):
        for name in POMME_BOT_NAMES:
            print(f"pomme{players} games {name:9}  {pomme_games(name, players, deals)}", flush=True)
    print(f"chibre coach            {chibre_coach(max(2, deals // 3))}", flush=True)
    for players in (3, 5):
        print(f"pomme{players} coach            {pomme_coach(players, max(2, deals // 3))}",
              flush=True)
    if not args.no_content:
        print(f"content check           {content_check()}", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
