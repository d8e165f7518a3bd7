// A booking of several rooms (`#/groups/{id}`): its name and code, and its rooms, each a stay of its own
// (its room or type, dates, party and state, a link to its page). A room booked by its type alone is
// assigned from the rooms free on its nights. The desk checks them in or out together, or cancels the
// rooms it ticks, each by its own stay's rules and terms: each step is the stay's own
// (`POST /api/v1/stays/{id}/check-in`…), and a refusal is said on the room it concerns, the others going on.
// `#/groups` books a new one: its name, the guest who books it, the dates, and how many rooms of each type
// for how many guests each (`POST /api/v1/properties/{id}/groups`: all or none).

import { call, errorText, get, OtherProperty } from "../api.js";
import { h, fill } from "../../common/dom.js";
import { numberRange, textLength } from "../../common/limits.js";
import { roomChoice, roomsToMoveTo } from "./stay-move.js";

export async function mount(main, desk, route) {
  if (!route.id) return newGroup(main, desk);
  const { t } = desk.i18n;
  const i18n = desk.i18n;
  const property = desk.property;
  const rooms = new Map((property.rooms ?? []).map((room) => [room.id, room]));
  const roomTypes = new Map((property.roomTypes ?? []).map((type) => [type.id, type]));
  const page = h("div", { class: "group-page" });
  fill(main, page);
  const chosen = new Set();

  async function load() {
    const group = await get(`/api/v1/groups/${route.id}`);
    if (group.propertyId !== property.id) throw new OtherProperty(group.propertyId);
    draw(group);
  }

  function draw(group) {
    const message = h("p", { class: "desk-form-error", role: "alert", id: "group-message" });
    const outcomes = new Map(group.stays.map((stay) => [stay.id, h("span", { class: "group-outcome", role: "status" })]));
    const may = (stay, state) => stay.state === state;
    const step = (id, key, state, path, body) =>
      h("button", {
        type: "button", class: "desk-button", id, text: t(key),
        disabled: !group.stays.some((stay) => may(stay, state) && (path !== "cancel" || chosen.has(stay.id))),
        onclick: async (event) => {
          event.currentTarget.disabled = true;
          message.textContent = "";
          for (const stay of group.stays) {
            if (!may(stay, state) || (path === "cancel" && !chosen.has(stay.id))) continue;
            try {
              await call("POST", `/api/v1/stays/${stay.id}/${path}`, { body, version: stay.version });
              outcomes.get(stay.id).textContent = t("group.done");
            } catch (error) {
              outcomes.get(stay.id).textContent = errorText(error, t);
            }
          }
          chosen.clear();
          const kept = new Map([...outcomes].map(([id, spot]) => [id, spot.textContent]));
          await load();
          for (const [id, text] of kept) page.querySelector(`[data-stay-id="${id}"] .group-outcome`)?.append(text);
        },
      });
    fill(
      page,
      h("a", { class: "desk-button is-quiet", href: "#/today", text: `← ${t("stay.back")}` }),
      h("h1", { id: "group-title", text: group.name }),
      h("p", { class: "desk-code", text: t("stay.title", { code: group.code }) }),
      h(
        "table",
        { class: "desk-table", id: "group-rooms" },
        h("thead", {}, h("tr", {}, ["", t("stay.room"), t("stay.roomType"), t("stay.dates"), t("stay.guests"), t("stay.state"), ""].map((text) => h("th", { scope: "col", text })))),
        h(
          "tbody",
          {},
          group.stays.map((stay) =>
            h(
              "tr",
              { dataset: { stayId: String(stay.id) } },
              h(
                "td",
                {},
                stay.state === "booked"
                  ? h("input", {
                      type: "checkbox", "aria-label": `${t("group.choose")}: ${stay.confirmationCode}`, checked: chosen.has(stay.id),
                      onchange: (event) => {
                        if (event.currentTarget.checked) chosen.add(stay.id);
                        else chosen.delete(stay.id);
                        draw(group);
                      },
                    })
                  : null,
              ),
              h("td", {}, stay.roomId || stay.state !== "booked"
                ? h("a", { href: `#/stays/${stay.id}`, text: stay.roomId ? rooms.get(stay.roomId)?.number ?? String(stay.roomId) : t("state.unassigned") })
                : assign(stay)),
              h("td", { text: roomTypes.get(stay.roomTypeId)?.name ?? "" }),
              h("td", { text: `${i18n.date(stay.arrival)} → ${i18n.date(stay.departure)}` }),
              h("td", { text: i18n.number(stay.adults + stay.children) }),
              h("td", {}, h("span", { class: `desk-state is-${stay.state}`, text: i18n.state(stay.state) })),
              h("td", {}, outcomes.get(stay.id)),
            ),
          ),
        ),
      ),
      h(
        "div",
        { class: "desk-row no-print" },
        step("group-check-in", "group.checkInAll", "booked", "check-in", { override: false }),
        step("group-check-out", "group.checkOutAll", "checked_in", "check-out", {}),
        step("group-cancel", "group.cancelChosen", "booked", "cancel", {}),
      ),
      message,
    );
  }

  /** A room booked by its type: a choice of the rooms of its type free on its nights, assigned when chosen. */
  function assign(stay) {
    const select = h("select", {
      class: "group-assign", dataset: { stayId: String(stay.id) }, "aria-label": `${t("group.assign")}: ${stay.confirmationCode}`,
      onchange: async (event) => {
        const roomId = Number(event.currentTarget.value);
        if (!roomId) return;
        event.currentTarget.disabled = true;
        try {
          await call("PATCH", `/api/v1/stays/${stay.id}`, { body: { roomId }, version: stay.version });
          await load();
        } catch (error) {
          event.currentTarget.disabled = false;
          page.querySelector(`[data-stay-id="${stay.id}"] .group-outcome`).textContent = errorText(error, t);
        }
      },
    }, h("option", { value: "", text: t("group.assign") }));
    roomsToMoveTo(stay, rooms, property.id, stay.arrival).then((free) => {
      for (const room of free.filter((room) => room.roomTypeId === stay.roomTypeId)) {
        const choice = roomChoice(room, property, t);
        select.append(h("option", { value: String(choice.value), text: choice.label }));
      }
    });
    return select;
  }

  await load();
  const unsubscribe = desk.live.subscribe({
    event: (event) => {
      if (event.kind.startsWith("stay.")) load().catch(() => {});
    },
    reload: () => load().catch(() => {}),
  });
  return { unmount: unsubscribe };
}

/** A new booking of several rooms: its name and guest, its dates, and a count of rooms of each type. */
function newGroup(main, desk) {
  const { t } = desk.i18n;
  const property = desk.property;
  const input = (id, attributes) => h("input", { id: `group-${id}`, ...attributes });
  const fields = {
    name: input("name", { type: "text", ...textLength("guest.name") }),
    guest: input("guest", { type: "text", required: true, ...textLength("guest.name") }),
    email: input("email", { type: "email" }),
    phone: input("phone", { type: "tel" }),
    arrival: input("arrival", { type: "date" }),
    departure: input("departure", { type: "date" }),
  };
  const types = (property.roomTypes ?? []).map((roomType) => ({
    roomType,
    count: input(`count-${roomType.id}`, { type: "number", ...numberRange("group.roomsOfType"), value: "0", "aria-label": `${t("group.rooms")}: ${roomType.name}` }),
    // At most the type's beds, which its room type states.
    adults: input(`adults-${roomType.id}`, {
      type: "number", ...numberRange("stay.adults"), max: String(roomType.capacity), value: String(Math.min(2, roomType.capacity)),
      "aria-label": `${t("stay.adults")}: ${roomType.name}`,
    }),
  }));
  const message = h("p", { class: "desk-form-error", role: "alert", id: "group-error" });
  const submit = h("button", { type: "submit", class: "desk-button is-primary", id: "group-book", text: t("group.book") });
  const row = (key, label) => h("div", { class: "free-form-row" }, h("label", { for: fields[key].id, text: label }), fields[key]);
  const form = h(
    "form",
    { class: "free-form group-form", novalidate: true, "aria-labelledby": "group-new-title" },
    h("h1", { id: "group-new-title", text: t("group.new") }),
    row("name", t("group.name")),
    row("guest", t("stay.guest")),
    row("email", t("stay.email")),
    row("phone", t("stay.phone")),
    row("arrival", t("group.arrival")),
    row("departure", t("group.departure")),
    h(
      "table",
      { class: "desk-table", id: "group-types" },
      h("thead", {}, h("tr", {}, [t("stay.roomType"), t("group.rooms"), t("group.adultsEach")].map((text) => h("th", { scope: "col", text })))),
      h("tbody", {}, types.map(({ roomType, count, adults }) => h("tr", {}, h("td", { text: roomType.name }), h("td", {}, count), h("td", {}, adults)))),
    ),
    message,
    submit,
  );
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    message.textContent = "";
    submit.disabled = true;
    const rooms = types.flatMap(({ roomType, count, adults }) =>
      Array.from({ length: Math.max(0, Number(count.value) || 0) }, () => ({
        roomTypeId: roomType.id, arrival: fields.arrival.value, departure: fields.departure.value, adults: Number(adults.value) || 1,
      })),
    );
    const body = {
      name: fields.name.value.trim() || undefined, rooms,
      guest: { name: fields.guest.value.trim(), email: fields.email.value.trim() || undefined, phone: fields.phone.value.trim() || undefined },
    };
    try {
      const { data } = await call("POST", `/api/v1/properties/${property.id}/groups`, { body });
      desk.toast(t("group.booked", { count: data.stays.length }));
      desk.navigate(`#/groups/${data.id}`);
    } catch (error) {
      submit.disabled = false;
      message.textContent = errorText(error, t);
    }
  });
  fill(main, h("div", { class: "group-page" }, h("a", { class: "desk-button is-quiet", href: "#/today", text: `← ${t("stay.back")}` }), form));
  fields.guest.focus();
  return { unmount() {} };
}
