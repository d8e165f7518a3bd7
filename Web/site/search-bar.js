// The search bar: where (a destination with suggestions typed in any of the five languages), when
// (our month calendar in a dialog) and who (adults, children and infants steppers, and how many rooms). It
// reads and writes the search as URL parameters, so a results page can be shared and reloaded.

import { h, fill } from "../common/dom.js";
import { bound } from "../common/limits.js";
import { nightsBetween } from "../common/dates.js";
import { get } from "../common/api.js";

/**
 * The limits of a party, from what the server says one online booking may hold (`site.limits`):
 * adults and children share the guests' limit, with one adult at least; infants count apart.
 * @param {{maxGuests: number, maxInfants: number}} limits
 */
export function partyLimits(limits) {
  return {
    adults: { min: bound("stay.adults").min, max: limits.maxGuests },
    children: { min: 0, max: limits.maxGuests - 1 },
    infants: { min: 0, max: limits.maxInfants },
    // Rooms together for the party: one, or as many as one online booking holds.
    roomCount: bound("search.rooms"),
    guests: limits.maxGuests,
  };
}

/** A search from URL parameters, with defaults for what is missing, its party within `limits`. */
export function searchOf(params, limits) {
  const party = partyLimits(limits);
  const count = (key, fallback) => {
    const n = Number.parseInt(params.get(key) ?? "", 10);
    return Number.isFinite(n) ? Math.min(Math.max(n, party[key].min), party[key].max) : fallback;
  };
  return {
    region: params.get("region") ?? "",
    arrival: params.get("arrival") || null,
    departure: params.get("departure") || null,
    adults: count("adults", 2),
    children: count("children", 0),
    infants: count("infants", 0),
    // Absent for one room, as a search's address has always been.
    roomCount: count("roomCount", 1) > 1 ? count("roomCount", 1) : null,
  };
}

/**
 * A party in words: "3 guests, Infants 1, 2 rooms". Infants are named apart, as they take no bed; rooms when
 * the search asks for more than one.
 * @param {(key: string, params?: object) => string} t
 * @param {{number: (value: number) => string}} i18n
 * @param {{adults: number, children?: number, infants?: number, roomCount?: number | null}} party
 */
export function partyText(t, i18n, { adults, children = 0, infants = 0, roomCount = null }) {
  const guests = t("guests", { count: adults + children });
  return [
    guests,
    infants ? `${t("guests.infants")} ${i18n.number(infants)}` : null,
    roomCount > 1 ? t("rooms.count", { count: roomCount }) : null,
  ].filter(Boolean).join(", ");
}

/**
 * A query string for the API: URLSearchParams writes a space as "+", which our server reads as a plus;
 * "%20" reads as a space everywhere.
 */
export function queryOf(params) {
  return String(params).replace(/\+/g, "%20");
}

/** URL parameters of a search (and any extra ones, such as the price range or the sort). */
export function paramsOf(search, extra = {}) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries({ ...search, ...extra })) {
    if (value !== null && value !== undefined && value !== "") params.set(key, String(value));
  }
  return params;
}

/**
 * Whether a stepper may go up or down: adults and children share the party's limit.
 * @returns {{ down: boolean, up: boolean }}
 */
export function stepperBounds(party, key, limits) {
  const bounds = partyLimits(limits);
  const limit = bounds[key];
  const guests = party.adults + party.children;
  const value = party[key] ?? limit.min;
  const up = value < limit.max && (key === "infants" || key === "roomCount" || guests < bounds.guests);
  return { down: value > limit.min, up };
}

/** How many months a calendar from `today` shows so that an arrival `days` later is in its last one. */
export function monthsAhead(today, days) {
  const last = new Date(Date.parse(`${today}T00:00:00Z`) + days * 86_400_000);
  const [year, month] = today.split("-").map(Number);
  return (last.getUTCFullYear() - year) * 12 + (last.getUTCMonth() + 1 - month) + 1;
}

/**
 * Opens `dialog` with the month calendar to choose a stay's dates; Done hands them to `onDone`.
 * `closed` holds a place's restricted days (`closedDays`), which the calendar refuses with words. The
 * calendar's module is asked for when a calendar is first opened (app.js fetches it once the first screen is
 * drawn): no first screen waits for it.
 */
export async function chooseDates(site, dialog, { value, closed, onDone }) {
  const { createRangeCalendar } = await import("./calendar.js");
  const { t } = site.i18n;
  const i18n = site.i18n;
  const draft = { arrival: value.arrival, departure: value.departure };
  const { today, limits } = site;
  const calendar = createRangeCalendar({
    locale: i18n.locale, today, months: monthsAhead(today, limits.horizonDays), value: draft, minNights: 1,
    maxNights: limits.maxNights, closed,
    labels: {
      calendar: t("calendar.title"), arrival: t("calendar.arrival"), departure: t("calendar.departure"),
      nights: (count) => i18n.nights(count), clear: t("calendar.clear"), chooseArrival: t("calendar.pickArrival"),
      chooseDeparture: t("calendar.pickDeparture"), tooFewNights: (count) => t("calendar.tooShort", { count }),
      tooManyNights: (count) => t("calendar.tooLong", { count }),
      closedToArrival: t("calendar.closedToArrival"), closedToDeparture: t("calendar.closedToDeparture"),
      stopSell: t("calendar.stopSell"), minStay: (count) => t("calendar.minStay", { count }),
      maxStay: (count) => t("calendar.maxStay", { count }),
    },
    onChange: (chosen) => {
      draft.arrival = chosen.arrival;
      draft.departure = chosen.departure;
      done.disabled = !(chosen.arrival && chosen.departure);
    },
  });
  const done = h("button", {
    type: "button", class: "site-button is-primary", id: "search-dates-done", text: t("common.done"),
    disabled: !(draft.arrival && draft.departure),
    onclick: () => {
      dialog.close();
      onDone(draft);
    },
  });
  fill(
    dialog,
    h("div", { class: "site-dialog-head" },
      h("h2", { id: "search-dates-title", text: t("calendar.title") }),
      h("button", { type: "button", class: "site-button is-quiet", "aria-label": t("common.close"), text: "×", onclick: () => dialog.close() }),
    ),
    calendar.element,
    h("div", { class: "site-dialog-foot" }, done),
  );
  dialog.addEventListener("close", () => calendar.destroy(), { once: true });
  dialog.showModal();
  calendar.focusDay(draft.arrival ?? today);
}


/**
 * @param {object} site the app (`i18n`, `navigate`)
 * @param {ReturnType<typeof searchOf>} initial
 * @param {{ compact?: boolean }} [options]
 */
export function createSearchBar(site, initial, { compact = false } = {}) {
  const { t } = site.i18n;
  const i18n = site.i18n;
  const search = { ...initial };
  const message = h("p", { class: "site-form-error", role: "alert", id: "search-error" });

  // MARK: where
  const listbox = h("ul", { class: "search-suggestions", id: "search-suggestions", role: "listbox", "aria-label": t("search.suggestions"), hidden: true });
  const region = h("input", {
    id: "search-region", type: "text", value: search.region, autocomplete: "off", spellcheck: false,
    placeholder: t("search.regionPlaceholder"), role: "combobox", "aria-autocomplete": "list",
    "aria-expanded": "false", "aria-controls": "search-suggestions",
  });
  let suggestions = [];
  let active = -1;
  let asking = 0;
  let timer = 0;
  const labelOf = (suggestion) => suggestion.label?.[i18n.code] ?? suggestion.name;
  function showSuggestions(list) {
    suggestions = list;
    active = -1;
    fill(
      listbox,
      list.map((suggestion, index) =>
        h(
          "li",
          {
            id: `search-suggestion-${index}`, role: "option", class: "search-suggestion", "aria-selected": "false",
            onpointerdown: (event) => {
              event.preventDefault();
              choose(index);
            },
          },
          h("span", { class: "search-suggestion-name", text: labelOf(suggestion) }),
          h("span", {
            class: "search-suggestion-detail",
            text: [suggestion.kind === "city" ? suggestion.regionLabel?.[i18n.code] ?? suggestion.region : "", t("search.placesIn", { count: suggestion.places })]
              .filter(Boolean)
              .join(" · "),
          }),
        ),
      ),
    );
    listbox.hidden = list.length === 0;
    region.setAttribute("aria-expanded", String(list.length > 0));
    region.removeAttribute("aria-activedescendant");
  }
  function highlight(index) {
    active = index;
    listbox.querySelectorAll("[role=option]").forEach((option, i) => option.setAttribute("aria-selected", String(i === index)));
    if (index >= 0) region.setAttribute("aria-activedescendant", `search-suggestion-${index}`);
    else region.removeAttribute("aria-activedescendant");
  }
  function choose(index) {
    const suggestion = suggestions[index];
    if (!suggestion) return;
    search.region = labelOf(suggestion);
    region.value = search.region;
    showSuggestions([]);
  }
  async function suggest() {
    const asked = ++asking;
    try {
      const { suggestions: list } = await get(`/api/v1/public/regions?q=${encodeURIComponent(region.value.trim())}`);
      if (asked === asking && document.activeElement === region) showSuggestions(list);
    } catch {
      // Suggestions are a help: without them the guest types the name.
    }
  }
  region.addEventListener("input", () => {
    search.region = region.value;
    clearTimeout(timer);
    timer = setTimeout(suggest, 120);
  });
  region.addEventListener("focus", () => suggest());
  region.addEventListener("blur", () => setTimeout(() => showSuggestions([]), 100));
  region.addEventListener("keydown", (event) => {
    if (listbox.hidden) return;
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      const n = suggestions.length;
      highlight(event.key === "ArrowDown" ? (active + 1) % n : (active - 1 + n) % n);
    } else if (event.key === "Enter" && active >= 0) {
      event.preventDefault();
      choose(active);
    } else if (event.key === "Escape") {
      showSuggestions([]);
    }
  });

  // MARK: when
  const datesButton = h("button", { type: "button", id: "search-dates", class: "search-field-button", "aria-haspopup": "dialog", onclick: () => openDates() });
  function describeDates() {
    datesButton.textContent = search.arrival && search.departure
      ? `${i18n.dayMonth(search.arrival)} – ${i18n.dayMonth(search.departure)} · ${i18n.nights(nightsBetween(search.arrival, search.departure))}`
      : t("search.datesPlaceholder");
  }
  const datesDialog = h("dialog", { class: "site-dialog search-dates-dialog", "aria-labelledby": "search-dates-title" });
  function openDates() {
    return chooseDates(site, datesDialog, {
      value: { arrival: search.arrival, departure: search.departure },
      onDone: (value) => {
        search.arrival = value.arrival;
        search.departure = value.departure;
        describeDates();
      },
    });
  }

  // MARK: who
  const guestsButton = h("button", { type: "button", id: "search-guests", class: "search-field-button", "aria-haspopup": "dialog", onclick: () => openGuests() });
  function describeGuests() {
    guestsButton.textContent = partyText(t, i18n, search);
  }
  const guestsDialog = h("dialog", { class: "site-dialog search-guests-dialog", "aria-labelledby": "search-guests-title" });
  function openGuests() {
    const rows = ["adults", "children", "infants", "roomCount"].map((key) => {
      const what = t(`guests.${key}`);
      const value = h("output", { class: "stepper-value", id: `guests-${key}`, "aria-live": "polite", text: i18n.number(search[key] ?? 1) });
      const down = h("button", { type: "button", class: "stepper-button", "aria-label": t("guests.fewer", { what }), text: "−", onclick: () => change(key, -1) });
      const up = h("button", { type: "button", class: "stepper-button", "aria-label": t("guests.more", { what }), text: "+", onclick: () => change(key, 1) });
      return {
        key, value, down, up,
        element: h("div", { class: "stepper", role: "group", "aria-labelledby": `guests-${key}-label` },
          h("div", { class: "stepper-label" },
            h("span", { id: `guests-${key}-label`, text: what }),
            h("small", { text: t(`guests.${key}Hint`) }),
          ),
          down, value, up,
        ),
      };
    });
    function refresh() {
      for (const row of rows) {
        const bounds = stepperBounds(search, row.key, site.limits);
        row.down.disabled = !bounds.down;
        row.up.disabled = !bounds.up;
        row.value.textContent = i18n.number(search[row.key] ?? 1);
      }
      describeGuests();
    }
    function change(key, delta) {
      const bounds = stepperBounds(search, key, site.limits);
      if ((delta > 0 && !bounds.up) || (delta < 0 && !bounds.down)) return;
      // One room is the search as it has always been: no count in its address.
      search[key] = key === "roomCount" ? ((search.roomCount ?? 1) + delta > 1 ? (search.roomCount ?? 1) + delta : null) : search[key] + delta;
      refresh();
    }
    fill(
      guestsDialog,
      h("div", { class: "site-dialog-head" },
        h("h2", { id: "search-guests-title", text: t("guests.title") }),
      ),
      rows.map((row) => row.element),
      h("div", { class: "site-dialog-foot" },
        h("button", { type: "button", class: "site-button is-primary", text: t("common.done"), onclick: () => guestsDialog.close() }),
      ),
    );
    refresh();
    guestsDialog.showModal();
    rows[0].up.focus();
  }

  // On a phone, the results page shows the search as one line that opens the whole form.
  const summary = compact
    ? h("button", {
        type: "button", class: "search-summary", id: "search-summary", "aria-expanded": "false",
        "aria-label": t("search.change"),
        onclick: () => {
          const open = form.classList.toggle("is-open");
          summary.setAttribute("aria-expanded", String(open));
          if (open) region.focus();
        },
      })
    : null;
  function describeSummary() {
    if (!summary) return;
    const dates = search.arrival && search.departure ? `${i18n.dayMonth(search.arrival)} – ${i18n.dayMonth(search.departure)}` : "";
    fill(summary,
      h("strong", { text: search.region || t("search.region") }),
      h("span", { text: [dates, partyText(t, i18n, search)].filter(Boolean).join(" · ") }),
    );
  }

  const form = h(
    "form",
    { class: `search-bar${compact ? " is-compact" : ""}`, role: "search", novalidate: true },
    summary,
    h("div", { class: "search-field search-where" },
      h("label", { for: "search-region", text: t("search.region") }),
      region,
      listbox,
    ),
    h("div", { class: "search-field" }, h("span", { class: "search-label", id: "search-dates-label", text: t("search.dates") }), datesButton),
    h("div", { class: "search-field" }, h("span", { class: "search-label", text: t("search.guests") }), guestsButton),
    h("button", { type: "submit", class: "site-button is-primary search-submit", text: t("search.submit") }),
    message,
    datesDialog,
    guestsDialog,
  );
  datesButton.setAttribute("aria-labelledby", "search-dates-label search-dates");
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    message.textContent = "";
    if (!search.region.trim()) {
      message.textContent = t("search.regionMissing");
      region.focus();
      return;
    }
    if (!search.arrival || !search.departure) {
      message.textContent = t("search.datesMissing");
      openDates();
      return;
    }
    const params = paramsOf({ ...search, region: search.region.trim() });
    // The page searched from keeps the search, so that Back from the results finds it filled in.
    if (!compact) history.replaceState(null, "", `#/?${params}`);
    site.navigate(`#/search?${params}`);
  });
  describeDates();
  describeGuests();
  describeSummary();
  return { element: form, focus: () => region.focus() };
}
