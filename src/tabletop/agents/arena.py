"""The radiant-arena heuristic: rules of thumb and an evaluation, read from views.

It knows the game as a player does: the view (units with their stats and zones, conduits,
power, hand and deck sizes; its own hand and shop with each card's face under
``card_texts``; the talents of heroes and of their items, a deity's conduits, the clash cards on
the table and the effect asking a question, ``resolving``) and the action notation
(docs/rules/radiant-arena.md, Notation). It never imports the game. What a card does it
reads from its effect data (the card language of docs/cards.md, as the views carry it),
never from its English text: :class:`_Effects` reads selectors, values, conditions and
ops, :class:`_Fight` resolves a combat in the head.

The rules of thumb (docs/agents.md has the reasoning): in the action phase every legal
action gets a score and the best is played, ``pass`` scoring 0, so the turn goes on while
something is worth its action point:

- **level up** whenever it can (stronger stats, and a committed hero recovers);
- **attack** where the heroes ready in a lane, all joining (``with``), can ruin a conduit,
  KO a hero, or damage the enemy deity; the target is the one worth most: a KO'd deity
  wins, a KO is worth the hero's strength and 2 power, a ruined conduit brings the
  deity closer; a lane with a ready enemy (who may block) counts less;
- **talents** (of skill cards, heroes and items) by what their effects do from where the
  hero stands: each step scored on the objects its selector reaches (damage by what it
  deals, a KO or a ruined conduit most; healing a damaged friend, committing a ready
  enemy, recovering a committed friend, drawing while the deck lasts...), a choice by
  its best option, a condition by what the view tells of it;
- **move** a ready hero to a lane where it can attack better, **recover** a committed
  hero that could attack or block again; never manifest by choice (the deity is the
  life of the game);
- in combat: **block** when the target is the deity, would be KO'd, or is a conduit
  about to be ruined, with a blocker that survives; **clash** the card with the most
  attack when attacking and the most armor (then attack) when defending, plus half what
  its clash effect is worth; the defender's damage goes to the attacker it KOs, else the
  strongest;
- **never a KO of its own**: an action whose own immediate result (before anyone decides
  again) surely KOs one of its heroes or its deity scores OWN_KO below its worth, so it
  is played only when every action does: a talent's self-damage cost or effects, a
  conduit ruined whose ruin effect strikes back, attacking a conduit no one can block
  that strikes back, a clash card or an answer after which the combat's damage KOs
  (as far as the view shows: a face-down card it has not seen counts as a typical one);
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
from collections.abc import Callable, Sequence
from typing import Any, ClassVar, cast

from tabletop.core import Action, State

from . import arena_draft
from .heuristic import best_of, memo_words

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


# A rollout scores the same few hundred actions again and again: their words are read
# once each (issue 28); shared lists, never changed by their readers.
KNOWN_ACTIONS = 50_000
_words: Callable[[Action], list[str]] = memo_words(lambda a: a.to_text().split(),
                                                   KNOWN_ACTIONS)


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
        # What effects reach, by kind, read once per view (effects are read often).
        self.kinds: dict[str, list[dict[str, Any]]] = {}
        # the combat's attackers and defender as this view shows them, read once
        self._fighters: tuple[list[dict[str, Any]], dict[str, Any] | None] | None = None
        # A rollout scores every legal action on one board, and most of them ask for the
        # same lanes: the units by (zone, owner) and each lane's best attack are read
        # once per board (issue 28).
        self._groups: dict[tuple[str, int], list[dict[str, Any]]] | None = None
        self._lane_values: dict[tuple[str, int], float] = {}
        self._ready: dict[str, tuple[list[dict[str, Any]], int]] = {}
        # (selector table's id, seat, lane) -> (the table, what its kinds, side and place
        # take): see _Effects.reach
        self.reached: dict[tuple[int, int, str | None], tuple[Any, list[dict[str, Any]]]] = {}

    def of_kind(self, kind: str) -> list[dict[str, Any]]:
        """The objects of one kind of the card language, as this view shows them."""
        found = self.kinds.get(kind)
        if found is None:
            found = self.kinds[kind] = self._of_kind(kind)
        return found

    def _of_kind(self, kind: str) -> list[dict[str, Any]]:
        units = self.units.values()
        if kind in ("hero", "deity"):
            return [u for u in units if u["zone"] in LANES and (kind == "hero" or u["deity"])]
        if kind == "fallen":
            return [u for u in units if u["zone"] == "home" and not u["deity"]]
        if kind == "conduit":
            return [{"conduit": True, "owner": p, "zone": c["lane"],
                     "id": f"conduit:{p}:{c['lane']}", "damage": c["damage"],
                     "health": c["health"], "ruined": c["ruined"], "attack": c["attack"],
                     "armor": 0}
                    for p in (0, 1) for c in self.players[p]["conduits"]]
        return []

    def at(self, lane: str, owner: int) -> list[dict[str, Any]]:
        """The units of ``owner`` in ``lane`` (in the view's order; shared: not to be
        changed by the caller)."""
        groups = self._groups
        if groups is None:
            groups = self._groups = {}
            for u in self.units.values():
                groups.setdefault((u["zone"], u["owner"]), []).append(u)
        return groups.get((lane, owner), [])

    def conduit(self, owner: int, lane: str) -> dict[str, Any]:
        return cast("dict[str, Any]", self.players[owner]["conduits"][LANES.index(lane)])

    # --- attacks ----------------------------------------------------------------------

    def ready_attack(self, lane: str, extra: dict[str, Any] | None = None) -> int:
        """The attack of the seat's ready heroes in ``lane``, and ``extra``'s (a unit of
        this view) when it is not among them."""
        ready = self._ready.get(lane)
        if ready is None:  # read once per lane (issue 28: asked for every move and attack)
            heroes = [u for u in self.at(lane, self.me) if not u["committed"]]
            ready = self._ready[lane] = (heroes, sum(u["attack"] for u in heroes))
        if extra is not None and not any(u is extra for u in ready[0]):
            return ready[1] + int(extra["attack"])
        return ready[1]

    def target_value(self, lane: str, target: str, attack: int) -> float:
        """What an attack of ``attack`` on ``target`` (a hero id or ``conduit``) is worth."""
        if target == "conduit":
            c = self.conduit(self.foe, lane)
            if c["ruined"]:
                return -1.0
            left = c["health"] - c["damage"]
            value = 3.0 if attack >= left else 1.5 * attack / c["health"]
            return cast(float, value - 0.1 * c["attack"])
        u = self.units[target]
        hits = max(0, attack - u["armor"])
        left = u["health"] - u["damage"]
        if u["deity"]:
            return 100.0 if hits >= left else 0.5 + 6.0 * hits / u["health"]
        if hits >= left:
            return cast(float, 2.5 + 0.3 * u["attack"] + (0.5 if u["levelled"] else 0.0))
        back = 0 if u["committed"] else u["attack"]
        return cast(float, 0.6 * hits / u["health"] - 0.1 * back)

    def lane_value(self, lane: str, attack: int) -> float:
        """The best attack in ``lane`` with ``attack``, discounted for possible blockers."""
        value = self._lane_values.get((lane, attack))
        if value is None:
            value = self._lane_values[(lane, attack)] = self._lane_value(lane, attack)
        return value

    def _lane_value(self, lane: str, attack: int) -> float:
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

    def answer_value(self, asked: dict[str, Any], answer: str) -> float:
        """What answering an effect's question (``resolving`` in the view: a target, or
        an option of a choice) is worth, read from the step asking; OWN_KO when it surely
        KOs one of the seat's own units at once."""
        step = asked["step"]
        unit = self.units.get(asked["unit"] or "")
        lane = unit["zone"] if unit is not None else None
        seat = asked["seat"] if asked.get("seat") is not None else self.me
        e = _Effects(self, unit, lane, seat)
        if step.get("op") == "choose":
            option: dict[str, Any] = next(
                (o for o in step.get("options", []) if o.get("id") == answer), {})
            effects = option.get("effects", [])
        else:
            chosen = next((o for o in e.reach(step.get("target", "self"))
                           if o["id"] == answer or (answer == "conduit" and o.get("conduit"))),
                          None)
            if chosen is None:
                return 0.0
            e.memory["$answer"] = [chosen]
            effects = [{**step, "target": "$answer"}]
            effects[0].pop("if", None)
        value = e.effects(effects)
        if e.own_ko or (self.view.get("combat") is not None and self.view["phase"] in
                        CLASHING and self.combat_kos(effects=effects, unit=unit)):
            return value + OWN_KO
        return value

    def conduit_faces(self, owner: int, lane: str) -> list[dict[str, Any]]:
        """What the conduit of ``owner`` in ``lane`` may be (its face with its ruin
        effect): the one the view names, else those of its deity (when the view shows
        the deity) not seen ruined in another lane; empty when the view cannot tell."""
        deity = next((u for u in self.view["units"] if u["owner"] == owner and u["deity"]
                      and not u.get("hidden")), None)
        if deity is None:
            return []
        faces: list[dict[str, Any]] = deity.get("conduits", [])
        name = self.conduit(owner, lane)["name"]
        if name is not None:
            return [f for f in faces if f["name"] == name]
        seen = {self.conduit(owner, x)["name"] for x in LANES if x != lane}
        return [f for f in faces if f["name"] not in seen]

    def conduit_strikes_back_ko(self) -> bool:
        """Whether attacking the enemy conduit here surely KOs an attacker at once: no
        enemy may block, so the consecrated conduit strikes back right away."""
        c = self.view["combat"]
        if any(not u["committed"] for u in self.at(c["lane"], self.foe)):
            return False  # a blocker may step in: the other seat decides first
        conduit = self.conduit(self.foe, c["lane"])
        if conduit["ruined"]:
            return False
        attackers = [self.units[a] for a in c["attackers"]]
        takers = [u for u in attackers if "vanguard" in u["keywords"]] or attackers
        return bool(takers) and all(
            max(0, conduit["attack"] - u["armor"]) >= u["health"] - u["damage"]
            for u in takers)

    # --- what a combat's resolution does to the seat's own units ------------------------

    def combat_kos(self, card: str | None = None, effects: Any = None,
                   unit: dict[str, Any] | None = None, by: str | None = None) -> bool:
        """Whether the combat under way, resolved as this view shows it, surely KOs one of
        the seat's own units, once the seat has clashed ``card`` (its combat values and
        clash effect; ``by`` the attacker clashing it) or resolved ``effects`` (of
        ``unit``). The defender's clash, still to come when the attacker clashes, can
        only add to its attack: it counts for nothing. A face-down card it has not
        seen counts as a typical card (UNSEEN_CLASH_ATTACK); a choice of the other seat
        (which attacker takes the defender's damage) is not a sure KO unless every
        choice is one."""
        c = self.view.get("combat")
        if c is None or c["defender"] is None:
            return False
        attacking = self.view["active"] == self.me
        face = self.faces.get(card or "", {})
        if self._fighters is None:  # read once per board
            conduit = c["defender"] == "conduit"
            self._fighters = ([self.units[a] for a in c["attackers"] if a in self.units],
                              None if conduit else self.units.get(c["defender"]))
        attackers, defender = self._fighters
        # a fresh fight for each clash card and answer weighed
        fight = _Fight(self, c, attackers, defender, attacking)
        if face:
            unit = self.units.get(by or "") or (
                attackers[0] if attacking and attackers else defender)
            fight.clash(face, unit)
            effects = face.get("clash_effects", []) if _mighty(unit, face) else []
        if effects:
            return fight.after(effects, unit)
        return fight.kos()


# The named selectors of the card language (docs/rules/radiant-arena-cards.md, Effects) as
# the tables they stand for: the heuristic reads them like any selector (a test checks
# this table against the game's own).
NAMED_SELECTORS: dict[str, dict[str, Any]] = {
    "friendly_here": {"side": "friendly", "place": "here"},
    "other_friendly_here": {"side": "friendly", "place": "here", "exclude": ["self"]},
    "friendly_any": {"side": "friendly", "place": "anywhere"},
    "enemy_here": {"side": "enemy", "place": "here"},
    "enemy_any": {"side": "enemy", "place": "anywhere"},
    "opposing": {"side": "enemy", "place": "combat"},
    "all_enemies_here": {"side": "enemy", "place": "here", "count": "each"},
    "all_friendlies_here": {"side": "friendly", "place": "here", "count": "each"},
    "all_opposing": {"side": "enemy", "place": "combat", "count": "each"},
    "enemy_conduit_here": {"side": "enemy", "kind": "conduit", "place": "here",
                           "where": ["consecrated"]},
}
ADJACENT = {"left": ("center",), "center": ("left", "right"), "right": ("center",)}
OWN_KO = -1000.0  # the score of an action that surely KOs one of the seat's own units at once
CLASHING = frozenset({"clash", "reveal", "resolution"})  # a clash card, then the damage
UNSEEN_CLASH_ATTACK = 2  # what a clash card face down adds, for all the view shows


class _Effects:
    """What effect data (as the views carry it: docs/rules/radiant-arena-cards.md) does
    from one hero's place, read by the heuristic: which objects a selector reaches, what
    a value comes to, and how much a list of effects is worth to ``seat``.

    Objects are the view's unit entries, and conduits as small entries of their own
    (``{"conduit": True, "owner", "zone", "damage", "health", "ruined"}``). Damage the
    effects deal is added up per object (``hurt``), so a later step sees the earlier
    ones; ``own_ko`` is set when the effects surely KO a unit of the viewing seat (a
    step with a choice counts only when every choice does).
    """

    def __init__(self, b: _Board, unit: dict[str, Any] | None, lane: str | None,
                 seat: int, x: int = 0) -> None:
        self.b, self.unit, self.lane, self.seat, self.x = b, unit, lane, seat, x
        self.memory: dict[str, list[dict[str, Any]]] = {}
        self.hurt: dict[str, int] = {}
        self.own_ko = False

    # --- selectors ----------------------------------------------------------------------

    def objects(self, kinds: list[str]) -> list[dict[str, Any]]:
        if len(kinds) == 1:
            return self.b.of_kind(kinds[0])
        return [o for kind in kinds for o in self.b.of_kind(kind)]

    def reach(self, raw: Any) -> list[dict[str, Any]]:
        """The objects a selector may take now (all of them, whatever its count)."""
        if raw == "self":
            return [self.unit] if self.unit is not None else []
        if isinstance(raw, str) and raw.startswith("$"):
            return self.memory.get(raw, [])
        table = NAMED_SELECTORS.get(raw) if isinstance(raw, str) else raw
        if not isinstance(table, dict):
            return []
        if "ref" in table:
            return self.reach(table["ref"])
        # What the kinds, side and place take depends only on the board, the seat and the
        # lane: read once per board (issue 28: the same selectors are asked for every
        # talent and clash card of a step). The entry holds the table, so no other table
        # can take its id while the board lives.
        key = (id(table), self.seat, self.lane)
        hit = self.b.reached.get(key)
        if hit is not None and hit[0] is table:
            found = hit[1]
        else:
            kinds = table.get("kind", ["hero"])
            found = self.objects([kinds] if isinstance(kinds, str) else list(kinds))
            side = table.get("side", "any")
            if side != "any":
                found = [o for o in found if (o["owner"] == self.seat) == (side == "friendly")]
            place = table.get("place")
            if place is not None:
                found = [o for o in found if self._at(o, place)]
            self.b.reached[key] = (table, found)
        for word in table.get("where", []):
            found = [o for o in found if self._is(o, word) is not False]
        for x in table.get("exclude", []):
            gone = {o["id"] for o in self.reach(x)}
            found = [o for o in found if o["id"] not in gone]
        return found

    def _at(self, o: dict[str, Any], place: str) -> bool:
        zone, here = o["zone"], self.lane
        if place == "anywhere":
            return zone in LANES
        if place == "here":
            return cast(bool, zone == here)
        if place == "adjacent":
            return here in ADJACENT and zone in ADJACENT[here]
        if place == "other":
            return zone in LANES and zone != here
        if place == "combat":
            c = self.b.view.get("combat")
            return c is not None and (o.get("id") in c["attackers"]
                                      or o.get("id") == c["defender"])
        return True

    def _is(self, o: dict[str, Any], word: str) -> bool | None:
        """Whether ``o`` meets a condition word (None: the view cannot tell)."""
        negated = word.startswith("not:")
        name, _, arg = (word[4:] if negated else word).partition(":")
        c = self.b.view.get("combat")
        conduit = bool(o.get("conduit"))
        tests: dict[str, Any] = {
            "damaged": lambda: o["damage"] + self.hurt.get(o["id"], 0) > 0,
            "ready": lambda: not conduit and not o["committed"],
            "committed": lambda: not conduit and o["committed"],
            "levelled": lambda: not conduit and o["levelled"],
            "attacking": lambda: c is not None and o.get("id") in c["attackers"],
            "defending": lambda: c is not None and o.get("id") == c["defender"],
            "blocking": lambda: c is not None and o.get("id") == c["defender"]
            and c["blocked"],
            "divine": lambda: not conduit and "divine" in o["keywords"],
            "keyword": lambda: not conduit and arg in o["keywords"],
            "named": lambda: o.get("card") == arg,
            "consecrated": lambda: conduit and not o["ruined"],
            "ruined": lambda: conduit and o["ruined"],
            "equipped": lambda: not conduit and o["item"] is not None,
        }
        test = tests.get(name)
        if test is None:
            return None
        return bool(test()) != negated

    # --- values and conditions ------------------------------------------------------------

    def amount(self, raw: Any, default: float = 1.0) -> float:
        """What a value comes to (an estimate where the view cannot tell)."""
        if isinstance(raw, bool):
            return default
        if isinstance(raw, int):
            return float(raw)
        if raw == "x":
            return float(self.x)
        if not isinstance(raw, dict):
            return default
        if "count" in raw:
            return float(len(self.reach(raw["count"])))
        if "stat" in raw:
            found = self.reach(raw.get("of", "self"))
            if not found or found[0].get("conduit") and raw["stat"] not in ("damage",):
                return 2.0  # a revealed card's value, unknown yet: about a card's average
            o = found[0]
            if raw["stat"] == "health_left":
                return float(o["health"] - o["damage"])
            return float(o.get(raw["stat"], 0) or 0)
        for op in ("add", "sub", "mul", "min", "max", "div"):
            if op in raw and isinstance(raw[op], list) and raw[op]:
                xs = [self.amount(a) for a in raw[op]]
                if op == "add":
                    return sum(xs)
                if op == "sub":
                    return xs[0] - sum(xs[1:])
                if op == "mul":
                    return math.prod(xs)
                if op == "min":
                    return min(xs)
                if op == "max":
                    return max(xs)
                return xs[0] / xs[1] if len(xs) > 1 and xs[1] else xs[0]
        return default

    def holds(self, cond: Any) -> bool | None:
        """Whether a condition holds now (None: the view cannot tell)."""
        if not isinstance(cond, dict) or len(cond) != 1:
            return None
        (key, arg), = cond.items()
        if key == "self":
            if self.unit is None:
                return None
            results = [self._is(self.unit, w) for w in (arg if isinstance(arg, list) else [])]
            return None if None in results else all(results)
        if key in ("exists", "none"):
            return cast("bool | None", bool(self.reach(arg)) == (key == "exists"))
        if key == "not":
            inner = self.holds(arg)
            return None if inner is None else not inner
        if key in ("all", "any") and isinstance(arg, list):
            parts = [self.holds(c) for c in arg]
            if key == "all":
                return False if False in parts else (None if None in parts else True)
            return True if True in parts else (None if None in parts else False)
        if key == "compare" and isinstance(arg, list) and len(arg) == 3:
            a, op, z = self.amount(arg[0]), arg[1], self.amount(arg[2])
            return {"<": a < z, "<=": a <= z, "==": a == z, "!=": a != z, ">=": a >= z,
                    ">": a > z}.get(op)
        return None

    def possible(self, steps: Any) -> bool:
        """Whether a list of effects can begin (its first step has a target meeting what
        its op needs: a ready hero to commit, a committed one to recover...)."""
        if not isinstance(steps, list) or not steps or not isinstance(steps[0], dict):
            return False
        st = steps[0]
        if "target" not in st:
            return True
        need = {"commit": "ready", "recover": "committed", "destroy_item": "equipped",
                "ruin": "consecrated"}.get(st.get("op", ""))
        found = self.reach(st["target"])
        return any(need is None or self._is(o, need) for o in found)

    # --- effects --------------------------------------------------------------------------

    def effects(self, steps: Any) -> float:
        """How much a list of effects is worth to ``seat``, resolved in order."""
        return sum(self.step(st) for st in steps) if isinstance(steps, list) else 0.0

    def branch(self, steps: Any) -> tuple[float, bool]:
        """The worth of one branch (of a choice or a condition) and whether it surely KOs
        an own unit, leaving this reading as it was."""
        hurt, memory, ko = dict(self.hurt), dict(self.memory), self.own_ko
        self.own_ko = False
        value = self.effects(steps)
        out = (value, self.own_ko)
        self.hurt, self.memory, self.own_ko = hurt, memory, ko
        return out

    def step(self, st: Any) -> float:
        """How much one effect is worth (with its ``if`` / ``else``)."""
        if not isinstance(st, dict):
            return 0.0
        op = st.get("op")
        if op == "choose":
            options = [self.branch(o.get("effects", [])) for o in st.get("options", [])
                       if isinstance(o, dict)]
            if not options:
                return 0.0
            self.own_ko |= all(ko for _, ko in options)
            return max(v for v, ko in options if not ko) if not self.own_ko else max(
                v for v, _ in options)
        if "if" not in st:
            return self.then(st)
        truth = self.holds(st["if"])
        if truth is not None:
            return self.then(st) if truth else self.effects(st.get("else", []))
        plain = {k: v for k, v in st.items() if k not in ("if", "else")}
        (a, ka), (b, kb) = self.branch([plain]), self.branch(st.get("else", []))
        self.own_ko |= ka or kb  # either may happen: be careful
        return (a + b) / 2

    def then(self, st: dict[str, Any]) -> float:
        op = st.get("op")
        if op == "if":
            return self.effects(st.get("then", []))
        name = op if type(op) is str else str(op)
        scorer = _OPS.get(name, False)
        if scorer is False:  # found once per op, not by name per step (issue 28)
            scorer = _OPS[name] = getattr(_Effects, "_op_" + name, None)
        value = 0.2 if scorer is None else float(scorer(self, st))
        if "as" in st:
            self.memory["$" + st["as"]] = self.taken(st)
        return value

    def taken(self, st: dict[str, Any]) -> list[dict[str, Any]]:
        """The objects a step takes (for ``as``): all it reaches for ``each``, the first
        of the best otherwise."""
        found = self.reach(st.get("target", "self"))
        return found if self._each(st) or len(found) <= 1 else found[:1]

    def _each(self, st: dict[str, Any]) -> bool:
        t = st.get("target", "self")
        table = NAMED_SELECTORS.get(t) if isinstance(t, str) else t
        return t == "self" or (isinstance(t, str) and t.startswith("$")) or (
            isinstance(table, dict) and table.get("count") == "each")

    def mine(self, o: dict[str, Any]) -> bool:
        return bool(o["owner"] == self.seat)

    def per_target(self, st: dict[str, Any], worth: Any) -> float:
        """The worth of a step that does ``worth(obj)`` to its targets: the sum for
        ``each``, the best one otherwise (the controller chooses; random: the mean)."""
        found = self.reach(st.get("target", "self"))
        if not found:
            return -0.5
        values = [float(worth(o)) for o in found]
        if self._each(st):
            return sum(values)
        t = st.get("target")
        if isinstance(t, dict) and "random" in t:
            return sum(values) / len(values)
        return max(values)

    def _op_damage(self, st: dict[str, Any]) -> float:
        n = int(self.amount(st.get("amount", 1)))
        piercing, stun = bool(st.get("piercing")), bool(st.get("stun"))
        found = self.reach(st.get("target", "self"))
        each = self._each(st)
        kos: list[bool] = []  # per target: a unit of the viewing seat KO'd

        def dealt(o: dict[str, Any]) -> int:
            return n if piercing or o.get("conduit") else max(0, n - o["armor"])

        def worth(o: dict[str, Any]) -> float:
            hit = dealt(o)
            ko = hit > 0 and not stun and hit >= (
                o["health"] - o["damage"] - self.hurt.get(o["id"], 0))
            kos.append(ko and not o.get("conduit") and o["owner"] == self.b.me)
            if o.get("conduit"):
                value = (2.0 if ko else 0.3 * hit) if not o["ruined"] else 0.0
            elif ko:
                value = 50.0 if o["deity"] else 2.5 + 0.3 * o["attack"]
            else:
                value = 0.3 + 0.3 * hit if hit else 0.0
            if self.mine(o):
                return -(3.0 * value if ko else value)
            return value

        value = self.per_target(st, worth)
        # Surely KO'd: a unit of the viewing seat among all it hits, or among all it may be
        # chosen from when each choice is one.
        if kos and (any(kos) if each else all(kos)):
            self.own_ko = True
        for o in found if each else found[:1]:
            if o.get("conduit"):
                if not o["ruined"] and dealt(o) >= o["health"] - o["damage"]:
                    self.ruin(o)
            else:
                self.hurt[o["id"]] = self.hurt.get(o["id"], 0) + dealt(o)
        return value

    def ruin(self, conduit: dict[str, Any]) -> None:
        """A conduit ruined: its owner resolves its ruin effect at its lane (Key Concepts
        — Conduits). The effect is known when the view names the conduit, or when its
        deity is known and every other conduit of it is ruined; it surely KOs a unit of
        the viewing seat when every conduit it may be does."""
        faces = self.b.conduit_faces(conduit["owner"], conduit["zone"])
        if not faces:
            return
        outcomes = []
        for face in faces:
            e = _Effects(self.b, None, conduit["zone"], conduit["owner"])
            e.hurt = dict(self.hurt)
            e.effects(face.get("ruin", []))
            outcomes.append(e.own_ko)
        self.own_ko |= all(outcomes)

    def _op_heal(self, st: dict[str, Any]) -> float:
        n = self.amount(st.get("amount", 1))

        def worth(o: dict[str, Any]) -> float:
            healed = min(n, o["damage"] + self.hurt.get(o["id"], 0))
            return (0.4 + 0.3 * healed if healed else 0.0) * (1 if self.mine(o) else -1)
        return self.per_target(st, worth)

    def _op_commit(self, st: dict[str, Any]) -> float:
        return self.per_target(st, lambda o: (1.0 if not o["committed"] else 0.0) * (
            -1 if self.mine(o) else 1))

    def _op_recover(self, st: dict[str, Any]) -> float:
        return self.per_target(st, lambda o: (1.0 if o["committed"] else 0.0) * (
            1 if self.mine(o) else -1))

    def _op_boost(self, st: dict[str, Any]) -> float:
        atk, arm = self.amount(st.get("attack", 0), 0), self.amount(st.get("armor", 0), 0)
        foes = self.b.at(self.lane, 1 - self.seat) if self.lane in LANES else []

        def worth(o: dict[str, Any]) -> float:
            # attack matters before an attack (a ready hero with enemies in reach)
            ready = foes and not o["committed"] or self.b.view.get("combat") is not None
            value = (0.35 * atk if ready else 0.05 * atk) + 0.15 * arm
            return value if self.mine(o) else -value
        return self.per_target(st, worth)

    def _op_boost_choice(self, st: dict[str, Any]) -> float:
        return 0.3 * self.amount(st.get("amount", 1))

    def _op_scale(self, st: dict[str, Any]) -> float:
        return 0.3

    def _op_grant(self, st: dict[str, Any]) -> float:
        return self.per_target(st, lambda o: 0.3)  # a keyword helps or hinders its holder

    def _op_draw(self, st: dict[str, Any]) -> float:
        me = self.b.players[self.seat]
        n = self.amount(st.get("amount", 1))
        if st.get("who") == "opponent":
            return -0.3 * n
        # cards win fights, but drawing from an empty deck loses the game
        return 0.9 * n if me["deck"] > DECK_RESERVE + n and me["hand"] < 6 else -1.0

    def _op_discard(self, st: dict[str, Any]) -> float:
        n = self.amount(st.get("amount", 1))
        if st.get("who") == "opponent":
            return cast(float, 0.5 * min(n, self.b.players[1 - self.seat]["hand"]))
        return -0.4 * n

    def _op_power(self, st: dict[str, Any]) -> float:
        n = self.amount(st.get("amount", 1))
        return -0.3 * n if st.get("who") == "opponent" else 0.4 * n

    def _op_lose_power(self, st: dict[str, Any]) -> float:
        n = self.amount(st.get("amount", 1))
        if st.get("who") == "opponent":
            return cast(float, 0.3 * min(n, self.b.players[1 - self.seat]["power"]))
        return cast(float, -0.3 * min(n, self.b.players[self.seat]["power"]))

    def _op_action_points(self, st: dict[str, Any]) -> float:
        return 0.8 * self.amount(st.get("amount", 1))

    def _op_level_up(self, st: dict[str, Any]) -> float:
        return self.per_target(st, lambda o: (3.0 if not o["levelled"] else 0.0) * (
            1 if self.mine(o) else -1))

    def _op_revive(self, st: dict[str, Any]) -> float:
        return self.per_target(st, lambda o: 2.0 if self.mine(o) else -2.0)

    def _op_banish(self, st: dict[str, Any]) -> float:
        return self.per_target(st, lambda o: (-3.0 if self.mine(o) else (
            50.0 if o["deity"] else 3.0)))

    def _op_destroy_item(self, st: dict[str, Any]) -> float:
        return self.per_target(st, lambda o: (1.0 if o["item"] else 0.0) * (
            -1 if self.mine(o) else 1))

    def _op_ruin(self, st: dict[str, Any]) -> float:
        return self.per_target(st, lambda o: -2.0 if self.mine(o) else 2.0)

    def _op_attack(self, st: dict[str, Any]) -> float:
        return 1.0 if self.reach(st.get("target")) else -0.5

    def _op_move(self, st: dict[str, Any]) -> float:
        return 0.2 if self.reach(st.get("target", "self")) else -0.5

    def _op_extra_clash(self, st: dict[str, Any]) -> float:
        return 0.5

    def _op_pick(self, st: dict[str, Any]) -> float:
        return 0.0 if self.reach(st.get("target")) else -0.5

    def _op_delay(self, st: dict[str, Any]) -> float:
        value, _ = self.branch(st.get("effects", []))  # later, not at once
        return 0.6 * value

    def _op_modify(self, st: dict[str, Any]) -> float:
        return 0.3

    def _op_replace(self, st: dict[str, Any]) -> float:
        return 0.3

    def _op_look(self, st: dict[str, Any]) -> float:
        return 0.1

    def _op_reveal(self, st: dict[str, Any]) -> float:
        return 0.1

    def _op_move_card(self, st: dict[str, Any]) -> float:
        return 0.1


# op -> its scorer (``_Effects._op_<op>``, None for none)
_OPS: dict[str, Any] = {}


def _mighty(unit: dict[str, Any] | None, face: dict[str, Any]) -> bool:
    """Whether a card's effect resolves for ``unit``: an Ultimate one only for a
    levelled-up or Divine hero (Key Concepts — Ultimate)."""
    return not face.get("ultimate") or unit is None or unit["levelled"] or (
        "divine" in unit["keywords"])


def _talent(b: _Board, hero: str, name: str) -> tuple[dict[str, Any] | None, dict[str, Any]]:
    """The hero using a talent and the talent as data: a skill card's from its face, else
    the hero's own or its item's."""
    unit = b.units.get(hero)
    face = b.faces.get(name)
    if face is not None and face.get("talent"):
        return unit, face["talent"]
    item = (unit or {}).get("item_card") or {}
    for t in (unit or {}).get("talents", []) + item.get("talents", []):
        if t["id"] == name:
            return unit, t
    return unit, {"effects": [], "costs": {}}


def talent_value(b: _Board, hero: str, name: str) -> tuple[float, bool]:
    """What using a talent is worth where its hero stands (0 is not worth an action
    point), read from its effect data; and whether it surely KOs one of the seat's own
    units at once (its self-damage cost, or damage its effects must deal to them)."""
    unit, t = _talent(b, hero, name)
    # X paid in power: as much as there is (the choice of X comes after)
    x = b.power if t.get("costs", {}).get("power") == "x" else 0
    lane = unit["zone"] if unit is not None else None
    e = _Effects(b, unit, lane, b.me, x)
    cost = t.get("costs", {}).get("self_damage", 0)
    if unit is not None and cost:
        if cost >= unit["health"] - unit["damage"]:
            return OWN_KO - 1.0, True
        e.hurt[unit["id"]] = cost
    value = e.effects(t.get("effects", []))
    value = value if value > 0.15 else -1.0
    if e.own_ko:
        return value + OWN_KO, True
    return value, False


class _Fight:
    """A combat as one seat's view shows it, resolved in the head (Combat, Step Three): the
    attackers' combined attack (Piercing part apart) against the defender's armor, and
    the defender's attack (a conduit's while consecrated) against one attacker."""

    def __init__(self, b: _Board, c: dict[str, Any], attackers: list[dict[str, Any]],
                 defender: dict[str, Any] | None, attacking: bool) -> None:
        self.b, self.attacking = b, attacking
        self.attackers, self.defender = attackers, defender
        # A clash card face down that this seat has not seen counts as a typical card.
        unseen = sum(1 for x in c["clashes"] if x["card"] is None)
        self.attack = c["attack"] + (UNSEEN_CLASH_ATTACK * unseen if not attacking else 0)
        pierce = [u for u in attackers if "piercing" in u["keywords"]]
        self.all_piercing = bool(pierce) and len(pierce) == len(attackers)
        self.piercing = min(self.attack, sum(u["attack"] for u in pierce))
        self.stun = bool(attackers) and all("stun" in u["keywords"] for u in attackers)
        if defender is None:  # a conduit
            conduit = b.conduit(1 - b.view["active"], c["lane"])
            self.back = 0 if conduit["ruined"] else conduit["attack"]
            self.armor, self.back_piercing, self.back_stun = 0, False, False
        else:
            defence = c["defence"] or {"attack": 0, "armor": defender["armor"]}
            self.back, self.armor = defence["attack"], defence["armor"]
            self.back_piercing = "piercing" in defender["keywords"]
            self.back_stun = "stun" in defender["keywords"]
        self.extra_armor: dict[str, int] = {}
        self.healed: dict[str, int] = {}
        self.gone: set[str] = set()  # KO'd before the damage (by a clash effect)
        self.lost = 0  # the attack a ready defender lost by being committed

    def clash(self, face: dict[str, Any], unit: dict[str, Any] | None) -> None:
        """The seat's own clash card, face up: its combat values."""
        if unit is None:
            return
        if unit is self.defender:
            self.armor += face.get("armor", 0)
            self.back += face.get("attack", 0)
        else:
            self.attack += face.get("attack", 0)
            self.extra_armor[unit["id"]] = self.extra_armor.get(unit["id"], 0) + face.get(
                "armor", 0)

    def after(self, effects: Any, unit: dict[str, Any] | None) -> bool:
        """Whether the seat surely loses a unit once ``effects`` (of ``unit``) resolve
        and the damage is dealt; not when a step asks someone a question first (the
        damage is then not the immediate result)."""
        b = self.b
        e = _Effects(b, unit, unit["zone"] if unit else None, b.me)
        if not self.resolve(e, effects):
            return False
        # The defender's clash effects resolve after the attacker's (Step Two).
        c = b.view["combat"]
        d = self.defender
        if self.attacking and d is not None and b.view.get("resolving") is not None and \
                b.view["resolving"].get("unit") in c["attackers"]:
            for x in c["clashes"]:
                if x["hero"] == d["id"] and x.get("effects") and _mighty(
                        d, {"ultimate": x.get("ultimate")}):
                    if not self.resolve(_Effects(b, d, d["zone"], d["owner"]), x["effects"]):
                        return False
        return self.kos()

    def resolve(self, e: _Effects, effects: Any) -> bool:
        """Resolve ``effects`` in the head; False when one asks a question."""
        for st in effects if isinstance(effects, list) else []:
            if not isinstance(st, dict):
                continue
            op = st.get("op")
            if op == "choose":
                options = [o.get("effects", []) for o in st.get("options", [])
                           if isinstance(o, dict) and e.possible(o.get("effects", []))]
                if len(options) != 1:
                    return not options  # a question, or nothing resolves
                if not self.resolve(e, options[0]):  # the only option: no question
                    return False
                continue
            if self.asks(e, st):
                return False
            truth = e.holds(st["if"]) if "if" in st else True
            if truth is None:
                continue  # it may not happen: count on nothing
            if op == "if" or not truth:
                if not self.resolve(e, st.get("then" if truth else "else", [])):
                    return False
                continue
            self.effect(e, st)
        return True

    def asks(self, e: _Effects, st: dict[str, Any]) -> bool:
        """Whether a step asks a seat a question, so that someone decides again before
        the damage: a choice of options, an additional clash, a discard, a target among
        several."""
        op = st.get("op")
        if op in ("extra_clash", "boost_choice", "discard"):
            return True
        if "target" in st and not e._each(st):
            return len(e.reach(st["target"])) > 1
        return False

    def effect(self, e: _Effects, st: dict[str, Any]) -> None:
        """One effect's part in the fight: armor and attack bonuses, heals, commits,
        keywords on the damage, and KOs of the other side before the damage."""
        op = st.get("op")
        targets = e.reach(st.get("target", "self"))
        if not e._each(st):
            targets = targets[:1]
        n = int(e.amount(st.get("amount", 1)))
        for o in targets:
            if o.get("conduit"):
                continue
            mine = o["owner"] == self.b.me
            if op == "boost":
                atk = int(e.amount(st.get("attack", 0), 0))
                arm = int(e.amount(st.get("armor", 0), 0))
                if o is self.defender:
                    self.armor, self.back = self.armor + arm, self.back + atk
                else:
                    self.attack += atk
                    self.extra_armor[o["id"]] = self.extra_armor.get(o["id"], 0) + arm
            elif op == "scale":  # Mato's cards: + amount for every ``per`` damage on him
                per = st.get("per", 1) if isinstance(st.get("per"), int) else 1
                bonus = n * (o["damage"] // max(1, per))
                if st.get("stat") == "armor":
                    if o is self.defender:
                        self.armor += bonus
                    else:
                        self.extra_armor[o["id"]] = self.extra_armor.get(o["id"], 0) + bonus
                elif o is self.defender:
                    self.back += bonus
                else:
                    self.attack += bonus
            elif op == "heal" and mine:  # only damage already there heals
                done = self.healed.get(o["id"], 0)
                self.healed[o["id"]] = done + max(0, min(n, o["damage"] - done))
            elif op == "commit" and o is self.defender and not o["committed"] \
                    and not self.lost:
                self.lost = min(self.back, o["attack"])  # Step Three: 0, then clash values
                self.back -= self.lost
            elif op == "recover" and o is self.defender and self.lost:
                self.back, self.lost = self.back + self.lost, 0
            elif op == "grant" and st.get("keyword") == "stun" and not mine:
                if o is self.defender:
                    self.back_stun = True
                else:
                    self.stun = self.stun or len(self.attackers) == 1
            elif op == "damage" and not mine:
                hit = n if st.get("piercing") else max(0, n - o["armor"])
                if hit >= o["health"] - o["damage"] and not st.get("stun"):
                    self.gone.add(o["id"])

    def kos(self) -> bool:
        """Whether the damage surely KOs a unit of the seat."""
        me = self.b.me
        d = self.defender
        takers = [u for u in self.attackers if u["id"] not in self.gone]
        takers = [u for u in takers if "vanguard" in u["keywords"]] or takers
        if self.back > 0 and len(takers) > 1 and (d is None or d["id"] not in self.gone):
            return False  # the defending seat first names the attacker its damage goes to
        if d is not None and d["owner"] == me and d["id"] not in self.gone:
            attack = 0 if all(u["id"] in self.gone for u in self.attackers) else self.attack
            pierce = attack if self.all_piercing else min(attack, self.piercing)
            dealt = pierce + max(0, attack - pierce - self.armor)
            if not self.stun and dealt > 0 and dealt >= self._left(d):
                return True
        if self.back <= 0 or (d is not None and d["id"] in self.gone):
            return False
        doomed = []
        for u in takers:
            if u["owner"] != me:
                return False
            armor = 0 if self.back_piercing else u["armor"] + self.extra_armor.get(u["id"], 0)
            hit = max(0, self.back - armor)
            doomed.append(not self.back_stun and hit > 0 and hit >= self._left(u))
        return bool(doomed) and all(doomed)

    def _left(self, u: dict[str, Any]) -> int:
        return int(u["health"] - u["damage"] + self.healed.get(u["id"], 0))


class ArenaHeuristic:
    """Rules of thumb and an evaluation for radiant-arena (module docstring)."""

    # ISMCTS plays the rest of a turn by these rules of thumb and evaluates between turns
    # (docs/agents.md, "ISMCTS in radiant-arena").
    ismcts_defaults: ClassVar[dict[str, Any]] = {"rollout": "heuristic", "depth": 40, "width": 3,
                                       "c": 0.2}

    def __init__(self) -> None:
        # verb -> its scorer (``_s_<verb>``, None for none), found once, not per action
        self._scorers: dict[str, Any] = {}
        # id(action) -> (the action, its words, its scorer): see _read
        self._known: dict[int, tuple[Action, list[str], Any]] = {}
        # the state's phase code -> whether its view's phase is quiet, read from a view
        # the first time the code is met
        self._quiet_codes: dict[int, bool] = {}

    def quiet(self, view: dict[str, Any]) -> bool:
        """Whether the evaluation reads this position well: the action phase is over."""
        return view["phase"] in QUIET_PHASES

    def quiet_state(self, state: State) -> bool | None:
        """:meth:`quiet` of the view of the seat to act, read from the position's phase
        (public: every view names it) without building the view (issue 28: ISMCTS asks
        at every step of a rollout, and a view is among the dearest things it builds).
        The view's phase is a function of the state's ``phase`` code, so each code's
        answer is read from a view once; None without such a code."""
        code = getattr(state, "phase", None)
        if type(code) is not int:
            return None
        calm = self._quiet_codes.get(code)
        if calm is None:
            seat = state.to_act
            if seat is None:
                return None
            calm = self._quiet_codes[code] = self.quiet(state.view(seat))
        return calm

    # --- choose -----------------------------------------------------------------------

    def choose(self, view: dict[str, Any], legal: Sequence[Action], rng: random.Random) -> Action:
        """The legal action the rules of thumb score highest (ties at random)."""
        if len(legal) == 1:
            return legal[0]
        if view["phase"] == "draft":  # weighted at random among close choices
            return arena_draft.choose(legal, self.scores(view, legal), rng)
        return best_of(legal, self.scores(view, legal), rng)

    def scores(self, view: dict[str, Any], legal: Sequence[Action]) -> list[float]:
        """How much the rules of thumb like each legal action (higher is better)."""
        b = _Board(view)
        known = self._known
        out = []
        for a in legal:  # called for every legal action of every step of a rollout
            hit = known.get(id(a))
            if hit is None or hit[0] is not a:
                hit = self._read(a)
            scorer = hit[2]
            out.append(0.0 if scorer is None else float(scorer(b, hit[1])))
        return out

    def _read(self, a: Action) -> tuple[Action, list[str], Any]:
        """An action, its words and its verb's scorer, remembered by the action's
        identity (issue 28: the games intern their legal actions, and a rollout scores
        the same few hundred at every step; the entry holds the action, so no other
        object can take its id); at most as many as the words' memo keeps."""
        w = _words(a)
        scorer = self._scorers.get(w[0], False)
        if scorer is False:
            scorer = self._scorer(w[0])
        entry = (a, w, scorer)
        if len(self._known) < KNOWN_ACTIONS:
            self._known[id(a)] = entry
        return entry

    def _scorer(self, verb: str) -> Any:
        # a verb without a scorer (pass, no-block, first) scores 0: the bar to clear
        scorer = self._scorers[verb] = getattr(self, "_s_" + verb.replace("-", "_"), None)
        return scorer

    # the draft (before the game, when drafted): arena_draft.py's rules of thumb

    def _s_pick(self, b: _Board, w: list[str]) -> float:
        return arena_draft.score(b.view, w)

    def _s_ban(self, b: _Board, w: list[str]) -> float:
        return self._s_pick(b, w)

    def _s_deity(self, b: _Board, w: list[str]) -> float:
        return self._s_pick(b, w)

    def _s_item(self, b: _Board, w: list[str]) -> float:
        return self._s_pick(b, w)

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
            value = b.target_value(combat["lane"], w[1], combat["attack"])
            if w[1] == "conduit" and b.conduit_strikes_back_ko():
                return value + OWN_KO
            return value
        asked = b.view.get("resolving")
        if asked is not None and isinstance(asked.get("step"), dict):
            return b.answer_value(asked, w[1])
        # a target an effect asks for: hurt the weakest enemy, help the most hurt friend
        if w[1] == "conduit":
            return 0.5
        u = b.units.get(w[1])
        if u is None:
            return 0.0
        if u["owner"] == b.foe:
            left = u["health"] - u["damage"]
            return cast(float, 2.0 + (1.0 if u["deity"] else 0.0) - 0.1 * left)
        return cast(float, 0.1 * u["damage"])

    def _s_talent(self, b: _Board, w: list[str]) -> float:
        hero, _, name = w[1].partition(":")
        return talent_value(b, hero, name)[0]

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
        by = b.units.get(w[3]) if len(w) > 3 else None
        lane = (by or {}).get("zone") or (b.view.get("combat") or {}).get("lane")
        combat = b.view.get("combat") or {}
        first = (combat.get("attackers") or [""])[0] if attacking else combat.get("defender")
        mine = by or b.units.get(first or "")
        effect = _Effects(b, by, lane, b.me).effects(
            face.get("clash_effects", []) if _mighty(mine, face) else [])
        value = 0.5 + value + 0.5 * effect - (0.5 if face.get("ultimate") else 0.0)
        if b.view["phase"] in CLASHING and b.combat_kos(w[1], by=w[3] if len(w) > 3 else None):
            value += OWN_KO  # the damage follows (the defender's clash can only add to it)
        return cast(float, value)

    def _s_no_clash(self, b: _Board, w: list[str]) -> float:
        if b.view["phase"] in CLASHING and b.combat_kos():
            return 0.5 + OWN_KO
        return 0.5

    def _s_assign(self, b: _Board, w: list[str]) -> float:
        u = b.units[w[1]]
        combat = b.view["combat"]
        hits = max(0, (combat["defence"] or {}).get("attack", 0) - u["armor"])
        return cast(float, (3.0 if hits >= u["health"] - u["damage"] else 0.0) + 0.1 * u["attack"])

    def _s_choose(self, b: _Board, w: list[str]) -> float:
        if b.view["asking"] == "x":
            return 0.1 * int(w[1])  # the most X paid: the most done
        asked = b.view.get("resolving")
        if asked is not None and isinstance(asked.get("step"), dict):
            return b.answer_value(asked, w[1])
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
        return cast(float, (1.5 if down >= 2 else -1.0) + 0.1 * c["damage"])

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
        item = 2.0 if hero["item"] else 0.0
        return cast(float, 0.5 + 0.2 * gain + 0.1 * hero["attack"] - item)

    def _s_discard(self, b: _Board, w: list[str]) -> float:
        face = b.faces.get(w[1], {})
        return cast(float, -(face.get("attack", 0) + face.get("armor", 0)
                             + (1.0 if face.get("talent") else 0.0)))

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
    return cast(float, score)


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


