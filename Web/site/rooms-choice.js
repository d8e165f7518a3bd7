// Several rooms for one party (a family, friends travelling together): on a place's page, how many rooms of
// each type, then one booking of them all (book-page.js), under one code. The party is shared out between
// the rooms in the order chosen, an adult in each and no room past its beds; whether the rooms are still
// free, and each room's price for its share, is the server's to say (all or none when booked).

import { h } from "../common/dom.js";
import { bound } from "../common/limits.js";

/** The most rooms one booking holds on the site, as the server bounds it (`group.roomsOnline`). */
const maxRooms = () => bound("group.roomsOnline").max;

/**
 * Shares a party between rooms of `capacities` (adults and children each holds): an adult in each first, then
 * the other adults and the children in turn into the rooms with a bed left.
 * @returns {{adults: number, children: number}[] | null} null when there are fewer adults than rooms, or more
 *   guests than beds
 */
export function shareParty({ adults, children = 0 }, capacities) {
  const count = capacities.length;
  if (count < 1 || adults < count || adults + children > capacities.reduce((a, b) => a + b, 0)) return null;
  const rooms = capacities.map(() => ({ adults: 1, children: 0 }));
  const place = (key, left) => {
    for (let room = 0; left > 0; room = (room + 1) % count) {
      if (rooms[room].adults + rooms[room].children < capacities[room]) {
        rooms[room][key] += 1;
        left -= 1;
      }
    }
  };
  place("adults", adults - count);
  place("children", children);
  return rooms;
}

/** The rooms a `rooms` parameter names: room type ids, one a room (`3,3,5`). */
export function roomsOf(params) {
  return (params.get("rooms") ?? "").split(",").map(Number).filter((id) => Number.isInteger(id) && id > 0).slice(0, maxRooms());
}

/**
 * The place page's box of several rooms: a count for each room type with rooms free, and a link that books
 * them. `href(rooms)` is the booking page's address for the room types chosen, one id a room.
 */
export function roomsChoice({ t, i18n, roomTypes, party, href }) {
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
  function update() {
    const chosen = offered.flatMap((roomType) => Array(counts.get(roomType.id)).fill(roomType));
    const rooms = chosen.map((roomType) => roomType.id);
    const shares = shareParty(party, chosen.map((roomType) => roomType.capacity));
    const ready = rooms.length >= 2 && shares !== null;
    link.textContent = t("rooms.book", { count: rooms.length });
    note.textContent = rooms.length >= 2 && !shares ? t(party.adults < rooms.length ? "rooms.adultEach" : "rooms.tooFew") : "";
    if (ready) {
      link.setAttribute("href", href(rooms));
      link.removeAttribute("aria-disabled");
    } else {
      link.removeAttribute("href");
      link.setAttribute("aria-disabled", "true");
    }
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
