// The table's own things in words (docs/web.md, "The seat's message"): notices, offers and
// seats, built from their kinds and fields only. The server never sends English for
// these, and nothing here reads another seat's secrets: a notice is public by design.

// "P2", "P2 (Ada)" or "P2 (robo, bot)": a seat as the others know it (an account's
// seat shows its name; a bot's, and the AI's at a rated table, say so).
export function seatName(table, seat) {
  if (seat === null || seat === undefined) return "the table";
  const s = table && table.seats ? table.seats[seat] : null;
  const label = table && table.labels ? table.labels[seat] : `P${seat + 1}`;
  const name = s ? (s.name || s.account) : null;
  return name ? `${label} (${name}${s.bot ? ", bot" : ""})` : label;
}

// The subject of a sentence: "You" for the reader's own seat.
export function who(table, seat, me) { return seat === me && me !== null ? "You" : seatName(table, seat); }

const OFFER = { takeback: "a takeback", rematch: "a rematch" };

// A notice as one sentence, or null for a kind this page does not know.
export function noticeWords(n, table, me) {
  const subject = who(table, n.seat, me);
  const them = n.seat === me ? "your" : "their";
  switch (n.kind) {
    case "seat_taken": return `${seatName(table, n.seat)}'s seat was taken by a player from the lobby.`;
    case "ai_holds": return n.seat === me
      ? "You were away past the grace period: the AI is holding your seat until you return."
      : `${seatName(table, n.seat)} is away past the grace period: the AI is holding ${them} seat until they return.`;
    case "ai_releases": return n.reason === "back"
      ? `${subject} ${n.seat === me ? "are" : "is"} back: the AI hands the seat back.`
      : `Nobody is waiting: the AI stops playing for ${seatName(table, n.seat)}.`;
    case "timeout": return n.then === "lose"
      ? `${subject} ran out of time and ${n.seat === me ? "lose" : "loses"} on time.`
      : `${subject} ran out of time: the AI plays the rest of ${them} turn.`;
    case "time_given": return `${subject} gave ${n.to === me ? "you" : seatName(table, n.to)} ${Math.round((n.ms || 15000) / 1000)} more seconds.`;
    case "offer": return n.offer === "takeback"
      ? `${subject} asked to take back ${them} last move.`
      : `${subject} offered ${OFFER[n.offer] || "something"}.`;
    case "accepted": return `${subject} accepted ${n.by === me ? "your" : `${seatName(table, n.by)}'s`} ${n.offer === "takeback" ? "takeback" : "rematch"}: waiting for the others.`;
    case "declined": return `${subject} declined ${n.by === me ? "your" : `${seatName(table, n.by)}'s`} ${n.offer === "takeback" ? "takeback" : "rematch"}.`;
    case "withdrawn": return `${subject} withdrew ${them} ${n.offer === "takeback" ? "takeback request" : "rematch offer"}.`;
    case "undo": return `${subject} took back ${them} last move (against the AI).`;
    case "takeback": return `${subject} took back ${them} last move: the others accepted.`;
    case "rematch": return "A rematch table is ready.";
    default: return null;
  }
}

// An open offer, as the reader is asked it.
export function offerWords(o, table, me) {
  const by = who(table, o.by, me);
  if (o.kind === "takeback") return o.by === me ? "You asked to take back your last move: waiting for the others." : `${by} asks to take back their last move.`;
  return o.by === me ? "You offered a rematch: waiting for the others." : `${by} offers a rematch.`;
}
