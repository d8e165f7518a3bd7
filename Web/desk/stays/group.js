// A booking of several rooms (`#/groups/{id}`): its name and code, and its rooms, each a stay of its own
// (its room or type, dates, party and state, a link to its page). The desk checks them in or out together,
// or cancels the rooms it ticks, each by its own stay's rules and terms: each step is the stay's own
// (`POST /api/v1/stays/{id}/check-in`…), and a refusal is said on the room it concerns, the others going on.

import { call, errorText, get, OtherProperty } from "../api.js";
import { h, fill } from "../../common/dom.js";

export async function mount(main, desk, route) {
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
              h("td", {}, h("a", { href: `#/stays/${stay.id}`, text: stay.roomId ? rooms.get(stay.roomId)?.number ?? String(stay.roomId) : t("state.unassigned") })),
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

  await load();
  const unsubscribe = desk.live.subscribe({
    event: (event) => {
      if (event.kind.startsWith("stay.")) load().catch(() => {});
    },
    reload: () => load().catch(() => {}),
  });
  return { unmount: unsubscribe };
}
