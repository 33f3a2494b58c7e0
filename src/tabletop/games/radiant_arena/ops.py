"""The ops of radiant-arena's card language: what each step of an effect does.

Each op has the kernel's signature ``(state, step, ctx) -> True | False | None``: True
when done, False when it asked a question (``state.ask``; the answer comes back in
``ctx["answer"]``) or pushed frames of its own, None when it cannot resolve (FAQ:
partial resolution stops the effect at that step). Fields are compiled
(docs/rules/radiant-arena-cards.md, "Ops"); ``ctx``: ``p`` the controller, ``u`` the hero
using the ability (-1: none), ``lane`` where it happens, ``src`` the card, ``x`` the X
paid, ``$name`` remembered targets.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tabletop.cards import (
    ASKED,
    CLASH,
    DONE,
    TIMED,
    Delayed,
    Modifier,
    Step,
    amount,
    choose,
    source,
    value,
)
from tabletop.cards import modifiers as mods
from tabletop.cards.select import candidates

from .board import (
    banished,
    deal_damage,
    destroy_item,
    discard_card,
    draw,
    enter_play,
    fire,
    heal,
    health_kos,
    healths,
    level_up,
    pending_frame,
    push,
    ruin,
)
from .combat import attack_as_effect, extra_clash
from .ids import (
    ADJACENT,
    DEITY,
    HOME,
    LANES,
    R_CLASH_CARDS,
    R_FAQ_MAKA,
    R_GOLDEN,
    R_MANIFEST,
    R_REVIVE,
    R_TALENT,
    ConduitRef,
    other,
)

if TYPE_CHECKING:
    from .rules import ArenaState

Result = bool | None
Ctx = dict[str, Any]


def here(s: ArenaState, ctx: Ctx) -> int:
    """Where the effect happens: the user's lane (it follows the hero as it moves), or the
    frame's lane."""
    u = ctx["u"]
    if isinstance(u, int) and u >= 0 and s.zone[u] >= 0:
        return s.zone[u]
    return int(ctx["lane"])


def targets(s: ArenaState, step: Step, ctx: Ctx, implied: tuple[str, ...] = ()) -> Any:
    """The targets of a step's ``target`` field (kernel: choose)."""
    return choose(s.V, s, step.f["target"], ctx, implied)


def _each(fn: Any, implied: tuple[str, ...] = ()) -> Any:
    """The op that does ``fn`` to each target of its selector, asking when there is a
    choice and stopping the effect when there is no target (FAQ: partial resolution)."""
    def op(s: ArenaState, step: Step, ctx: Ctx) -> Result:
        found = targets(s, step, ctx, implied)
        if found is None or found is ASKED:
            return None if found is None else False
        fn(s, step, ctx, found)
        return True

    op.__doc__ = fn.__doc__
    return op






# --- units --------------------------------------------------------------------------------


def _damage(s: ArenaState, step: Step, ctx: Ctx, found: list[Any]) -> None:
    """damage: deal ``amount`` (Piercing, Stun as flagged), dealt by the hero using it."""
    n = amount(s.V, s, step, ctx)
    f = step.f
    by = ctx["u"] if isinstance(ctx["u"], int) else -1
    for t in found:
        deal_damage(s, t, n, f.get("piercing", False), f.get("stun", False), False,
                    source(ctx), by)


def _heal(s: ArenaState, step: Step, ctx: Ctx, found: list[Any]) -> None:
    """heal: remove up to ``amount`` damage."""
    n = amount(s.V, s, step, ctx)
    for t in found:
        heal(s, t, n, "effect", source(ctx))


def _recover(s: ArenaState, step: Step, ctx: Ctx, found: list[Any]) -> None:
    """recover: a committed hero becomes ready."""
    for t in found:
        s.comm[t] = 0
        s.event("recover", (s.unit_name[t], "effect", None), R_TALENT)


def _commit(s: ArenaState, step: Step, ctx: Ctx, found: list[Any]) -> None:
    """commit: a ready hero becomes committed."""
    for t in found:
        s.comm[t] = 1
        s.event("commit", (s.unit_name[t], "effect"), R_TALENT)


def _level(s: ArenaState, step: Step, ctx: Ctx, found: list[Any]) -> None:
    """level_up: flip a basic hero for free, then recover it if committed (FAQ)."""
    for t in found:
        if not s.lvl[t] and t % 4 != DEITY:
            level_up(s, t, free=True)


def _banish(s: ArenaState, step: Step, ctx: Ctx, found: list[Any]) -> None:
    """banish: a hero goes to the void (a deity banished loses the game)."""
    for t in found:
        banished(s, t)


def _destroy(s: ArenaState, step: Step, ctx: Ctx, found: list[Any]) -> None:
    """destroy_item: the item of each target goes to its owner's discard pile."""
    for t in found:
        if s.item[t]:
            destroy_item(s, t, R_TALENT)


def _ruin(s: ArenaState, step: Step, ctx: Ctx, found: list[Any]) -> None:
    """ruin: ruin a consecrated conduit (its owner resolves its ruin effect)."""
    for c in found:
        if not s.ruined[c.seat][c.lane]:
            ruin(s, c.seat, c.lane)


def until(s: ArenaState, step: Step, ctx: Ctx) -> str:
    """A timed effect's duration: the step's ``until``, else the combat during a combat
    and the turn outside one (rule 19)."""
    return step.f.get("until") or ("combat" if s.combat is not None else "turn")


def add_modifier(s: ArenaState, ctx: Ctx, target: Any, kind: str, key: str, op: str,
                 amount_: Any, duration: str, **more: Any) -> Modifier:
    """A timed effect into the store (layer CLASH when made during a combat, so it counts
    after a committed defender's attack is set to 0; else TIMED)."""
    s.clock += 1
    layer = CLASH if s.combat is not None else TIMED
    u = ctx["u"]
    m = Modifier(s.clock, layer, u if isinstance(u, int) else -1, source(ctx) or "",
                 ctx["p"], here(s, ctx), target, kind, key, op, amount_, duration,
                 ctx["p"] if duration == "next_turn" else None, **more)
    before = healths(s) if kind == "stat" and key == "health" else None
    s.store = (*s.store, m)
    if before is not None:
        health_kos(s, before)  # Damage and KOs: health lowered to the damage
    return m


def _boost_one(s: ArenaState, ctx: Ctx, t: int, attack: int, armor: int, duration: str) -> None:
    if attack:
        add_modifier(s, ctx, t, "stat", "attack", "add", attack, duration)
    if armor:
        add_modifier(s, ctx, t, "stat", "armor", "add", armor, duration)
    s.event("boost", (s.unit_name[t], attack, armor, duration, source(ctx)), R_TALENT)


def _boost(s: ArenaState, step: Step, ctx: Ctx, found: list[Any]) -> None:
    """boost: + attack and armor for a duration (the combat, or the turn outside one)."""
    attack = value(s.V, s, step.f.get("attack", 0), ctx)
    armor = value(s.V, s, step.f.get("armor", 0), ctx)
    duration = until(s, step, ctx)
    for t in found:
        _boost_one(s, ctx, t, attack, armor, duration)


def _scale(s: ArenaState, step: Step, ctx: Ctx, found: list[Any]) -> None:
    """scale: + ``amount`` to ``stat`` for every ``per`` damage on the hero using it."""
    u = ctx["u"]
    bonus = (s.dmg[u] if u >= 0 else 0) // max(1, step.f["per"]) * amount(s.V, s, step, ctx)
    stat = step.f["stat"]
    for t in found:
        _boost_one(s, ctx, t, bonus if stat == "attack" else 0, bonus if stat == "armor"
                   else 0, until(s, step, ctx))


def _grant(s: ArenaState, step: Step, ctx: Ctx, found: list[Any]) -> None:
    """grant: a keyword for a duration; piercing / stun make this hero's combat damage so."""
    kw = step.f["keyword"]
    n = max(1, amount(s.V, s, step, ctx, "value")) if "value" in step.f else 1
    duration = until(s, step, ctx)
    for t in found:
        add_modifier(s, ctx, t, "keyword", kw, "grant", n, duration)
        s.event("keyword", (s.unit_name[t], kw, duration, source(ctx)), R_TALENT)


def _modify(s: ArenaState, step: Step, ctx: Ctx, found: list[Any]) -> None:
    """modify: any continuous effect on each target for a duration: a stat (add, set), a
    keyword (grant, lose), a rule, a cost."""
    spec = step.f["modifier"]
    n = value(s.V, s, spec.value, ctx)
    duration = until(s, step, ctx)
    for t in found:
        add_modifier(s, ctx, t, spec.kind, spec.key, spec.op, n, duration)
        name = s.unit_name[t]
        if spec.kind == "stat" and spec.op == "add":
            s.event("boost", (name, n if spec.key == "attack" else 0,
                               n if spec.key == "armor" else 0, duration, source(ctx)),
                     R_TALENT)
        elif spec.kind == "keyword" and spec.op == "grant":
            s.event("keyword", (name, spec.key, duration, source(ctx)), R_TALENT)
        else:
            s.event("modifier", (name, spec.kind, spec.key, spec.op, n, duration,
                                  source(ctx)), R_TALENT)


def _boost_choice(s: ArenaState, step: Step, ctx: Ctx) -> Result:
    """boost_choice: + amount to attack or armor, the controller chooses."""
    if "_chosen" not in ctx:
        found = targets(s, step, ctx)
        if found is None or found is ASKED:
            return None if found is None else False
        ctx["_chosen"] = tuple(found)
        ctx.pop("answer", None)
    if "answer" not in ctx:
        s.ask = ("choose", ctx["p"], ("attack", "armor"))
        return False
    choice = ctx.pop("answer")
    n = amount(s.V, s, step, ctx)
    for t in ctx["_chosen"]:
        _boost_one(s, ctx, t, n if choice == "attack" else 0, n if choice == "armor" else 0,
                   until(s, step, ctx))
    ctx["_last"] = ctx["_chosen"]
    return True


def _move(s: ArenaState, step: Step, ctx: Ctx) -> Result:
    """move: to an adjacent lane (the controller chooses) or a named lane."""
    if "_moving" not in ctx:
        found = targets(s, step, ctx)
        if found is None or found is ASKED:
            return None if found is None else False
        ctx["_moving"] = found[0]
        ctx["_last"] = (found[0],)
        ctx.pop("answer", None)
    t = ctx["_moving"]
    start = s.zone[t]
    to = step.f.get("lane", "adjacent")
    if to != "adjacent":
        lane = here(s, ctx) if to == "here" else LANES.index(to)
        if lane == start or lane < 0:
            return None
    else:
        lanes = ADJACENT[start]
        if "answer" in ctx:
            lane = ctx.pop("answer")
        elif len(lanes) > 1:  # from an outer lane the center is the only choice: not asked
            s.ask = ("lane", ctx["p"], lanes)
            return False
        else:
            lane = lanes[0]
    s.zone[t] = lane
    s.event("move", (s.unit_name[t], LANES[start], LANES[lane], "effect", None), R_TALENT)
    fire(s, "move", {"unit": t, "start": LANES[start], "lane": LANES[lane]})
    return True


def _revive(s: ArenaState, step: Step, ctx: Ctx) -> Result:
    """revive: a KO'd hero returns to a lane (the controller chooses, unless named),
    ready and undamaged."""
    if "_moving" not in ctx:
        found = targets(s, step, ctx)
        if found is None or found is ASKED:
            return None if found is None else False
        ctx["_moving"] = found[0]
        ctx["_last"] = (found[0],)
        ctx.pop("answer", None)
    t = ctx["_moving"]
    to = step.f.get("lane", "any")
    if to == "here":
        lane = here(s, ctx)
    elif to != "any":
        lane = LANES.index(to)
    elif "answer" in ctx:
        lane = ctx.pop("answer")
    else:
        s.ask = ("lane", ctx["p"], (0, 1, 2))
        return False
    enter_play(s, t, lane)
    s.event("revive", (t // 4, s.unit_name[t], LANES[lane], "effect"), R_REVIVE)
    fire(s, "revive", {"unit": t, "lane": LANES[lane]})
    return True


def _attack(s: ArenaState, step: Step, ctx: Ctx) -> Result:
    """attack: this hero attacks a target (a solo attack made by an effect; FAQ: only
    heroes in the defender's lane may block)."""
    u = ctx["u"]
    if s.combat is not None or not isinstance(u, int) or u < 0 or s.zone[u] < 0:
        return None
    found = targets(s, step, ctx, ("attackable",))
    if found is None or found is ASKED:
        return None if found is None else False
    attack_as_effect(s, u, found[0], R_FAQ_MAKA)
    return True


def _pick(s: ArenaState, step: Step, ctx: Ctx) -> Result:
    """pick: choose targets and remember them (``as``) for later steps."""
    found = targets(s, step, ctx)
    if found is None or found is ASKED:
        return None if found is None else False
    return True


# --- players --------------------------------------------------------------------------------


def _who(step: Step, ctx: Ctx) -> int:
    return other(ctx["p"]) if step.f.get("who", "self") == "opponent" else int(ctx["p"])


def _draw(s: ArenaState, step: Step, ctx: Ctx) -> Result:
    """draw: the controller (or ``who``) draws, one card at a time (rule 22)."""
    seat = _who(step, ctx)
    for _ in range(amount(s.V, s, step, ctx)):
        if not draw(s, seat, R_TALENT):
            break
    return True


def _discard(s: ArenaState, step: Step, ctx: Ctx) -> Result:
    """discard: that player discards cards of their choice."""
    seat = _who(step, ctx)
    if "answer" in ctx:
        discard_card(s, seat, ctx.pop("answer"), "effect", R_CLASH_CARDS)
        ctx["_n"] = ctx.get("_n", 0) + 1
    if ctx.get("_n", 0) >= amount(s.V, s, step, ctx):
        return True
    if not s.hands[seat]:
        return None if not ctx.get("_n") else True
    s.ask = ("discard", seat, ())
    return False


def _power(s: ArenaState, step: Step, ctx: Ctx) -> Result:
    """power: the controller (or ``who``) gains power."""
    p, n = _who(step, ctx), amount(s.V, s, step, ctx)
    s.power[p] += n
    s.event("power_gain", (p, n, s.power[p], "effect", source(ctx)), R_TALENT)
    return True


def _lose_power(s: ArenaState, step: Step, ctx: Ctx) -> Result:
    """lose_power: a player loses power (never below 0)."""
    p = _who(step, ctx)
    n = min(s.power[p], amount(s.V, s, step, ctx))
    s.power[p] -= n
    s.event("power_loss", (p, n, s.power[p], source(ctx)), R_TALENT)
    return True


def _action_points(s: ArenaState, step: Step, ctx: Ctx) -> Result:
    """action_points: the active player gains action points this turn."""
    n = amount(s.V, s, step, ctx)
    s.ap += n
    s.event("ap_gain", (s.active, n, s.ap, source(ctx)), R_TALENT)
    return True


def _extra_clash(s: ArenaState, step: Step, ctx: Ctx) -> Result:
    """This hero clashes again, face up; that card's clash effects resolve at once."""
    u, p = ctx["u"], ctx["p"]
    if s.combat is None or not isinstance(u, int) or u < 0 or not s.hands[p]:
        return None
    if "answer" not in ctx:
        s.ask = ("extra_clash", p, (u,))
        return False
    card = ctx.pop("answer")
    if not card:
        return True
    s.stack[-1].pc += 1  # this op is done; the new card's effects run first
    extra_clash(s, u, card)
    return False


# --- cards in zones ---------------------------------------------------------------------------


def _reveal(s: ArenaState, step: Step, ctx: Ctx) -> Result:
    """reveal: show the top cards of your skill deck to both players (they stay there);
    remembered with ``as`` (their values: ``{ stat = "attack", of = "$name" }``)."""
    p = _who(step, ctx)
    deck = s.decks[p]
    n = min(amount(s.V, s, step, ctx), len(deck))
    if n == 0:
        return None
    cards = tuple(deck[len(deck) - 1 - i] for i in range(n))
    dest = step.f.get("to", "")
    for i, card in enumerate(cards):
        s.event("reveal_top", (p, card, len(deck)), R_CLASH_CARDS, None, True)
        if dest:
            deck.pop()
            _put(s, p, card, "deck_top", dest)
        else:
            s.know_deck(None, p, len(deck) - 1 - i, card)
    ctx["_last"] = cards
    return True


def _look(s: ArenaState, step: Step, ctx: Ctx) -> Result:
    """look: the controller looks at the top cards of a deck, or at a hand; what it saw
    is remembered (resample keeps it) and shown in its view."""
    viewer = ctx["p"]
    whose = _who(step, ctx)
    zone = step.f.get("zone", "deck")
    if zone == "hand":
        cards = tuple(sorted(s.hands[whose]))
        if not cards:
            return None
        for card in cards:
            s.know_hand(viewer, whose, card)
        s.event("look", (viewer, whose, "hand", list(cards), len(cards)), R_TALENT)
    else:
        deck = s.decks[whose]
        n = min(amount(s.V, s, step, ctx), len(deck))
        if n == 0:
            return None
        cards = tuple(deck[len(deck) - 1 - i] for i in range(n))
        for i, card in enumerate(cards):
            s.know_deck(viewer, whose, len(deck) - 1 - i, card)
        s.event("look", (viewer, whose, "deck", list(cards), n), R_TALENT)
    ctx["_last"] = cards
    return True


def _move_card(s: ArenaState, step: Step, ctx: Ctx) -> Result:
    """move_card: move cards of the controller's (or ``who``'s) between its zones: the
    top of its deck, its hand (of its choice) or its discard pile (of the controller's
    choice), to its hand, the top or bottom of its deck, its discard pile or the void."""
    seat = _who(step, ctx)
    origin, dest = step.f["from"], step.f["to"]
    n = amount(s.V, s, step, ctx)
    done: tuple[str, ...] = ctx.get("_moved", ())
    if "answer" in ctx:
        card = ctx.pop("answer")
        (s.hands if origin == "hand" else s.discards)[seat].remove(card)
        s.leave_zone(seat, origin, card)
        _put(s, seat, card, origin, dest)
        done += (card,)
        ctx["_moved"] = done
    while len(done) < n:
        if origin == "deck_top":
            if not s.decks[seat]:
                break
            card = s.decks[seat].pop()
            s.leave_zone(seat, origin, card)
            _put(s, seat, card, origin, dest)
            done += (card,)
            continue
        pool = s.hands[seat] if origin == "hand" else [
            c for c in s.discards[seat] if c in s.cat.skills]
        if not pool:
            break
        chooser = seat if origin == "hand" else ctx["p"]
        s.ask = ("card", chooser, tuple(sorted(set(pool))))
        ctx["_moved"] = done
        return False
    if not done and n:
        return None
    ctx["_last"] = done
    return True


def _put(s: ArenaState, seat: int, card: str, origin: str, dest: str) -> None:
    """Put a card that left ``origin`` into ``dest`` (events: discard; card_moved)."""
    if dest == "discard":
        s.discards[seat].append(card)
        s.event("discard", (seat, card, "effect", len(s.hands[seat]), len(s.decks[seat])),
                 R_CLASH_CARDS, None,
                 True)
        fire(s, "discard", {"seat": seat, "card": card})
        return
    if dest == "hand":
        s.hands[seat].append(card)
        if origin == "discard":
            s.know_hand(None, seat, card)
    elif dest == "deck_top":
        s.decks[seat].append(card)
        if origin == "discard":
            s.know_deck(None, seat, len(s.decks[seat]) - 1, card)
    elif dest == "deck_bottom":
        s.decks[seat].insert(0, card)
        s.deck_bottom_insert(seat)
        if origin == "discard":
            s.know_deck(None, seat, 0, card)
    else:
        s.to_void(seat, card)
    public = origin == "discard"
    s.event("card_moved", (seat, card, origin, dest, len(s.hands[seat]), len(s.decks[seat])),
             R_TALENT, None, public)


# --- lasting effects ------------------------------------------------------------------------


def _memory(ctx: Ctx) -> tuple[tuple[str, tuple[Any, ...]], ...]:
    return tuple((k, v) for k, v in ctx.items() if k.startswith("$"))


def _delay(s: ArenaState, step: Step, ctx: Ctx) -> Result:
    """delay: a delayed trigger ("at the start of your next turn ..."), kept as data."""
    f = step.f
    s.clock += 1
    base = {"p": ctx["p"], "u": ctx["u"], "lane": here(s, ctx), "src": ctx.get("src")}
    base.update(_memory(ctx))
    word = s.unit_name[ctx["u"]] if isinstance(ctx["u"], int) and ctx["u"] >= 0 else \
        (source(ctx) or "effect")
    s.delayed = (*s.delayed, Delayed(s.clock, f["on"], f.get("match", ()), f.get("if"),
                                     f["effects"], ctx["p"], word, source(ctx) or "",
                                     f.get("once", True), tuple(base.items())))
    return True


def _replace(s: ArenaState, step: Step, ctx: Ctx) -> Result:
    """replace: a replacement effect for a duration (Lifelink: this combat, half of the
    damage to this hero is dealt to the chosen ally instead)."""
    r = step.f["replacement"]
    duration = until(s, step, ctx)
    s.clock += 1
    u = ctx["u"]
    unit = u if isinstance(u, int) else -1
    # Which objects it applies to is its own selector (relative to its source); the
    # entry is tied to its source so that it ends if the source leaves play.
    s.store = (*s.store, Modifier(s.clock, CLASH if s.combat is not None else TIMED, unit,
                                  source(ctx) or "", ctx["p"], here(s, ctx), unit, "replace",
                                  r.hook, r.form, r, duration,
                                  ctx["p"] if duration == "next_turn" else None,
                                  _memory(ctx)))
    to = ctx.get(r.to.ref, ()) if r.to is not None and r.to.ref else ()
    if r.form == "redirect" and to and unit >= 0:
        s.event("lifelink", (s.unit_name[unit], s.unit_name[to[0]]), R_TALENT)
    else:
        s.event("modifier", (s.unit_name[unit] if unit >= 0 else None, "replace", r.hook,
                              r.form, 0, duration, source(ctx)), R_TALENT)
    return True


# --- the rules' own steps ---------------------------------------------------------------------


def _manifest(s: ArenaState, step: Step, ctx: Ctx) -> Result:
    """The third conduit is ruined: the deity must manifest (its owner chooses how).

    Asked until answered: once the deity is in play the step is done (so a position saved
    while the question is open asks it again when loaded)."""
    p = ctx["p"]
    if s.zone[p * 4 + DEITY] != HOME:  # answered (flow: the manifest answer)
        return True
    s.event("manifest_due", (p,), R_MANIFEST)
    s.ask = ("manifest", p, ())
    return False


def _mass_revive(s: ArenaState, step: Step, ctx: Ctx) -> Result:
    """Mass Resurrect: revive every hero not in play when the turn began (one at a time)."""
    p = ctx["p"]
    waiting = [u for u in s.units_of(p) if u % 4 != DEITY and s.zone[u] == HOME
               and s.home_at_start >> u & 1]
    if not waiting:
        return True
    s.ask = ("place", p, (waiting[0],))
    return False


def _order(s: ArenaState, step: Step, ctx: Ctx) -> Result:
    """Golden Rule 2: the controller orders their own simultaneous effects.

    ``ctx["pending"]`` holds the triggers still to resolve; the one chosen (by the word of
    its source) resolves on top of this frame; with one source left no one is asked."""
    pending = ctx["pending"]
    if not pending:
        return True
    words = list(dict.fromkeys(p.word for p in pending))
    if "answer" in ctx:
        chosen = ctx.pop("answer")
        s.event("order", (ctx["p"], chosen), R_GOLDEN)
    elif len(words) > 1:
        s.ask = ("first", ctx["p"], tuple(words))
        return False
    else:
        chosen = words[0]
    i = next(i for i, p in enumerate(pending) if p.word == chosen)
    ctx["pending"] = pending[:i] + pending[i + 1:]
    pending_frame(s, pending[i])
    return False


def _ko_prevented(s: ArenaState, step: Step, ctx: Ctx) -> Result:
    """A KO replaced: the unit stays in play (the lane: of the conduit picked, if one was,
    else the unit's)."""
    u = ctx["u"]
    picked = ctx.get("$pick", ())
    lane = picked[0].lane if picked and isinstance(picked[0], ConduitRef) else s.zone[u]
    s.event("ko_prevented", (s.unit_name[u], LANES[lane]), "FAQ — Do I gain any power when "
             "I KO the Wrathlord?")
    return True


def _choose_x(s: ArenaState, step: Step, ctx: Ctx) -> Result:
    """The value of X, chosen by the controller among those it can pay."""
    if "answer" in ctx:
        ctx["x"] = ctx.pop("answer")
        return True
    options = tuple(step.f["values"](s, ctx))
    if not options:
        return None
    if len(options) == 1:
        ctx["x"] = options[0]
        return True
    s.ask = ("x", ctx["p"], options)
    return False


def _script(s: ArenaState, step: Step, ctx: Ctx) -> Result:
    """script: a Python function registered by name, for a truly unique card."""
    from .scripts import SCRIPTS

    result: Result = SCRIPTS[step.f["name"]](s, ctx)
    return result


OPS: dict[str, Any] = {
    "damage": _each(_damage),
    "heal": _each(_heal),
    "recover": _each(_recover, ("committed",)),  # a committed hero to recover (rule 15)
    "commit": _each(_commit, ("ready",)),  # and a ready hero to commit
    "level_up": _each(_level),
    "banish": _each(_banish),
    "destroy_item": _each(_destroy, ("equipped",)),
    "ruin": _each(_ruin, ("consecrated",)),
    "boost": _each(_boost),
    "scale": _each(_scale),
    "grant": _each(_grant),
    "modify": _each(_modify),
    "boost_choice": _boost_choice,
    "move": _move,
    "revive": _revive,
    "attack": _attack,
    "pick": _pick,
    "draw": _draw,
    "discard": _discard,
    "power": _power,
    "lose_power": _lose_power,
    "action_points": _action_points,
    "extra_clash": _extra_clash,
    "reveal": _reveal,
    "look": _look,
    "move_card": _move_card,
    "delay": _delay,
    "replace": _replace,
    "script": _script,
    "_manifest": _manifest,
    "_mass_revive": _mass_revive,
    "_order": _order,
    "_ko_prevented": _ko_prevented,
    "_x": _choose_x,
}

__all__ = ["OPS", "here", "targets", "source", "amount", "until", "add_modifier", "DONE",
           "candidates", "push", "mods"]
