// Several rooms for one party (a family, friends travelling together): on a place's page, how many rooms of
// each type, then one booking of them all (book-page.js), under one code. How the party is shared between
// the rooms chosen, whether they are free and each room's price for its share are the server's to say (the
// place's `roomSet` for `rooms=3,3,5`); it books them all or none.

import { h } from "../common/dom.js";
import { bound } from "../common/limits.js";
import { refusalText } from "../common/refusals.js";
import { errorText } from "../common/api.js";

/** The most rooms one booking holds on the site, as the server bounds it (`group.roomsOnline`). */
const maxRooms = () => bound("group.roomsOnline").max;

/** The rooms a `rooms` parameter names: room type ids, one a room (`3,3,5`). */
export function roomsOf(params) {
  return (params.get("rooms") ?? "").split(",").map(Number).filter((id) => Number.isInteger(id) && id > 0).slice(0, maxRooms());
}

/**
 * The place page's box of several rooms: a count for each room type with rooms free, and a link that books
 * them once the server has shared the party between them. `ask(rooms)` is the place's answer for the room
 * types chosen, one id a room (its `roomSet`); `href(rooms)` the booking page's address for them.
 */
export function roomsChoice({ t, i18n, roomTypes, ask, href }) {
  const offered = roomTypes.filter((roomType) => roomType.available > 0);
  const counts = new Map(offered.map((roomType) => [roomType.id, 0]));
  const link = h("a", { class: "site-button is-primary", id: "place-book-rooms-together", "aria-disabled": "true" });
  const note = h("p", { class: "place-several-note", id: "place-several-note", role: "status" });
  const rows = offered.map((roomType) => {
    const shown = h("output", { class: "stepper-value", id: `place-rooms-${roomType.id}`, text: i18n.number(0) });
    const step = (by) => () => {
      const total = [...counts.values()].reduce((a, b) => a + b, 0);
      const next = counts.get(roomType.id) + by;
      if (next < 0 || next > Math.min(roomType.available, maxRooms()) || (by > 0 && total >= maxRooms())) return;
      counts.set(roomType.id, next);
      shown.textContent = i18n.number(next);
      update();
    };
    return h("li", { class: "place-several-row", dataset: { roomTypeId: String(roomType.id) } },
      h("span", { class: "place-several-name", text: roomType.name }),
      h("button", { type: "button", class: "stepper-button", text: "−", "aria-label": `${t("rooms.fewer")}: ${roomType.name}`, onclick: step(-1) }),
      shown,
      h("button", { type: "button", class: "stepper-button", text: "+", "aria-label": `${t("rooms.more")}: ${roomType.name}`, onclick: step(1) }),
    );
  });
  // Only the answer for the latest choice counts: a slower answer for an earlier one is dropped.
  let asked = 0;
  function update() {
    const rooms = offered.flatMap((roomType) => Array(counts.get(roomType.id)).fill(roomType.id));
    const turn = ++asked;
    link.textContent = t("rooms.book", { count: rooms.length });
    link.removeAttribute("href");
    link.setAttribute("aria-disabled", "true");
    note.textContent = rooms.length >= 2 ? t("rooms.checking") : "";
    if (rooms.length < 2) return;
    ask(rooms).then((answer) => {
      if (turn !== asked) return;
      const refusal = answer.roomSet?.refusal;
      note.textContent = refusal ? refusalText(i18n, refusal.reason, refusal.params ?? {}) ?? refusal.message : "";
      if (answer.roomSet?.total) {
        link.setAttribute("href", href(rooms));
        link.removeAttribute("aria-disabled");
      }
    }).catch((error) => {
      if (turn === asked) note.textContent = errorText(error, t);
    });
  }
  update();
  return h("section", { class: "place-several", id: "place-several", "aria-labelledby": "place-several-title" },
    h("h3", { id: "place-several-title", text: t("rooms.title") }),
    h("p", { class: "place-several-hint", text: t("rooms.hint") }),
    h("ul", { class: "place-several-list" }, rows),
    note,
    link,
  );
}
