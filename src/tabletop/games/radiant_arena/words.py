"""Radiant-arena's actions in words (``GameSpec.words``): what a button says and does.

Built from the action, the seat's view and the public catalogue only (card names and
generated card texts): a unit is named by the name its view entry shows ("Mato"), a skill
card, an item or a conduit by its printed name, a lane as "the left lane". Where both
seats field the same hero the name says whose it is ("Alyn (yours)", "Alyn (enemy)").
A face-down card or deity is never named: the view does not name it.
"""

from __future__ import annotations

from typing import Any

from tabletop.core import Action, ActionWords

from .actions import Act
from .data import Catalog, Talent
from .text import skill_text, talent_text

LANE_WORDS = {"left": "the left lane", "center": "the center lane",
              "right": "the right lane"}
# What passing does, by the phase a view names (the rulebook's steps).
PASS_WORDS = {
    "action": ("End your action phase",
               "End your action phase: unused action points are lost, and the end phase "
               "begins (revive, shop, draw)."),
    "revive": ("Revive no one", "Skip the revive step: no Mass Resurrect, no Buyback."),
    "shop": ("Buy nothing", "End the shop step without buying an item."),
}

# The actions whose words follow one pattern of their arguments: how each argument is
# named (a unit, a card, a lane, or any of these), then the label and the longer text,
# with {0}, {1} the arguments in words.
PLAIN: dict[str, tuple[str, str, str]] = {
    "deploy": ("unit lane", "Deploy {0} to {1}", "Place {0} in {1}, basic side up and ready."),
    "with": ("unit", "Join with {0}", "{0} joins the attack (a team attack) and is committed."),
    "block": ("unit", "Block with {0}", "{0} blocks: it is committed and becomes the defender."),
    "no-block": ("", "Don't block", "Let the attack reach its target unblocked."),
    "recover": ("unit", "Recover {0}", "Spend 1 action point: {0} becomes ready again."),
    "move": ("unit lane", "Move {0} to {1}", "Spend 1 action point: {0} moves to {1}."),
    "assign": ("unit", "Damage {0}", "The defender's damage goes to {0}."),
    "first": ("any", "Resolve {0} first",
              "Of your effects that happen at the same time, {0}'s resolves first."),
    "place": ("unit lane", "Place {0} in {1}", "{0} returns to play in {1}."),
    "discard": ("card", "Discard {0}", "Put {0} from your hand into your discard pile."),
    "pick": ("card", "Pick {0}", "Draft {0} into your team, with its set of skill cards."),
    "ban": ("card", "Ban {0}", "Ban {0}: no one may pick it."),
    "deity": ("card", "Choose {0} as your deity",
              "Choose {0} as your deity, in secret, with its conduits."),
    "item": ("card", "Choose {0} for your shop",
             "Choose {0} in secret as one of your shop's three items."),
}


class _Names:
    """How this seat's view names things: units by their view entry, every other card id
    by the catalogue; a unit shared by both sides by whose it is."""

    def __init__(self, view: dict[str, Any], cat: Catalog) -> None:
        self.cat = cat
        self.seat: int | None = view.get("seat")
        self.units: dict[str, dict[str, Any]] = {
            u["id"]: u for u in view.get("units", ()) if "id" in u}
        counts: dict[str, int] = {}
        for u in self.units.values():
            counts[u["name"]] = counts.get(u["name"], 0) + 1
        self.shared = {n for n, k in counts.items() if k > 1}

    def unit(self, uid: str) -> str:
        """A unit's name as the seat reads it."""
        u = self.units.get(uid)
        if u is None:
            return self.card(uid.split(".")[0])
        name: str = u["name"]
        if name in self.shared:
            if self.seat is None:
                name += f" ({'AB'[u['owner']]})"
            else:
                name += " (yours)" if u["owner"] == self.seat else " (enemy)"
        return name

    def card(self, cid: str) -> str:
        """A card's printed name (a skill, an item, a conduit, a hero or a deity)."""
        return self.cat.names.get(cid) or cid.replace("-", " ").title()

    def any(self, word: str) -> str:
        """A word of an answer: a unit, a card, ``conduit`` or ``none``."""
        if word == "conduit":
            return "the conduit"
        if word == "none":
            return "no target"
        if word in self.units:
            return self.unit(word)
        return self.card(word.split(".")[0])

    def named(self, kind: str, word: str) -> str:
        """An argument of an action in words, as ``kind`` (PLAIN's) says to name it."""
        if kind == "unit":
            return self.unit(word)
        if kind == "card":
            return self.card(word)
        if kind == "lane":
            return LANE_WORDS.get(word, word)
        return self.any(word)

    def lane_of(self, uid: str) -> str:
        """The lane a unit stands in ("" when it is not in a lane)."""
        zone = self.units.get(uid, {}).get("zone", "")
        return LANE_WORDS.get(zone, "")


def _talent_name(tid: str) -> str:
    """A talent printed without a name of its own reads as its id in words."""
    return tid.replace("-", " ").capitalize()


def _find_talent(n: _Names, uid: str, ability: str) -> tuple[str, Talent | None, str]:
    """(its name, the talent, where it comes from: "" for the hero's own, an item's name,
    or "from your hand") for ``talent uid:ability``, as the rules look it up."""
    cat = n.cat
    u = n.units.get(uid)
    if u is not None and u.get("card") in cat.units:
        side = cat.units[u["card"]].sides[1 if u.get("levelled") else 0]
        for t in side.talents:
            if t.id == ability:
                return _talent_name(t.id), t, ""
        item = u.get("item")
        if item and item in cat.items:
            for t in cat.items[item].talents:
                if t.id == ability:
                    return _talent_name(t.id), t, cat.items[item].name
    if ability in cat.skills:
        return cat.skills[ability].name, cat.skills[ability].talent, "from your hand"
    return _talent_name(ability), None, ""


def _end(text: str) -> str:
    """``text`` ending as a sentence does (card texts end with their own full stop)."""
    return text if text.endswith((".", "!", "?", ")")) else text + "."


def _source(n: _Names, view: dict[str, Any]) -> str:
    """The effect asking, in words: "Mato's Arcane Evocation", or "" for a rules step."""
    res = view.get("resolving")
    if not res:
        return ""
    src = res.get("source")
    unit = res.get("unit")
    if isinstance(src, str) and src:
        if src in n.units:
            return n.unit(src)
        name = n.card(src)
        return f"{n.unit(unit)}'s {name}" if isinstance(unit, str) and unit else name
    return n.unit(unit) if isinstance(unit, str) and unit else ""


def _talent(n: _Names, a: Act) -> ActionWords:
    uid, _, ability = a.args[0].partition(":")
    hero = n.unit(uid)
    name, talent, where = _find_talent(n, uid, ability)
    label = f"{hero}: {name}" + (f" ({where})" if where and where != "from your hand" else "")
    if talent is None:
        return ActionWords(label, f"{hero} uses {name}.")
    if where == "from your hand":
        skill = n.cat.skills[ability]
        return ActionWords(label, f"{hero} plays {name} from your hand — "
                           f"{_end(skill_text(skill))}")
    text = talent_text(talent)
    return ActionWords(label, f"{hero} uses {name}" + (f" of {where}" if where else "")
                       + f" — {_end(text)}")


def _target(n: _Names, a: Act, view: dict[str, Any]) -> ActionWords:
    word = a.args[0]
    combat = view.get("combat")
    if view.get("asking") is None and view.get("phase") == "attack" and combat:
        # Step One: the attack's target.
        lane = LANE_WORDS.get(combat.get("lane") or "", "this lane")
        team = [n.unit(x) for x in combat.get("attackers", ())]
        attack = f"{' and '.join(team)} {'attack' if len(team) > 1 else 'attacks'}"
        if word == "conduit":
            return ActionWords("Attack the enemy conduit",
                               f"{attack} the enemy conduit in {lane}; the defender may "
                               "block with a ready hero there.")
        return ActionWords(f"Attack {n.unit(word)}",
                           f"{attack} {n.unit(word)} in {lane}; the defender may block "
                           "with another ready hero there.")
    source = _source(n, view)
    what = n.any(word)
    label = "No target" if word == "none" else f"Target {what}"
    if word == "none":
        text = (f"{source}: choose no target." if source else "Choose no target.")
    else:
        text = f"{source}: choose {what} as the target." if source else \
            f"Choose {what} as the target."
    return ActionWords(label, text)


def _choose(n: _Names, a: Act, view: dict[str, Any]) -> ActionWords:
    option = a.args[0]
    source = _source(n, view)
    head = f"{source}: " if source else ""
    asking = view.get("asking")
    if asking == "x":
        return ActionWords(f"X = {option}", f"{head}choose {option} as X.")
    if asking == "card" or option in n.cat.skills:
        name = n.card(option)
        return ActionWords(f"Choose {name}", f"{head}choose {name}.")
    return ActionWords(f"Choose {option}", f"{head}choose {option}.")


def _clash(n: _Names, a: Act, view: dict[str, Any]) -> ActionWords:
    skill = a.args[0]
    name = n.card(skill)
    card = n.cat.skills.get(skill)
    what = ""
    if card is not None:
        what = f" ({card.attack} attack, {card.armor} armor)"
        text = skill_text(card)
        if text and card.clash:
            what += f" — {text}"
    if len(a.args) == 3:
        hero = n.unit(a.args[2])
        return ActionWords(f"Clash {name} with {hero}",
                           _end(f"Clash {name} face down for {hero}{what}"))
    if view.get("asking") == "extra_clash":
        return ActionWords(f"Clash {name} face up", _end(f"Clash {name} face up as well{what}"))
    return ActionWords(f"Clash {name}", _end(f"Clash {name} face down{what}"))


def _manifest(n: _Names, a: Act) -> ActionWords:
    deity, lane, _, hero = a.args
    d, h, where = n.unit(deity), n.unit(hero), LANE_WORDS.get(lane, lane)
    return ActionWords(f"Manifest {d} in {where}, banishing {h}",
                       f"Reveal your deity {d} and put it into {where}, ready; {h} is "
                       "banished to the void for good, with its item.")


def _level(n: _Names, uid: str) -> ActionWords:
    hero = n.unit(uid)
    u = n.units.get(uid, {})
    sides = u.get("sides") or []
    exp = u.get("exp")
    up = sides[1]["subtitle"] if len(sides) > 1 else ""
    cost = f"pay {exp} power (its EXP cost) and " if exp is not None else ""
    return ActionWords(f"Level up {hero}",
                       f"Spend 1 action point, {cost}flip {hero} to its levelled side"
                       + (f", {up}" if up else "") + ".")


def _revive(n: _Names, a: Act) -> ActionWords:
    if a.args[0] == "mass":
        where = LANE_WORDS.get(a.args[1], a.args[1])
        return ActionWords(f"Mass Resurrect: ruin your conduit in {where}",
                           f"Ruin your own conduit in {where}: then every hero of yours "
                           "that was not in play when the turn began is revived.")
    hero, where = n.unit(a.args[1]), LANE_WORDS.get(a.args[2], a.args[2])
    return ActionWords(f"Buy back {hero} to {where}",
                       f"Use your Buyback token and pay 5 power: {hero} returns to {where}, "
                       "ready and undamaged.")


def _buy(n: _Names, a: Act) -> ActionWords:
    item, uid = a.args
    card = n.cat.items.get(item)
    name, hero = n.card(item), n.unit(uid)
    if card is None:
        return ActionWords(f"Buy {name} for {hero}", f"Buy {name} for {hero}.")
    text = f"Reveal {name} from your shop, pay {card.cost} power and equip it on {hero}."
    return ActionWords(f"Buy {name} for {hero} ({card.cost} power)",
                       text + (f" {card.text}" if card.text else ""))


def words(action: Action, view: dict[str, Any], catalogue: Any) -> ActionWords:
    """Every radiant-arena action in words for the seat whose ``view`` this is."""
    assert isinstance(action, Act)
    assert isinstance(catalogue, Catalog)
    n = _Names(view, catalogue)
    verb, args = action.verb, action.args
    if verb in PLAIN:
        kinds, label, text = PLAIN[verb]
        said = [n.named(k, a) for k, a in zip(kinds.split(), args, strict=True)]
        return ActionWords(label.format(*said), text.format(*said))
    if verb == "attack":
        hero = n.unit(args[0])
        where = n.lane_of(args[0]) or "its lane"
        return ActionWords(f"Attack with {hero}",
                           f"{hero} attacks in {where} (1 action point, committed): other "
                           "ready heroes there may join, then choose the target.")
    if verb == "target":
        return _target(n, action, view)
    if verb == "clash":
        return _clash(n, action, view)
    if verb == "no-clash":
        if view.get("asking") == "extra_clash":
            return ActionWords("No extra clash", "Clash no further card.")
        return ActionWords("Don't clash", "Play no clash card in this combat.")
    if verb == "level":
        return _level(n, args[0])
    if verb == "talent":
        return _talent(n, action)
    if verb == "manifest":
        return _manifest(n, action)
    if verb == "choose":
        return _choose(n, action, view)
    if verb == "lane":
        where = LANE_WORDS.get(args[0], args[0])
        source = _source(n, view)
        return ActionWords(f"Choose {where}",
                           (f"{source}: " if source else "") + f"choose {where}.")
    if verb == "revive":
        return _revive(n, action)
    if verb == "buy":
        return _buy(n, action)
    if verb == "pass":
        label, text = PASS_WORDS.get(view.get("phase", ""), ("Pass", "Decline this step."))
        return ActionWords(label, text)
    return ActionWords(verb.capitalize(), action.to_text())


__all__ = ["words"]
