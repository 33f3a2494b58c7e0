// The panels beside the game (chat, clocks, presence, undo and takebacks, the strike's
// GO panel...): each a module imported here and listed below. table.js calls, for each:
//   mount(api)          once, when the page knows its seat (before the first message)
//   update(msg, api)    on every seat message as it arrives (not paced; msg.type is
//                       "state", "update" or "reply")
//   pong(msg, api)      on every pong ({ping, probe, rtt_ms})
//   refused(err, api)   the page's first request was refused (before mount): true if
//                       the panel showed it (social.js: a link whose seat was taken)
// api: {tableId, token, seat, table, message, pacing, socket, call, h, post(path, body),
//       slots: {clock, side, overlay, tools}, label(seat), send(action), pressStrike(kind),
//       showError(text), refresh(), play(sound)}. The slots are elements of the page: the
// status bar's clock place, the log drawer's top, an overlay over the board, the settings
// menu. A panel draws only into its slots.
import social from "/static/js/social.js";

export default [social];
