// Rates: a room type's rate and restrictions for each of the next four weeks' nights (or from a chosen
// day), and, for a manager, a form that sets one rate for a run of nights (a season, a festival) and
// one that sets what guests booking online may do over them (a minimum or maximum stay, no arrivals,
// no departures, not sold online). Stays already booked keep their rates; the guest site follows both
// at once.

import { call, errorText, get } from "../api.js";
import { h, fill } from "../../common/dom.js";
import { numberRange } from "../../common/limits.js";
import { addDays, todayIn } from "../../common/dates.js";
import { currencyDigits, toMajorUnits, toMinorUnits } from "../../common/money.js";

/** Nights shown at once. */
const SHOWN_NIGHTS = 28;

export async function mount(main, desk, route) {
  const { t } = desk.i18n;
  const i18n = desk.i18n;
  const property = await get(`/api/v1/properties/${desk.property.id}`);
  const currency = property.currency;
  const today = todayIn(property.timeZone);
  const roomTypes = property.roomTypes ?? [];
  const chosen = Number(route.params.get("roomType")) || roomTypes[0]?.id;
  const roomType = h(
    "select",
    { id: "rates-room-type" },
    roomTypes.map((type) => h("option", { value: String(type.id), selected: type.id === chosen, text: type.name })),
  );
  const from = h("input", { type: "date", id: "rates-from", value: route.params.get("from") ?? today });
  const message = h("p", { class: "desk-form-error", role: "alert" });
  const table = h("div", { class: "today-panel" });
  const toolbar = h(
    "form",
    { class: "desk-toolbar", onsubmit: (event) => { event.preventDefault(); show(); } },
    h("h1", { text: t("rates.title") }),
    h("label", { for: "rates-room-type", text: t("rates.roomType") }),
    roomType,
    h("label", { for: "rates-from", text: t("rates.from") }),
    from,
    h("button", { type: "submit", class: "desk-button is-primary", text: t("rates.show") }),
  );
  const manager = desk.may("managing");
  fill(
    main,
    h("div", { class: "rates" }, toolbar, message, manager ? setForm() : h("p", { text: t("rates.managersOnly") }), manager ? restrictionForm() : null, table),
  );

  /** The form that sets what guests booking online may do over a run of nights; nothing set clears them. */
  function restrictionForm() {
    const first = h("input", { type: "date", id: "restrict-first", required: true, value: from.value });
    const last = h("input", { type: "date", id: "restrict-last", required: true, value: from.value });
    const stay = (id) => h("input", { type: "number", id, ...numberRange("rates.stayNights"), step: "1", inputmode: "numeric" });
    const minStay = stay("restrict-min");
    const maxStay = stay("restrict-max");
    const box = (id) => h("input", { type: "checkbox", id });
    const [noArrival, noDeparture, stopSell] = [box("restrict-cta"), box("restrict-ctd"), box("restrict-stop")];
    const error = h("p", { class: "desk-form-error", id: "restrict-error", role: "alert" });
    const check = (control, key) => h("label", { class: "rates-check" }, control, h("span", { text: t(key) }));
    return h(
      "form",
      {
        class: "desk-toolbar rates-set", "aria-labelledby": "restrict-title",
        onsubmit: async (event) => {
          event.preventDefault();
          error.textContent = "";
          if (last.value < first.value) {
            error.textContent = t("rates.lastBeforeFirst");
            last.focus();
            return;
          }
          const body = { from: first.value, to: addDays(last.value, 1) };
          if (minStay.value) body.minStay = Number(minStay.value);
          if (maxStay.value) body.maxStay = Number(maxStay.value);
          if (noArrival.checked) body.closedToArrival = true;
          if (noDeparture.checked) body.closedToDeparture = true;
          if (stopSell.checked) body.stopSell = true;
          try {
            await call("PUT", `/api/v1/room-types/${roomType.value}/restrictions`, { body });
            desk.toast(t("rates.restricted"));
            from.value = first.value;
            await show();
          } catch (failure) {
            error.textContent = errorText(failure, t);
          }
        },
      },
      h("h2", { id: "restrict-title", text: t("rates.restrict") }),
      h("label", { for: "restrict-first", text: t("rates.firstNight") }),
      first,
      h("label", { for: "restrict-last", text: t("rates.lastNight") }),
      last,
      h("label", { for: "restrict-min", text: t("rates.minStay") }),
      minStay,
      h("label", { for: "restrict-max", text: t("rates.maxStay") }),
      maxStay,
      check(noArrival, "rates.closedToArrival"),
      check(noDeparture, "rates.closedToDeparture"),
      check(stopSell, "rates.stopSell"),
      h("button", { type: "submit", class: "desk-button is-primary", id: "restrict-submit", text: t("rates.restrictButton") }),
      h("p", { class: "desk-hint", text: t("rates.restrictHint") }),
      error,
    );
  }

  /** A night's restrictions in words, "" for none. */
  function restrictionText(restriction) {
    if (!restriction) return "";
    return [
      restriction.minStay ? t("rates.minStayShort", { count: restriction.minStay }) : null,
      restriction.maxStay ? t("rates.maxStayShort", { count: restriction.maxStay }) : null,
      restriction.closedToArrival ? t("rates.closedToArrival") : null,
      restriction.closedToDeparture ? t("rates.closedToDeparture") : null,
      restriction.stopSell ? t("rates.stopSell") : null,
    ].filter(Boolean).join(" · ");
  }

  /** The form that sets a rate: first and last night (inclusive, as people say it), and the amount. */
  function setForm() {
    const first = h("input", { type: "date", id: "rates-first", required: true, value: from.value });
    const last = h("input", { type: "date", id: "rates-last", required: true, value: from.value });
    const amount = h("input", { type: "number", id: "rates-amount", required: true, min: "0", step: toMajorUnits(1, currencyDigits(currency)), inputmode: "decimal" });
    const error = h("p", { class: "desk-form-error", id: "rates-set-error", role: "alert" });
    return h(
      "form",
      {
        class: "desk-toolbar rates-set", "aria-labelledby": "rates-set-title",
        onsubmit: async (event) => {
          event.preventDefault();
          error.textContent = "";
          if (last.value < first.value) {
            error.textContent = t("rates.lastBeforeFirst");
            last.focus();
            return;
          }
          try {
            await call("PUT", `/api/v1/room-types/${roomType.value}/rates`, {
              body: { from: first.value, to: addDays(last.value, 1), amount: toMinorUnits(amount.value, currencyDigits(currency)) },
            });
            desk.toast(t("rates.saved"));
            from.value = first.value;
            await show();
          } catch (failure) {
            error.textContent = failure.message;
          }
        },
      },
      h("h2", { id: "rates-set-title", text: t("rates.set") }),
      h("label", { for: "rates-first", text: t("rates.firstNight") }),
      first,
      h("label", { for: "rates-last", text: t("rates.lastNight") }),
      last,
      h("label", { for: "rates-amount", text: `${t("rates.amount")} (${currency})` }),
      amount,
      h("button", { type: "submit", class: "desk-button is-primary", id: "rates-submit", text: t("rates.setButton") }),
      error,
    );
  }

  async function show() {
    message.textContent = "";
    if (!roomType.value) {
      message.textContent = t("rates.noRoomTypes");
      return;
    }
    const start = from.value || today;
    // The address keeps what is shown, without routing to this screen again.
    history.replaceState(null, "", `#/rates?roomType=${roomType.value}&from=${start}`);
    try {
      const rates = await get(`/api/v1/room-types/${roomType.value}/rates?from=${start}&to=${addDays(start, SHOWN_NIGHTS)}`);
      draw(rates);
    } catch (failure) {
      message.textContent = failure.message;
    }
  }

  function draw(rates) {
    const base = rates.baseRate.amount;
    fill(
      table,
      h(
        "table",
        { class: "today-table rates-table", "aria-label": t("rates.title") },
        h("thead", {}, h("tr", {}, h("th", { scope: "col", text: t("rates.night") }), h("th", { scope: "col", text: t("rates.rate") }), h("th", { scope: "col", text: t("rates.restrictions") }))),
        h(
          "tbody",
          {},
          rates.nights.map((night) =>
            h(
              "tr",
              { dataset: { night: night.date }, class: night.rate.amount === base ? "" : "rates-special" },
              h("th", { scope: "row", text: `${i18n.weekday(night.date)} ${i18n.date(night.date)}` }),
              h("td", { class: "today-money", text: i18n.money(night.rate) }),
              h("td", { class: "rates-restriction", text: restrictionText(night.restriction) }),
            ),
          ),
        ),
      ),
      h("p", { class: "rates-base", text: t("rates.base", { rate: i18n.money(rates.baseRate) }) }),
    );
  }

  await show();
  return { unmount() {} };
}
