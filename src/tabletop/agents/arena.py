"""The radiant-arena heuristic: rules of thumb and an evaluation, read from views.

It knows the game as a player does: the view (units with their stats and zones, conduits,
power, hand and deck sizes; its own hand and shop with each card's printed face under
``card_texts``) and the action notation (docs/rules/radiant-arena.md, Notation). It never
imports the game.

The rules of thumb (docs/agents.md has the reasoning): in the action phase every legal
action gets a score and the best is played, ``pass`` scoring 0, so the turn goes on while
something is worth its action point:

- **level up** whenever it can (stronger stats, and a committed hero recovers);
- **attack** where the heroes ready in a lane, all joining (``with``), can ruin a conduit,
  KO a hero, or damage the enemy deity; the target is the one worth most: a KO'd deity
  wins, a KO is worth the hero's strength and 2 power, a ruined conduit brings the
  deity closer; a lane with a ready enemy (who may block) counts less;
- **talents** of skill cards by what their text does here (damage with an enemy in the
  lane, healing a damaged friend, drawing), then hero and item talents;
- **move** a ready hero to a lane where it can attack better, **recover** a committed
  hero that could attack or block again; never manifest by choice (the deity is the
  life of the game);
- in combat: **block** when the target is the deity, would be KO'd, or is a conduit
  about to be ruined, with a blocker that survives; **clash** the card with the most
  attack when attacking and the most armor (then attack) when defending; the defender's
  damage goes to the attacker it KOs, else the strongest;
- **revive** by Buyback when it has the power, by Mass Resurrect when two or more heroes
  are down; **buy** an item for the strongest hero without one, keeping power for a level
  up in reach; **discard** the card with the lowest combat values.

The evaluation (for ISMCTS) scores each side: its progress toward KOing the enemy deity
(enemy conduits ruined or damaged, the enemy deity manifested and damaged), its heroes
in play (attack, armor, health left, levels), its power and cards, and the danger of
drawing from an empty deck; the chance to win is a logistic function of the difference.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from typing import Any

from tabletop.core import Action

from .heuristic import best_of

LANES = ("left", "center", "right")

# Evaluation weights, in "conduits": ruining one enemy conduit is worth 1.
CONDUIT_DAMAGE = 0.5  # an unruined conduit counts its damage share at this weight
DEITY_OUT = 0.6  # the enemy deity in play (it can be attacked)
DEITY_DAMAGE = 3.0  # and its damage share at this weight
HERO_ATTACK, HERO_ARMOR, HERO_HEALTH, LEVELLED = 0.12, 0.10, 0.04, 0.3
POWER, CARD = 0.05, 0.08
TEMPERATURE = 0.9
QUIET_PHASES = frozenset({"revive", "shop", "draw", "discard", "end", "over"})
DECK_RESERVE = 10  # below this many cards in the deck, the heuristic stops drawing extra


def _words(a: Action) -> list[str]:
    return a.to_text().split()


class _Board:
    """One view, read for the rules of thumb: units by id, lanes, the combat."""

    def __init__(self, view: dict[str, Any]) -> None:
        self.view = view
        self.me: int = view["seat"]
        self.foe = 1 - self.me
        self.units = {u["id"]: u for u in view["units"] if not u.get("hidden")}
        self.players = view["players"]
        mine = self.players[self.me]
        self.faces: dict[str, dict[str, Any]] = mine.get("card_texts", {})
        self.power: int = mine["power"]

    def at(self, lane: str, owner: int) -> list[dict[str, Any]]:
        return [u for u in self.units.values() if u["zone"] == lane and u["owner"] == owner]

    def conduit(self, owner: int, lane: str) -> dict[str, Any]:
        return self.players[owner]["conduits"][LANES.index(lane)]

    # --- attacks ----------------------------------------------------------------------

    def ready_attack(self, lane: str, extra: dict[str, Any] | None = None) -> int:
        heroes = [u for u in self.at(lane, self.me) if not u["committed"]]
        if extra is not None and extra not in heroes:
            heroes.append(extra)
        return sum(u["attack"] for u in heroes)

    def target_value(self, lane: str, target: str, attack: int) -> float:
        """What an attack of ``attack`` on ``target`` (a hero id or ``conduit``) is worth."""
        if target == "conduit":
            c = self.conduit(self.foe, lane)
            if c["ruined"]:
                return -1.0
            left = c["health"] - c["damage"]
            value = 3.0 if attack >= left else 1.5 * attack / c["health"]
            return value - 0.1 * c["attack"]
        u = self.units[target]
        hits = max(0, attack - u["armor"])
        left = u["health"] - u["damage"]
        if u["deity"]:
            return 100.0 if hits >= left else 0.5 + 6.0 * hits / u["health"]
        if hits >= left:
            return 2.5 + 0.3 * u["attack"] + (0.5 if u["levelled"] else 0.0)
        back = 0 if u["committed"] else u["attack"]
        return 0.6 * hits / u["health"] - 0.1 * back

    def lane_value(self, lane: str, attack: int) -> float:
        """The best attack in ``lane`` with ``attack``, discounted for possible blockers."""
        foes = self.at(lane, self.foe)
        ready = [u for u in foes if not u["committed"]]
        taunts = [u for u in ready if "taunt" in u["keywords"]]
        targets = [u["id"] for u in (taunts or foes)]
        if not ready or not taunts:
            targets.append("conduit")
        best = max((self.target_value(lane, t, attack) for t in targets), default=-1.0)
        if ready and best < 100.0:
            best *= 0.6
        return best

    def lane_of(self, hero: str) -> str:
        zone: str = self.units[hero]["zone"]
        return zone


def _talent_value(b: _Board, text: str, lane: str | None) -> float:
    """What a talent is worth by what its text does in this lane (0 is not worth an AP)."""
    me = b.players[b.me]
    here = lane if lane in LANES else None
    foes = b.at(here, b.foe) if here else []
    friends = b.at(here, b.me) if here else []
    anywhere = "any location" in text
    if "conduit" in text:
        return 1.5 if here and not b.conduit(b.foe, here)["ruined"] else -1.0
    if "damage" in text and "deal" in text:
        return 1.2 if foes or anywhere else -1.0
    if "commit" in text:  # a committed enemy can neither block nor attack
        ready = [u for u in (b.units.values() if anywhere else foes)
                 if u["owner"] == b.foe and u["zone"] in LANES and not u["committed"]]
        return 1.0 if ready else -1.0
    if "heal" in text:
        return 1.0 if any(u["damage"] for u in friends) else -1.0
    if "recover" in text:
        return 1.0 if any(u["committed"] for u in friends) else -1.0
    if "attack until" in text:  # a boost for an attack this turn
        return 0.7 if foes and any(not u["committed"] for u in friends) else -1.0
    if "draw" in text:
        # cards win fights, but drawing from an empty deck loses the game
        return 0.9 if me["deck"] > DECK_RESERVE and me["hand"] < 6 else -1.0
    return 0.2


class ArenaHeuristic:
    """Rules of thumb and an evaluation for radiant-arena (module docstring)."""

    # ISMCTS plays the rest of a turn by these rules of thumb and evaluates between turns
    # (docs/agents.md, "ISMCTS in radiant-arena").
    ismcts_defaults: dict[str, Any] = {"rollout": "heuristic", "depth": 40, "width": 3,
                                       "c": 0.2}

    def quiet(self, view: dict[str, Any]) -> bool:
        """Whether the evaluation reads this position well: the action phase is over."""
        return view["phase"] in QUIET_PHASES

    # --- choose -----------------------------------------------------------------------

    def choose(self, view: dict[str, Any], legal: Sequence[Action], rng: random.Random) -> Action:
        """The legal action the rules of thumb score highest (ties at random)."""
        if len(legal) == 1:
            return legal[0]
        return best_of(legal, self.scores(view, legal), rng)

    def scores(self, view: dict[str, Any], legal: Sequence[Action]) -> list[float]:
        """How much the rules of thumb like each legal action (higher is better)."""
        b = _Board(view)
        return [self._score(b, _words(a)) for a in legal]

    def _score(self, b: _Board, w: list[str]) -> float:
        verb = w[0]
        # a verb without a scorer (pass, no-block, first) scores 0: the bar to clear
        scorer = getattr(self, "_s_" + verb.replace("-", "_"), None)
        return 0.0 if scorer is None else float(scorer(b, w))

    # action phase

    def _s_level(self, b: _Board, w: list[str]) -> float:
        return 5.0

    def _s_attack(self, b: _Board, w: list[str]) -> float:
        lane = b.lane_of(w[1])
        return b.lane_value(lane, b.ready_attack(lane)) - 0.3

    def _s_with(self, b: _Board, w: list[str]) -> float:
        return 50.0  # every ready friend joins: more attack, and the target is chosen after

    def _s_target(self, b: _Board, w: list[str]) -> float:
        combat = b.view.get("combat")
        if b.view["phase"] == "attack" and combat is not None:
            return b.target_value(combat["lane"], w[1], combat["attack"])
        # a target an effect asks for: hurt the weakest enemy, help the most hurt friend
        if w[1] == "conduit":
            return 0.5
        u = b.units.get(w[1])
        if u is None:
            return 0.0
        if u["owner"] == b.foe:
            return 2.0 + (1.0 if u["deity"] else 0.0) - 0.1 * (u["health"] - u["damage"])
        return 0.1 * u["damage"]

    def _s_talent(self, b: _Board, w: list[str]) -> float:
        hero, _, name = w[1].partition(":")
        unit = b.units.get(hero)
        face = b.faces.get(name)
        # a skill card's face, else the hero's own text (an item's talent is not read)
        text = face["text"] if face is not None else (unit or {}).get("text", "")
        return _talent_value(b, text.lower(), None if unit is None else unit["zone"])

    def _s_move(self, b: _Board, w: list[str]) -> float:
        u = b.units[w[1]]
        if u["committed"]:
            return -1.0
        here = b.lane_value(u["zone"], b.ready_attack(u["zone"]))
        there = b.lane_value(w[2], b.ready_attack(w[2], extra=u))
        return 0.8 * (there - here) - 0.4

    def _s_recover(self, b: _Board, w: list[str]) -> float:
        u = b.units[w[1]]
        lane = u["zone"]
        return 0.3 + 0.5 * max(0.0, b.lane_value(lane, b.ready_attack(lane, extra=u)))

    def _s_manifest(self, b: _Board, w: list[str]) -> float:
        if b.view["asking"] != "manifest" and b.view["phase"] == "action":
            return -5.0
        banished = b.units.get(w[4])
        # banish a hero that is down, and enter where the deity is safest
        down = 3.0 if banished is not None and banished["zone"] == "home" else 0.0
        return down - 0.5 * len(b.at(w[2], b.foe))

    # combat

    def _s_block(self, b: _Board, w: list[str]) -> float:
        combat = b.view["combat"]
        blocker = b.units[w[1]]
        attack = combat["attack"]
        if max(0, attack - blocker["armor"]) >= blocker["health"] - blocker["damage"]:
            return -1.0  # the blocker would be KO'd
        target = combat["defender"]
        if target == "conduit":
            c = b.conduit(b.me, combat["lane"])
            return 1.0 if attack >= c["health"] - c["damage"] else 0.2
        u = b.units[target]
        if u["deity"] or max(0, attack - u["armor"]) >= u["health"] - u["damage"]:
            return 1.5
        return -0.2

    def _s_clash(self, b: _Board, w: list[str]) -> float:
        face = b.faces.get(w[1], {})
        attacking = b.view["active"] == b.me
        atk, arm = face.get("attack", 0), face.get("armor", 0)
        value = atk + 0.3 * arm if attacking else arm + 0.5 * atk
        return 0.5 + value - (0.5 if face.get("ultimate") else 0.0)

    def _s_no_clash(self, b: _Board, w: list[str]) -> float:
        return 0.5

    def _s_assign(self, b: _Board, w: list[str]) -> float:
        u = b.units[w[1]]
        combat = b.view["combat"]
        hits = max(0, (combat["defence"] or {}).get("attack", 0) - u["armor"])
        return (3.0 if hits >= u["health"] - u["damage"] else 0.0) + 0.1 * u["attack"]

    def _s_choose(self, b: _Board, w: list[str]) -> float:
        attacking = b.view["active"] == b.me
        return 1.0 if (w[1] == "attack") == attacking else 0.0

    def _s_lane(self, b: _Board, w: list[str]) -> float:
        return 0.1 if w[1] == "center" else 0.0

    # end of turn, setup

    def _s_revive(self, b: _Board, w: list[str]) -> float:
        down = sum(1 for u in b.units.values()
                   if u["owner"] == b.me and u["zone"] == "home" and not u["deity"])
        if w[1] == "buyback":
            return 1.0 if b.power >= 5 else -1.0
        c = b.conduit(b.me, w[2])
        return (1.5 if down >= 2 else -1.0) + 0.1 * c["damage"]

    def _s_place(self, b: _Board, w: list[str]) -> float:
        return self._lane_pick(b, w[2])

    def _s_deploy(self, b: _Board, w: list[str]) -> float:
        return self._lane_pick(b, w[2])

    def _lane_pick(self, b: _Board, lane: str) -> float:
        # spread out, the centre first (it reaches both other lanes)
        return -len(b.at(lane, b.me)) + (0.5 if lane == "center" else 0.0)

    def _s_buy(self, b: _Board, w: list[str]) -> float:
        face = b.faces.get(w[1], {})
        hero = b.units[w[2]]
        spare = b.power - face.get("cost", 0)
        needs = [u["exp"] for u in b.units.values() if u["owner"] == b.me and not u["deity"]
                 and u["zone"] in LANES and not u["levelled"] and u["exp"] is not None]
        if needs and spare < min(needs) and b.power >= min(needs) - 1:
            return -1.0  # keep the power for a level up
        gain = face.get("attack", 0) + face.get("armor", 0) + 0.5 * face.get("health", 0)
        return 0.5 + 0.2 * gain + 0.1 * hero["attack"] - (2.0 if hero["item"] else 0.0)

    def _s_discard(self, b: _Board, w: list[str]) -> float:
        face = b.faces.get(w[1], {})
        return -(face.get("attack", 0) + face.get("armor", 0)
                 + (1.0 if face.get("talent") else 0.0))

    # --- evaluate ---------------------------------------------------------------------

    def evaluate(self, views: Sequence[dict[str, Any]]) -> list[float]:
        """The chance of each seat to win: a logistic function of the difference of the
        sides' scores (every seat's own view is used for what only it knows)."""
        view = views[0]
        outcome = view.get("outcome")
        if outcome is not None:
            winners = outcome["winners"]
            return [1.0 / len(winners) if s in winners else 0.0 for s in (0, 1)]
        hurt = combat_damage(view)
        a, b = side_score(view, 0, hurt), side_score(view, 1, hurt)
        p = 1.0 / (1.0 + math.exp(-(a - b) / TEMPERATURE))
        return [p, 1.0 - p]


def side_score(view: dict[str, Any], seat: int, hurt: dict[str, int] | None = None) -> float:
    """How well ``seat`` stands: progress toward the enemy deity, its heroes, its resources.

    ``hurt`` adds damage not yet dealt (a combat under way, see :func:`combat_damage`),
    keyed by hero id or ``conduit:<owner>:<lane>``.
    """
    hurt = hurt or {}
    foe = 1 - seat
    player = view["players"][seat]
    score = 0.0
    for c in view["players"][foe]["conduits"]:
        damage = c["damage"] + hurt.get(f"conduit:{foe}:{c['lane']}", 0)
        score += 1.0 if c["ruined"] or damage >= c["health"] else (
            CONDUIT_DAMAGE * damage / c["health"])
    for u in view["units"]:
        if u.get("hidden"):
            continue
        damage = u["damage"] + hurt.get(u["id"], 0)
        if u["owner"] == foe:
            if u["deity"] and u["zone"] in LANES:
                score += DEITY_OUT + DEITY_DAMAGE * min(1.0, damage / u["health"])
            continue
        if u["zone"] in LANES and not u["deity"] and damage < u["health"]:
            score += (HERO_ATTACK * u["attack"] + HERO_ARMOR * u["armor"]
                      + HERO_HEALTH * (u["health"] - damage)
                      + (LEVELLED if u["levelled"] else 0.0))
    score += POWER * min(player["power"], 10) + CARD * min(player["hand"], 7)
    if player["deck"] < 3:  # drawing from an empty deck loses
        score -= 0.7 * (3 - player["deck"])
    return score


def combat_damage(view: dict[str, Any]) -> dict[str, int]:
    """The damage a combat under way will deal, as far as the view shows: the attackers'
    attack less the defender's armor to the defender (a hero, or a conduit), and the
    defender's attack to the attacker it hurts most (the defending player's choice)."""
    combat = view.get("combat")
    if not combat or combat["defender"] is None:
        return {}
    attack = combat["attack"]
    if combat["defender"] == "conduit":
        foe = 1 - view["active"]
        return {f"conduit:{foe}:{combat['lane']}": attack}
    defence = combat["defence"] or {"attack": 0, "armor": 0}
    out = {combat["defender"]: max(0, attack - defence["armor"])}
    units = {u["id"]: u for u in view["units"] if not u.get("hidden")}
    back = defence["attack"]
    if back > 0 and combat["attackers"]:
        victim = max(combat["attackers"], key=lambda h: min(
            max(0, back - units[h]["armor"]), units[h]["health"] - units[h]["damage"]))
        out[victim] = max(0, back - units[victim]["armor"])
    return out


