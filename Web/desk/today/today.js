// Today (the home screen): Arrivals, Departures and In house for a date, each with a count; a search
// by guest or confirmation code over all three; check in and check out straight from the list. An
// arrival whose guest checked in online says so, with the time they said they arrive.

import { call, errorText, get, passableRefusal } from "../api.js";
import { h, fill } from "../../common/dom.js";
import { dayNumber } from "../../common/dates.js";
import { onlineCheckInBadge } from "../stays/online-check-in.js";

const LISTS = [
  { key: "arrivals", label: "today.arrivals" },
  { key: "departures", label: "today.departures" },
  { key: "inHouse", label: "today.inHouse" },
];

export async function mount(main, desk, route) {
  const { t } = desk.i18n;
  const property = desk.property;
  let date = route.params.get("date") ?? "";
  let list = route.params.get("list") ?? "arrivals";
  let data = null;
  let query = "";

  const dateInput = h("input", { type: "date", id: "today-date", value: date });
  const search = h("input", {
    type: "search", id: "today-search", placeholder: t("today.search"), "aria-label": t("today.search"),
    autocomplete: "off",
  });
  const tabs = h("div", { class: "desk-tabs", role: "tablist", "aria-label": t("today.lists") });
  const panel = h("section", { class: "today-panel", role: "tabpanel", id: "today-panel" });
  const message = h("p", { class: "desk-form-error", role: "alert" });
  // Every booking of the property the search matches, on any date and in any state (a mistaken
  // cancel included), below the day's lists.
  const found = h("section", { class: "today-found", id: "today-found", "aria-live": "polite" });
  fill(
    main,
    h(
      "div",
      { class: "today" },
      h(
        "div",
        { class: "desk-toolbar" },
        h("h1", { text: t("today.title") }),
        h("label", { for: "today-date", text: t("today.date") }),
        dateInput,
        search,
        // Several rooms under one booking: the group's form.
        desk.canEdit ? h("a", { href: "#/groups", class: "desk-button", id: "today-new-group", text: t("group.new") }) : null,
      ),
      tabs,
      message,
      panel,
      found,
    ),
  );

  async function load() {
    data = await get(`/api/v1/properties/${property.id}/today${date ? `?date=${date}` : ""}`);
    if (!date) dateInput.value = data.date;
    draw();
  }

  function draw() {
    fill(
      tabs,
      LISTS.map(({ key, label }) =>
        h(
          "button",
          {
            type: "button", role: "tab", id: `today-tab-${key}`, "aria-controls": "today-panel",
            "aria-selected": String(key === list), tabindex: key === list ? "0" : "-1", dataset: { list: key },
            onclick: () => {
              list = key;
              draw();
            },
          },
          h("span", { text: t(label) }),
          " ",
          h("span", { class: "desk-count", text: desk.i18n.number(data[key].length) }),
        ),
      ),
    );
    panel.setAttribute("aria-labelledby", `today-tab-${list}`);
    const needle = query.trim().toLowerCase();
    // A search looks through all three lists; otherwise the chosen one.
    const entries = needle
      ? LISTS.flatMap(({ key }) => data[key].map((entry) => ({ ...entry, list: key }))).filter(
          (entry) =>
            entry.guestName.toLowerCase().includes(needle) || entry.stay.confirmationCode.toLowerCase().includes(needle),
        )
      : data[list].map((entry) => ({ ...entry, list }));
    if (entries.length === 0) {
      fill(panel, h("p", { class: "desk-empty", text: needle ? t("today.noMatch", { query }) : t("today.empty") }));
      return;
    }
    // Balances come only to a role that reads money; without them the column is left out.
    const money = entries.some((entry) => entry.balance);
    fill(
      panel,
      h(
        "table",
        { class: "desk-table today-table" },
        h(
          "thead",
          {},
          h(
            "tr",
            {},
            ["today.guest", "today.code", "today.room", "today.dates", "today.nights", money ? "today.balance" : null, "today.status"]
              .filter(Boolean)
              .map((key) => h("th", { scope: "col", text: t(key) })),
            h("th", { scope: "col", class: "desk-actions-cell", text: t("today.actions") }),
          ),
        ),
        h("tbody", {}, entries.map((entry) => row(entry, money))),
      ),
    );
  }

  function row(entry, money) {
    const { stay } = entry;
    const actions = h("td", { class: "desk-actions-cell" });
    if (entry.list === "arrivals" && entry.actions?.includes("checkIn")) {
      actions.append(
        h("button", {
          type: "button", class: "desk-button is-primary", "aria-label": t("action.checkInGuest", { name: entry.guestName }),
          text: t("action.checkIn"), onclick: (event) => checkIn(entry, event.currentTarget),
        }),
      );
    }
    if (entry.list !== "arrivals" && entry.actions?.includes("checkOut")) {
      actions.append(
        h("button", {
          type: "button", class: "desk-button", "aria-label": t("action.checkOutGuest", { name: entry.guestName }),
          text: t("action.checkOut"), onclick: (event) => checkOut(entry, event.currentTarget),
        }),
      );
    }
    actions.append(
      h("a", {
        class: "desk-button is-quiet", href: `#/stays/${stay.id}`, "aria-label": t("action.openGuest", { name: entry.guestName }),
        text: t("action.open"),
      }),
    );
    const owes = entry.balance?.amount > 0;
    return h(
      "tr",
      { dataset: { stayId: String(stay.id), state: stay.state } },
      h("th", { scope: "row", text: entry.guestName }),
      h("td", { class: "desk-code", text: stay.confirmationCode }),
      h("td", { text: entry.roomNumber ?? t("today.noRoom") }),
      h("td", { text: `${desk.i18n.dayMonth(stay.arrival)} – ${desk.i18n.dayMonth(stay.departure)}` }),
      h("td", { class: "desk-number", text: desk.i18n.number(stay.nights) }),
      money
        ? h(
          "td",
          { class: `desk-number${owes ? " is-owed" : ""}`, text: entry.balance ? desk.i18n.money(entry.balance) : "" },
          entry.depositOpen
            ? h("span", { class: "today-deposit", text: t("today.depositOpen", { amount: desk.i18n.money(entry.depositOpen) }) })
            : null,
        )
        : null,
      h(
        "td",
        { class: "today-state" },
        h("span", { class: `desk-state is-${stay.state}`, text: desk.i18n.state(stay.state) }),
        entry.list === "arrivals" ? onlineCheckInBadge(entry.onlineCheckIn, t) : null,
      ),
      actions,
    );
  }

  async function act(entry, button, path, body, done) {
    message.textContent = "";
    button.disabled = true;
    try {
      await call("POST", `/api/v1/stays/${entry.stay.id}/${path}`, { body, version: entry.stay.version });
      desk.toast(t(done, { name: entry.guestName }));
      await load();
    } catch (error) {
      button.disabled = false;
      message.textContent = errorText(error, t);
      const retry = passableRefusal(error, entry.actions);
      if (retry) {
        message.append(
          " ",
          h("button", {
            type: "button", class: "desk-button", text: t(retry.label),
            onclick: (event) => act(entry, event.currentTarget, path, retry.body, done),
          }),
        );
      }
      if (error.field === "force") {
        message.append(" ", h("a", { href: `#/stays/${entry.stay.id}`, class: "desk-button", text: t("stay.takePayment") }));
      }
    }
  }

  function checkIn(entry, button) {
    return act(entry, button, "check-in", {}, "done.checkedIn");
  }

  function checkOut(entry, button) {
    return act(entry, button, "check-out", {}, "done.checkedOut");
  }

  dateInput.addEventListener("change", () => {
    date = dateInput.value;
    load().catch(showError);
  });
  let searching = 0;
  search.addEventListener("input", () => {
    query = search.value;
    draw();
    clearTimeout(searching);
    searching = setTimeout(() => findAll(query.trim()).catch(showError), 300);
  });

  async function findAll(text) {
    if (text.length < 2) {
      fill(found);
      return;
    }
    const { results } = await get(`/api/v1/properties/${property.id}/stays?q=${encodeURIComponent(text)}`);
    if (text !== query.trim()) return;
    fill(
      found,
      h("h2", { text: t("today.allBookings", { count: results.length }) }),
      h(
        "ul",
        { class: "today-found-list" },
        results.map(({ stay, guest }) =>
          h(
            "li",
            {},
            h("a", { href: `#/stays/${stay.id}`, text: guest.name }),
            ` · ${stay.confirmationCode} · ${desk.i18n.date(dayNumber(stay.arrival))} → ${desk.i18n.date(dayNumber(stay.departure))} · `,
            h("span", { class: `desk-state is-${stay.state}`, text: desk.i18n.state(stay.state) }),
          ),
        ),
      ),
    );
  }
  tabs.addEventListener("keydown", (event) => {
    const index = LISTS.findIndex((l) => l.key === list);
    const step = { ArrowRight: 1, ArrowLeft: -1 }[event.key];
    if (!step) return;
    list = LISTS[(index + step + LISTS.length) % LISTS.length].key;
    draw();
    tabs.querySelector('[aria-selected="true"]').focus();
  });

  function showError(error) {
    message.textContent = error.message;
  }

  // Anyone's change at the property may change today's lists: read them again (they are small).
  let reloadTimer = 0;
  const refresh = () => {
    clearTimeout(reloadTimer);
    reloadTimer = setTimeout(() => load().catch(showError), 150);
  };
  const unsubscribe = desk.live.subscribe({ event: refresh, reload: refresh });
  await load();
  return {
    unmount() {
      unsubscribe();
      clearTimeout(reloadTimer);
    },
  };
}
