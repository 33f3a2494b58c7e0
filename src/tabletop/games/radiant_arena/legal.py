"""The legal actions of radiant-arena at each decision, and why others are illegal."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from tabletop.cards import DONE, can_pay, candidates, possible, x_values
from tabletop.core import Action

from . import draft
from .actions import Act, act, shown
from .combat import blockers
from .data import Skill, Talent, Unit
from .ids import (
    ADJACENT,
    BLOCK,
    BUYBACK_COST,
    CLASH_A,
    CLASH_D,
    CONDUITS,
    DEITY,
    DEPLOY,
    DISCARD,
    DRAFT,
    GATHER,
    HOME,
    LANES,
    MAIN,
    OVER,
    R_ACTION,
    R_BASIC,
    R_BLOCK,
    R_CLASH,
    R_CLASH_CARDS,
    R_COOLDOWN,
    R_DEPLOY,
    R_DRAW,
    R_FAQ_PARTIAL,
    R_MANIFEST,
    R_PARTICIPANTS,
    R_READY,
    R_RESOLUTION,
    R_REVIVE,
    R_SHOP,
    R_TALENT,
    R_ULTIMATE,
    R_WIN,
    REVIVE,
    SHOP,
    VOID,
    ConduitRef,
    other,
    owner,
)
from .vocab import CONDITIONS, Quick, quick, quick_units

if TYPE_CHECKING:
    from .rules import ArenaState

PASS = act("pass")
NO_BLOCK = act("no-block")
NO_CLASH = act("no-clash")


def legal_actions(s: ArenaState) -> list[Action]:
    """Every legal action of the seat to act, in a stable order."""
    if s.ask is not None:
        return _answers(s)
    phase = s.phase
    if phase == DRAFT:
        return draft.legal_actions(s)
    if phase == MAIN:
        return _main(s)
    if phase == GATHER:
        return _gather(s)
    if phase == BLOCK:
        return [*[_named(s.uname(u)).one("block") for u in blockers(s)], NO_BLOCK]
    if phase in (CLASH_A, CLASH_D):
        return _clashes(s)
    if phase == DEPLOY:
        seat = s.to_act
        assert seat is not None
        return [act("deploy", s.uname(u), lane) for u in range(seat * 4, seat * 4 + 4)
                if u % 4 != DEITY and s.zone[u] == HOME for lane in LANES]
    if phase == REVIVE:
        return [*revive_actions(s), PASS]
    if phase == SHOP:
        return [*shop_actions(s), PASS]
    if phase == DISCARD:
        return [_named(k).one("discard") for k in distinct(s.hands[s.active])]
    return []


def word_of(s: ArenaState, obj: Any) -> str:
    """How an answer names an object: a unit's name, ``conduit``, ``none``."""
    if obj is DONE:
        return "none"
    if isinstance(obj, ConduitRef):
        return "conduit"
    return s.uname(obj)


def _answers(s: ArenaState) -> list[Action]:
    assert s.ask is not None
    kind, seat, options = s.ask
    if kind == "target":
        return [act("target", word_of(s, v)) for v in options]
    if kind in ("choose", "card"):
        return [act("choose", o) for o in options]
    if kind == "x":
        return [act("choose", str(n)) for n in options]
    if kind == "lane":
        return [act("lane", LANES[x]) for x in options]
    if kind == "conduit":
        return [act("lane", LANES[c.lane]) for c in options]
    if kind == "discard":
        return [_named(k).one("discard") for k in distinct(s.hands[seat])]
    if kind == "extra_clash":
        return [*[_named(k).one("clash") for k in distinct(s.hands[seat])], NO_CLASH]
    if kind == "first":
        return [act("first", w) for w in options]
    if kind == "assign":
        return [act("assign", s.uname(u)) for u in options]
    if kind == "place":
        return [act("place", s.uname(options[0]), lane) for lane in LANES]
    if kind == "manifest":
        return _manifests(s, seat)
    raise AssertionError(kind)


def _manifests(s: ArenaState, seat: int) -> list[Action]:
    deity = _named(s.uname(seat * 4 + DEITY))
    return [deity.manifest(lane, s.uname(h)) for lane in LANES
            for h in range(seat * 4, seat * 4 + 3) if s.zone[h] != VOID]


# The distinct cards of a hand, sorted, by the hand's cards in order (hands repeat from
# decision to decision: the main phase and the clash steps list them every time); bounded.
_DISTINCT: dict[tuple[str, ...], tuple[str, ...]] = {}
_DISTINCT_LIMIT = 10_000


def distinct(cards: Sequence[str]) -> tuple[str, ...]:
    """``sorted(set(cards))``, as a tuple."""
    key = tuple(cards)
    found = _DISTINCT.get(key)
    if found is None:
        found = tuple(sorted(set(cards)))
        if len(_DISTINCT) >= _DISTINCT_LIMIT:
            _DISTINCT.clear()
        _DISTINCT[key] = found
    return found


def talent_context(s: ArenaState, u: int, ability: str, talent: Talent) -> dict[str, Any]:
    """The context a talent's costs and first step are judged in."""
    skill = ability if ability in s.cat.skills and talent is s.cat.skills[ability].talent \
        else ""
    return {"p": owner(u), "u": u, "lane": s.zone[u], "src": skill or s.uname(u),
            "skill": skill}


def talent_ap(s: ArenaState, u: int, talent: Talent) -> int:
    """The action points a talent costs this hero now (cost modifiers apply)."""
    return s.cost(u, "talent_ap", talent.ap)


def can_announce(s: ArenaState, u: int, ability: str, talent: Talent,
                 memo: dict[int, bool] | None = None) -> str:
    """Why a talent cannot be announced now ("" if it can): its costs (action points,
    power, X and the others), Cooldown, Ultimate, and a legal target for its first step
    (rule 15). ``memo``: first steps already judged in this position (legal actions judge
    every talent of every hero, and many begin with the same selector)."""
    return _announce(s, u, ability, _plan(talent), memo,
                     not s.store and "cost" not in s.cat.static_kinds)


class _Plan:
    """What legal actions read of a talent at every decision, read once. The card data
    are plain-Python dataclasses, each field a lookup through the interpreter's attribute
    machinery even from compiled code, and every talent of every hero is judged at every
    decision of the action phase."""

    def __init__(self, t: Talent, key: int) -> None:
        self.talent = t
        self.id: str = t.id
        self.ap: int = t.ap
        self.pay_power: int = t.pay_power
        self.commits: bool = t.commits
        self.extra: Any = t.extra
        self.x: bool = t.x
        self.cooldown: bool = t.cooldown
        self.ultimate: bool = t.ultimate
        effects = t.effects
        self.effects: Any = effects
        self.steps: bool = bool(effects.steps)
        lead = effects.lead
        sel = lead[0] if lead is not None else None
        # The first step: whether it is a plain op (else program.possible walks the
        # steps), whether it needs no target, and its selector's quick form.
        self.lead: bool = lead is not None
        self.sel: Any = sel
        self.implied: tuple[str, ...] = lead[1] if lead is not None else ()
        self.open: bool = sel is None or sel.count == "up_to"
        # Whether the selector names the hero itself (then the hero is part of the memo's
        # key): radiant-arena's conditions read no other context.
        self.mine: bool = sel is None or sel.ref == "self" or "self" in sel.exclude
        q = quick(sel, self.implied) if sel is not None and not sel.at else None
        self.quick: Quick | None = q if q is not None and q.ok else None
        # "This hero" (the commonest first step the quick form leaves to the kernel): the
        # kernel's candidates answers it from the hero alone, whatever else the selector
        # says: in play, and meeting the conditions its op implies (their tests, once).
        self.itself: bool = sel is not None and sel.ref == "self"
        self.itself_tests: tuple[Any, ...] = tuple(
            CONDITIONS[c].test for c in self.implied) if self.itself else ()
        self.key = key  # this plan's own number, for the memo of a position


class _Card:
    """The plans of one card's talents: a unit's by side (and each side's EXP cost), an
    item's, a skill card's (none without a talent). ``card`` is the card data they were
    made from: a card id names other data in another catalogue."""

    def __init__(self, card: Any, sides: list[tuple[int | None, tuple[_Plan, ...]]],
                 talents: tuple[_Plan, ...]) -> None:
        self.card = card
        self.sides = sides
        self.talents = talents


# Plans by card id (units, items and skills have distinct ids); bounded.
_CARDS: dict[str, _Card] = {}
_CARDS_LIMIT = 20_000
_plan_keys = [0]


def _new_plans(talents: tuple[Talent, ...] | list[Talent]) -> tuple[_Plan, ...]:
    out = []
    for t in talents:
        _plan_keys[0] += 1
        out.append(_Plan(t, _plan_keys[0]))
    return tuple(out)


def _card(cid: str, card: Any) -> _Card:
    """The plans of a unit, item or skill card (``card``: its data, id ``cid``)."""
    found = _CARDS.get(cid)
    if found is not None and found.card is card:
        return found
    if isinstance(card, Unit):
        found = _Card(card, [(side.exp, _new_plans(side.talents)) for side in card.sides], ())
    elif isinstance(card, Skill):
        found = _Card(card, [], _new_plans([card.talent] if card.talent is not None else []))
    else:
        found = _Card(card, [], _new_plans(card.talents))
    if len(_CARDS) >= _CARDS_LIMIT:
        _CARDS.clear()
    _CARDS[cid] = found
    return found


def _plan(t: Talent) -> _Plan:
    """The plan of a talent named by an action (why it is illegal: off the hot path)."""
    return _new_plans((t,))[0]


def _announce(s: ArenaState, u: int, ability: str, plan: _Plan,
              memo: dict[int, bool] | None, plain: bool, cooled: bool = False,
              shared: list[Any] | None = None) -> str:
    """:func:`can_announce` with the talent's plan (``plain``: no cost modifier can be in
    play, so the printed action points are what it costs; ``cooled``: its Cooldown was
    judged already, a skill card's being the same for every hero of its seat; ``shared``:
    a slot for this hero's context, which its talents' first steps share: selectors and
    conditions only read it)."""
    if (plan.ap if plain else talent_ap(s, u, plan.talent)) > s.ap:
        return "ap"
    if plan.commits and s.comm[u]:
        return "commit"  # committed heroes cannot do what would commit them
    p = u // 4
    if plan.pay_power > s.power[p]:
        return "power"
    extra = plan.extra
    ctx: dict[str, Any] | None = None
    if extra is not None:
        ctx = talent_context(s, u, ability, plan.talent)
        if not can_pay(s.V, s, extra, ctx, 1 if plan.x else 0):
            return "cost"
        if plan.x and not x_values(s.V, s, plan.talent.costs, ctx):
            return "cost"
    if plan.cooldown and not cooled and s.used and s.cooldown_key(u, ability) in s.used:
        return "cooldown"
    if plan.ultimate and not s.mighty(u):
        return "ultimate"
    if not plan.steps:
        return ""
    lane = s.zone[u]
    key = -1
    if memo is not None and plan.lead:
        # Whether the first step has a target depends only on its selector, the
        # conditions its op implies and the context: the controller and "here", and the
        # hero itself when the selector names it.
        key = ((plan.key * 2 + p) * 8 + lane + 2) * 16 + (u + 1 if plan.mine else 0)
        found = memo.get(key)
        if found is not None:
            return "" if found else "target"
    if plan.lead and not plan.open and plan.itself and not plan.itself_tests:
        ok = 0 <= u < 8 and s.zone[u] >= 0  # what candidates answers for "self" (no dict)
        if key >= 0 and memo is not None:
            memo[key] = ok
        return "" if ok else "target"
    if ctx is None:
        if shared is None or not plan.lead:  # (possible may run an op's own test: its own)
            ctx = {"p": p, "u": u, "lane": lane, "src": ""}
        else:
            ctx = shared[0]
            if ctx is None:
                ctx = shared[0] = {"p": p, "u": u, "lane": lane, "src": ""}
    if not plan.lead:
        ok = possible(s.V, s, plan.effects, ctx)
    elif plan.open:
        ok = True
    elif plan.itself:  # candidates' answer for "self": in play, the implied conditions
        ok = 0 <= u < 8 and s.zone[u] >= 0 and all(
            test(s, u, ctx, "") for test in plan.itself_tests)
    elif plan.quick is not None:  # what candidates answers through the vocabulary's fast
        ok = bool(quick_units(s, plan.quick, ctx, True))
    else:
        ok = bool(candidates(s.V, s, plan.sel, ctx, plan.implied, True))
    if key >= 0 and memo is not None:
        memo[key] = ok
    return "" if ok else "target"


class _Named:
    """The actions that name one unit (or card), built once per name: the main phase lists
    them at every decision (its hot path), so they are looked up, not rebuilt (``act`` is
    a plain-Python call)."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.attack = act("attack", name)
        self.recover = act("recover", name)
        self.level = act("level", name)
        # By the lane the unit stands in: its moves to the adjacent lanes.
        self.moves = tuple(tuple(act("move", name, LANES[x]) for x in ADJACENT[lane])
                           for lane in range(len(LANES)))
        self.talents: dict[str, Act] = {}
        self.ones: dict[str, Act] = {}
        self.manifests: dict[tuple[str, str], Act] = {}

    def manifest(self, lane: str, hero: str) -> Act:
        """``manifest <name> <lane> banish <hero>`` (this unit a deity)."""
        found = self.manifests.get((lane, hero))
        if found is None:
            found = self.manifests[lane, hero] = act("manifest", self.name, lane, "banish",
                                                     hero)
        return found

    def one(self, verb: str) -> Act:
        """``<verb> <name>``: block, with, target, clash, discard."""
        found = self.ones.get(verb)
        if found is None:
            found = self.ones[verb] = act(verb, self.name)
        return found

    def talent(self, ability: str) -> Act:
        """``talent <name>:<ability>``."""
        found = self.talents.get(ability)
        if found is None:
            found = self.talents[ability] = act("talent", f"{self.name}:{ability}")
        return found


# Unit names are card ids (told apart by side): a bounded set for the catalogues loaded;
# the cache stops growing at a bound all the same.
_NAMED: dict[str, _Named] = {}
_NAMED_LIMIT = 10_000


def _named(name: str) -> _Named:
    found = _NAMED.get(name)
    if found is None:
        found = _Named(name)
        if len(_NAMED) < _NAMED_LIMIT:
            _NAMED[name] = found
    return found


def _main(s: ArenaState) -> list[Action]:
    p = s.active
    out: list[Action] = []
    ap = s.ap
    cat = s.cat
    skills = cat.skills
    power = s.power[p]
    # Without cost modifiers in play, a talent whose action points or power rule it out,
    # or a skill card whose Cooldown (per card name and seat) does, is ruled out for every
    # hero: judged once here. Skill cards in hand with a talent, once (any hero may use
    # them).
    plain = not s.store and "cost" not in cat.static_kinds
    hand: list[tuple[str, _Plan]] = []
    for k in distinct(s.hands[p]):
        talents = _card(k, skills[k]).talents
        if not talents:
            continue
        plan = talents[0]
        if plain and (plan.ap > ap or plan.pay_power > power or (
                plan.cooldown and s.cooldown_key(p * 4, k) in s.used)):
            continue
        hand.append((k, plan))
    items, units = cat.items, cat.units
    memo: dict[int, bool] = {}
    zone, comm, lvl = s.zone, s.comm, s.lvl
    for u in range(p * 4, p * 4 + 4):
        lane = zone[u]
        if lane < 0:
            continue
        named = _named(s.unit_name[u])
        shared: list[Any] = [None]  # this hero's context, made when first needed
        card = s.unit_card[u]
        exp, plans = _card(card, units[card]).sides[lvl[u]]  # s.side(u)
        if ap >= 1:
            if comm[u]:
                out.append(named.recover)
            elif _can_attack(s, u, lane):
                out.append(named.attack)
            out.extend(named.moves[lane])
            # Level up: its EXP cost (level_cost: read directly when no cost modifier
            # can be in play).
            if not lvl[u] and exp is not None and u % 4 != DEITY and power >= (
                    exp if plain else s.cost(u, "level_power", exp)):
                out.append(named.level)
        for plan in plans:
            if plain and (plan.ap > ap or plan.pay_power > power):
                continue
            if not _announce(s, u, plan.id, plan, memo, plain, False, shared):
                out.append(named.talent(plan.id))
        it = s.item[u]
        if it:
            for plan in _card(it, items[it]).talents:
                if not _announce(s, u, plan.id, plan, memo, plain, False, shared):
                    out.append(named.talent(plan.id))
        for k, plan in hand:
            if not _announce(s, u, k, plan, memo, plain, plain, shared):
                out.append(named.talent(k))
    deity = p * 4 + DEITY
    if ap >= 1 and zone[deity] == HOME:
        out.extend(_manifests(s, p))
    out.append(PASS)
    return out


def level_cost(s: ArenaState, u: int) -> int | None:
    """A hero's EXP cost now (None: it cannot level up)."""
    exp = s.side(u).exp
    if s.lvl[u] or exp is None or u % 4 == DEITY:
        return None
    return s.cost(u, "level_power", exp)


def _attack_targets(s: ArenaState, u: int) -> list[str]:
    """Targets of an attack by ``u``: enemy heroes here (Taunt permitting), the conduit."""
    if s.rule(u, "cannot_attack"):
        return []
    lane = s.zone[u]
    enemy = other(owner(u))
    heroes = s.units_at(enemy, lane)
    taunting = [v for v in heroes if not s.comm[v] and s.keyword(v, "taunt")]
    if taunting and not s.rule(u, "ignores_taunt"):
        heroes = [v for v in heroes if s.keyword(v, "taunt")]  # Taunt: only these
    out = [s.uname(v) for v in heroes]
    if not s.ruined[enemy][lane]:
        out.append("conduit")
    return out


def _can_attack(s: ArenaState, u: int, lane: int) -> bool:
    """Whether ``u``, in ``lane``, has a target to attack (``_attack_targets`` is not
    empty: Taunt only narrows the heroes to those that have it)."""
    if s.rule(u, "cannot_attack"):
        return False
    enemy = 1 - u // 4
    return not s.ruined[enemy][lane] or lane in s.zone[enemy * 4:enemy * 4 + 4]


def _gather(s: ArenaState) -> list[Action]:
    c = s.combat
    assert c is not None
    p = s.active
    first = c.attackers[0]
    out: list[Action] = [_named(s.uname(u)).one("with") for u in s.units_at(p, s.zone[first])
                         if u not in c.attackers and not s.comm[u]
                         and not s.rule(u, "cannot_attack")]
    out.extend(_named(t).one("target") for t in _attack_targets(s, first))
    return out


def _clashes(s: ArenaState) -> list[Action]:
    c = s.combat
    assert c is not None
    seat = s.active if s.phase == CLASH_A else other(s.active)
    cards = distinct(s.hands[seat])
    # Step Two, 1: "The attacking hero may clash once", the defender too: a side whose
    # heroes have all left the combat (KO'd, banished by an effect) has no one to clash.
    gone = not c.attackers if s.phase == CLASH_A else (
        isinstance(c.defender, int) and s.zone[c.defender] < 0)
    if gone:
        return [NO_CLASH]
    out: list[Action] = []
    if s.phase == CLASH_A and len(c.attackers) > 1:
        out.extend(act("clash", k, "by", s.uname(u)) for u in c.attackers for k in cards)
    else:
        out.extend(_named(k).one("clash") for k in cards)
    out.append(NO_CLASH)
    return out


def revive_actions(s: ArenaState) -> list[Action]:
    """Mass Resurrect and Buyback choices (the Revive Step; one of them per turn)."""
    p = s.active
    if s.revived:
        return []
    kod = [u for u in range(p * 4, p * 4 + 4) if u % 4 != DEITY and s.zone[u] == HOME]
    if not kod:
        return []
    out: list[Action] = []
    if any(s.home_at_start >> u & 1 for u in kod):
        out.extend(act("revive", "mass", LANES[lane]) for lane in range(3)
                   if not s.ruined[p][lane])
    if s.buyback[p] and s.power[p] >= BUYBACK_COST:
        out.extend(act("revive", "buyback", s.uname(u), lane) for u in kod for lane in LANES)
    return out


def shop_actions(s: ArenaState) -> list[Action]:
    """Items the active player can pay for, for each of their units in play."""
    return [act("buy", item, s.uname(u)) for item, u in shop_buys(s)]


def shop_buys(s: ArenaState) -> list[tuple[str, int]]:
    """:func:`shop_actions` as (item, unit) pairs (whether the Shop Step offers anything
    is asked before its actions are listed)."""
    p = s.active
    power = s.power[p]
    heroes = [u for u in range(p * 4, p * 4 + 4) if s.zone[u] >= 0]
    return [(item, u) for item in sorted(set(s.shops[p])) for u in heroes
            if item_cost(s, item, u) <= power]


def item_cost(s: ArenaState, item: str, u: int) -> int:
    """What an item costs to equip to ``u`` now (its printed cost, with cost modifiers of
    ``item_power``: "items cost 1 less this turn"; never below 0)."""
    base = s.cat.items[item].cost
    if not s.store and "cost" not in s.cat.static_kinds:
        return base
    return s.cost(u, "item_power", base)


# --- why an action is illegal -----------------------------------------------------------

_STEP_RULE = {DEPLOY: R_DEPLOY, MAIN: R_ACTION, GATHER: R_PARTICIPANTS, BLOCK: R_BLOCK,
              CLASH_A: R_CLASH, CLASH_D: R_CLASH, REVIVE: R_REVIVE, SHOP: R_SHOP,
              DISCARD: R_DRAW, OVER: R_WIN}
_ASK_RULE = {"manifest": R_MANIFEST, "assign": R_RESOLUTION, "place": R_REVIVE,
             "extra_clash": R_CLASH_CARDS}


def why_illegal(s: ArenaState, action: Action) -> tuple[str, str]:
    """The reason and the rule, as specific as the step allows."""
    if s.phase == OVER or s.conceded:
        return "the game is over", R_WIN
    assert isinstance(action, Act)
    if s.phase == DRAFT:
        return draft.why_illegal(s, action)
    legal = s.legal_actions()
    verbs = sorted({a.verb for a in legal if isinstance(a, Act)})
    rule = _STEP_RULE.get(s.phase, R_ACTION)
    if s.ask is not None:
        # The rule that asked: a clash effect in combat, else the step's own rule.
        rule = _ASK_RULE.get(s.ask[0], R_CLASH_CARDS if s.combat is not None else rule)
        return (f"an answer is awaited ({s.ask[0]}): one of {_sample(legal)}", rule)
    # Only what the seat to act knows may shape the message (the same text must get the
    # same answer in every position that seat cannot tell apart): the opponent's deity
    # while face down is not a known name, like a card not in the game. Skill and item
    # ids are checked against the whole catalogue, which is public, never against the
    # opponent's hand, deck or shop.
    names = known_names(s, s.to_act)
    for word in action.args:
        for part in word.split(":")[:1]:
            if part not in names and part not in LANES and part not in s.cat.skills \
                    and part not in s.cat.items and part not in KEYWORDS:
                return (f"{shown(part, 40)!r} is not a lane or a card known to you in this "
                        "game", rule)
    # An action of one hero in the action phase gets its own reason even when no hero can
    # take that action now (e.g. no one can level up).
    own = s.phase == MAIN and action.verb in ("attack", "recover", "move", "level", "talent")
    if action.verb not in verbs and not own:
        return (f"'{action.verb}' is not possible now (the {_step(s)}); you may "
                f"{', '.join(verbs)}", rule)
    specific = _specific(s, action, names)
    if specific is not None:
        return specific
    if action.verb not in verbs:
        return (f"'{action.verb}' is not possible now (the {_step(s)}); you may "
                f"{', '.join(verbs)}", rule)
    return f"not among the choices now: {_sample(legal)}", rule


def _step(s: ArenaState) -> str:
    names = {DEPLOY: "deployment", MAIN: "action phase", GATHER: "attack being declared",
             BLOCK: "block step", CLASH_A: "attacker's clash", CLASH_D: "defender's clash",
             REVIVE: "revive step", SHOP: "shop step", DISCARD: "discard down to 7"}
    return names.get(s.phase, "current step")


def _sample(legal: Sequence[Action]) -> str:
    texts = [a.to_text() for a in legal]
    return ", ".join(texts[:8]) + (f" (and {len(texts) - 8} more)" if len(texts) > 8 else "")


KEYWORDS = frozenset({"conduit", "by", "banish", "mass", "buyback", "attack", "armor", "none"})


def known_names(s: ArenaState, seat: int | None) -> dict[str, int]:
    """The units ``seat`` knows by name: all but the other seat's deity while it is face
    down (never manifested)."""
    if seat is None:
        return {}
    o = other(seat)
    deity = o * 4 + DEITY
    if s.zone[deity] == HOME and s.banished[o] < 0:
        return {n: u for u, n in enumerate(s.unit_name) if u != deity}
    return s.names


def _specific(s: ArenaState, a: Act, names: dict[str, int]) -> tuple[str, str] | None:
    p = s.active
    u = names.get(a.args[0].split(":")[0], -1) if a.args else -1
    if s.phase == MAIN and u >= 0:
        if owner(u) != p:
            return f"{a.args[0]} is not yours", R_ACTION
        if a.verb in ("attack", "recover", "move", "level") and s.ap < 1:
            return "no action points left", R_ACTION
        if s.zone[u] < 0 and a.verb != "manifest":
            return f"{a.args[0]} is not in play", R_BASIC
        if a.verb == "attack" and s.comm[u]:
            return f"{a.args[0]} is committed and cannot attack", R_BASIC
        if a.verb == "recover" and not s.comm[u]:
            return f"{a.args[0]} is ready: a hero who is already ready cannot recover", R_BASIC
        if a.verb == "move" and len(a.args) == 2 and a.args[1] in LANES:
            lane = LANES.index(a.args[1])
            if lane not in ADJACENT[s.zone[u]]:
                return (f"{a.args[0]} is in the {LANES[s.zone[u]]} lane; the outer lanes are "
                        "not adjacent", R_BASIC)
        if a.verb == "level":
            if u % 4 == DEITY:
                return "a deity has no EXP cost and cannot level up", R_BASIC
            if s.lvl[u]:
                return f"{a.args[0]} is already levelled up", R_BASIC
            return f"not enough power for {a.args[0]}'s EXP cost", R_BASIC
        if a.verb == "talent":
            return _talent_reason(s, u, a.args[0].partition(":")[2])
    if a.verb == "target" and s.phase == GATHER:
        return ("not a legal target: an enemy hero or conduit at this location, and while "
                "the enemy has a ready hero with Taunt here only heroes with Taunt",
                R_PARTICIPANTS)
    if a.verb == "block":
        return ("a blocker must be a ready hero at the target's location, not the target "
                "itself", R_BLOCK)
    if a.verb == "clash" and a.args[0] not in s.hands[s.to_act or 0]:
        return f"{a.args[0]} is not in your hand", R_CLASH
    return None


def _talent_reason(s: ArenaState, u: int, ability: str) -> tuple[str, str] | None:
    """Why a hero cannot use a talent now (Talent Actions, Keywords, FAQ)."""
    name = s.uname(u)
    talent = next((t for n, t in s.talents_of(u) if n == ability), None)
    if talent is None:
        return (f"{name} has no talent {shown(ability, 40)!r} (nor a skill card of that name "
                "in hand)", R_TALENT)
    why = can_announce(s, u, ability, talent)
    if why == "ap":
        return f"{ability} costs {talent_ap(s, u, talent)} action points; {s.ap} left", R_ACTION
    if why == "power":
        return (f"{ability} costs {talent.pay_power} power; you have "
                f"{s.power[s.active]}", R_TALENT)
    if why == "commit":
        return (f"{name} is committed: {ability} commits it (its cost), and committed heroes "
                "cannot do anything that would require them to become committed", R_READY)
    if why == "cost":
        return f"{ability}'s costs cannot be paid now", R_TALENT
    if why == "cooldown":
        return f"{ability} has Cooldown: once per turn", R_COOLDOWN
    if why == "ultimate":
        return (f"{name} is not levelled up and not Divine: mortal heroes cannot use Ultimate "
                "talents", R_ULTIMATE)
    if why == "target":
        return f"{ability} has no legal target for its first step", R_FAQ_PARTIAL
    return None


__all__ = ["legal_actions", "why_illegal", "revive_actions", "shop_actions", "shop_buys",
           "known_names", "can_announce", "talent_context", "talent_ap", "level_cost", "word_of",
           "CONDUITS"]
