// A salon's repeat bookings (定期予約) at the desk. In the New appointment panel: **Repeat** every so many
// weeks, so many times; **Check times** asks the server's plan (`appointments/series/plan`, which books
// nothing) and lists each visit, a free one ticked, a taken one or one outside working hours marked with
// the nearest free times to pick, **Book over it anyway** or **Skip this visit**; **Book N visits** books
// those chosen as one series, all or none. A refusal is said beside the visit it names (`visits[i].start`)
// and that visit then asks again. On an appointment of a series, a change or a cancellation asks whether it
// is for **this visit only** or **this and all later visits** (`applyTo`); a later visit the server finds
// taken (or outside hours) is said with its date, and **Move them anyway** sends the change again over it.
// The server decides everything: the desk only shows what it was told.

import { call, errorText, keyPerBody } from "../../api.js";
import { h, fill } from "../../../common/dom.js";
import { numberRange } from "../../../common/limits.js";

// MARK: - The visits chosen (pure: `node --test` pins it)

/** The index of the visit a refusal names (`visits[2].start`: 2), or null. */
export function visitIndexOfField(field) {
  const match = /^visits\[(\d+)\]/.exec(field ?? "");
  return match ? Number(match[1]) : null;
}

/** Whether a planned visit can be booked as it is: neither taken nor outside working hours. */
export const isFree = (visit) => !visit.taken && !visit.outsideHours;

/**
 * The first choice for each planned visit: a free one booked at its time; one taken or outside working
 * hours undecided (undefined, left out) until the receptionist picks a time, books over it or skips it (null).
 * @returns {Array<{start: string, overlapping?: boolean, outsideWorkingHours?: boolean} | null | undefined>}
 */
export function firstChoices(visits) {
  return visits.map((visit) => (isFree(visit) ? { start: visit.start } : undefined));
}

/** The choice "Book over it anyway" makes for a visit: at its own time, saying what it is booked over. */
export function anyway(visit) {
  return {
    start: visit.start,
    ...(visit.taken ? { overlapping: true } : {}),
    ...(visit.outsideHours ? { outsideWorkingHours: true } : {}),
  };
}

/**
 * The `visits` to send, from the choices (those left out skipped), each with the index of the planned
 * visit it came from, so that a refusal naming `visits[i]` is said beside the right one.
 * @returns {{visits: object[], planned: number[]}}
 */
export function visitsToBook(choices) {
  const visits = [];
  const planned = [];
  choices.forEach((choice, index) => {
    if (!choice) return;
    visits.push({ ...choice });
    planned.push(index);
  });
  return { visits, planned };
}

/** A planned visit refused by the server at booking: marked as its reason says, and left out again. */
export function refusedVisit(visit, reason) {
  return {
    ...visit,
    taken: reason === "appointment.taken" || visit.taken,
    outsideHours: reason === "appointment.outsideShift" || visit.outsideHours,
    alternatives: [],
  };
}

/** A later visit's refusal of a change "this and all later": what sending it again over that takes. */
export function passedOver(error) {
  if (!error?.params?.start) return null;
  if (error.reason === "appointment.taken") return { overlapping: true };
  if (error.reason === "appointment.outsideShift") return { outsideWorkingHours: true };
  return null;
}

// MARK: - Times in the salon's zone

/** Formats instants in the salon's zone: a visit's day and time, and a time alone (an alternative that day). */
export function seriesClock(i18n, timeZone) {
  const when = new Intl.DateTimeFormat(i18n.locale, {
    weekday: "short", day: "numeric", month: "short", year: "numeric", hour: "2-digit", minute: "2-digit", hourCycle: "h23", timeZone,
  });
  const time = new Intl.DateTimeFormat(i18n.locale, { hour: "2-digit", minute: "2-digit", hourCycle: "h23", timeZone });
  return { when: (instant) => when.format(new Date(instant)), time: (instant) => time.format(new Date(instant)) };
}

// MARK: - The New appointment panel's repeat

/**
 * The repeat of a new appointment: its controls (`box`, to go inside the appointment form) and the visits
 * planned (`list`, after it).
 * @param {object} i18n the desk's
 * @param {{propertyId: number, timeZone: string, booked: (appointments: object[], details: object) => void,
 *   askToBook: () => void}} options `booked` is told the series' appointments once the server has booked them;
 *   `askToBook` is what **Book N visits** does (the form's own checks first, then `book`)
 * @returns {{box: HTMLElement, list: HTMLElement, readonly on: boolean, check: (details) => Promise<void>,
 *   book: (details) => Promise<void>, forget: () => void, onToggle: (listener) => void}}
 */
export function repeatBooking(i18n, { propertyId, timeZone, booked, askToBook }) {
  const { t } = i18n;
  const clock = seriesClock(i18n, timeZone);
  const toggleListeners = [];
  const keyFor = keyPerBody();

  const repeat = h("input", { type: "checkbox", id: "new-repeat", role: "switch" });
  const weeks = h("input", { type: "number", id: "new-repeat-weeks", ...numberRange("series.weeks"), step: "1", value: "4", inputMode: "numeric" });
  const times = h("input", { type: "number", id: "new-repeat-times", ...numberRange("series.times"), step: "1", value: "6", inputMode: "numeric" });
  const weeksError = h("p", { class: "desk-form-error", id: "new-repeat-weeks-error", role: "alert" });
  const timesError = h("p", { class: "desk-form-error", id: "new-repeat-times-error", role: "alert" });
  weeks.setAttribute("aria-describedby", weeksError.id);
  times.setAttribute("aria-describedby", timesError.id);
  const rule = h("p", { class: "desk-hint", id: "new-repeat-rule", role: "status" });
  const fields = h(
    "div",
    { class: "board-repeat-rule", hidden: true },
    h("label", { for: "new-repeat-weeks", text: t("series.everyWeeks") }), weeks, weeksError,
    h("label", { for: "new-repeat-times", text: t("series.times") }), times, timesError,
    rule,
  );
  const box = h(
    "fieldset",
    { class: "board-repeat" },
    h("legend", { text: t("appointment.series") }),
    h("div", { class: "board-repeat-switch" }, repeat, h("label", { for: "new-repeat", text: t("series.repeat") })),
    fields,
  );

  const visitsList = h("ol", { class: "board-series-visits", id: "series-visits" });
  const bookButton = h("button", { type: "button", class: "desk-button is-primary", id: "series-book", onclick: () => askToBook() });
  const message = h("p", { class: "desk-form-error", id: "series-error", role: "alert" });
  const list = h(
    "section",
    { class: "board-series", id: "series-plan", "aria-label": t("series.visits"), hidden: true },
    h("h3", { text: t("series.visits") }),
    visitsList,
    message,
    h("div", { class: "desk-row" }, bookButton),
  );

  /** The plan as the server answered it, the choice made for each visit, and the refusal said beside each. */
  let planned = [];
  let choices = [];
  let refusals = [];

  const readRule = () => ({ everyWeeks: wholeNumber(weeks.value), times: wholeNumber(times.value) });
  const showRule = () => {
    const { everyWeeks, times: count } = readRule();
    rule.textContent = Number.isInteger(everyWeeks) && Number.isInteger(count) ? t("series.rule", { count: everyWeeks, times: count }) : "";
  };
  showRule();
  weeks.addEventListener("input", () => { weeksError.textContent = ""; showRule(); });
  times.addEventListener("input", () => { timesError.textContent = ""; showRule(); });
  repeat.addEventListener("change", () => {
    fields.hidden = !repeat.checked;
    forget();
    for (const listener of toggleListeners) listener(repeat.checked);
  });

  function forget() {
    planned = [];
    choices = [];
    refusals = [];
    fill(visitsList);
    message.textContent = "";
    list.hidden = true;
  }

  const count = () => choices.filter(Boolean).length;

  function drawBookButton() {
    bookButton.textContent = t("series.book", { count: count() });
    bookButton.disabled = count() === 0;
  }

  function choose(index, choice) {
    choices[index] = choice;
    refusals[index] = "";
    draw(index);
    drawBookButton();
  }

  /** One visit's row: a free one's tick, or a marked one's choices; the refusal said beside it. */
  function visitRow(visit, index) {
    const choice = choices[index];
    const id = `series-visit-${index}`;
    const error = h("p", { class: "desk-form-error", id: `${id}-error`, role: "alert", text: refusals[index] || "" });
    if (isFree(visit)) {
      const tick = h("input", {
        type: "checkbox", id: `${id}-book`, checked: Boolean(choice), "aria-describedby": error.id,
        onchange: (event) => choose(index, event.currentTarget.checked ? { start: visit.start } : null),
      });
      return h(
        "li",
        { class: "board-series-visit is-free", id, dataset: { index: String(index), start: visit.start } },
        tick,
        h("label", { for: tick.id, text: clock.when(visit.start) }),
        h("span", { class: "board-series-mark", text: ` · ${t("series.free")}` }),
        error,
      );
    }
    const marks = [visit.taken ? t("series.taken") : null, visit.outsideHours ? t("series.outsideHours") : null].filter(Boolean);
    const pressed = (yes) => (yes ? "true" : "false");
    const alternatives = (visit.alternatives ?? []).map((start) =>
      h("button", {
        type: "button", class: "desk-button board-series-alternative", text: clock.time(start),
        "aria-label": t("series.pick", { time: clock.when(start) }), "aria-pressed": pressed(choice?.start === start),
        dataset: { start }, onclick: () => choose(index, { start }),
      }),
    );
    const over = choice?.start === visit.start;
    const status =
      choice === undefined
        ? t("series.chosen.none")
        : choice === null
          ? t("series.chosen.skip")
          : over
          ? t("series.chosen.anyway")
          : t("series.chosen.alternative", { time: clock.when(choice.start) });
    return h(
      "li",
      { class: "board-series-visit is-marked", id, dataset: { index: String(index), start: visit.start } },
      h("p", {}, h("strong", { text: clock.when(visit.start) }), h("span", { class: "board-series-mark", text: ` · ${marks.join(" · ")}` })),
      alternatives.length ? h("div", { class: "desk-row board-series-alternatives", role: "group", "aria-label": t("series.alternatives") }, h("span", { text: t("series.alternatives") }), alternatives) : null,
      h(
        "div",
        { class: "desk-row" },
        h("button", { type: "button", class: "desk-button", id: `${id}-anyway`, text: t("series.anyway"), "aria-pressed": pressed(over), onclick: () => choose(index, anyway(visit)) }),
        h("button", { type: "button", class: "desk-button is-quiet", id: `${id}-skip`, text: t("series.skip"), "aria-pressed": pressed(choice === null), onclick: () => choose(index, null) }),
      ),
      h("p", { class: "desk-hint", id: `${id}-status`, role: "status", text: status }),
      error,
    );
  }

  function draw(index) {
    const row = visitRow(planned[index], index);
    const old = visitsList.children[index];
    if (old) {
      const focused = old.contains(document.activeElement) ? document.activeElement.id || document.activeElement.dataset?.start : null;
      old.replaceWith(row);
      if (focused) (row.querySelector(`#${CSS.escape(focused)}`) ?? row.querySelector(`[data-start="${focused}"]`))?.focus();
    } else {
      visitsList.append(row);
    }
  }

  /** Plans the series for the form's member, service, start and length: nothing is booked yet. */
  async function check(details) {
    forget();
    weeksError.textContent = "";
    timesError.textContent = "";
    try {
      const { data } = await call("POST", `/api/v1/properties/${propertyId}/appointments/series/plan`, {
        body: {
          staffId: details.staffId, serviceId: details.serviceId, start: details.start,
          durationMinutes: details.durationMinutes, repeat: readRule(),
        },
      });
      planned = data.visits;
    } catch (error) {
      if (error.field === "repeat.everyWeeks") weeksError.textContent = errorText(error, t);
      else if (error.field === "repeat.times") timesError.textContent = errorText(error, t);
      else throw error;
      return;
    }
    choices = firstChoices(planned);
    refusals = planned.map(() => "");
    planned.forEach((_, index) => draw(index));
    drawBookButton();
    list.hidden = false;
    (visitsList.querySelector(".is-marked button") ?? bookButton).focus();
  }

  /**
   * Books the visits chosen as one series, with the form's customer and notes. A refusal naming a visit is
   * said beside it, which then asks again; any other is thrown for the form to show under its field.
   */
  async function book(details) {
    message.textContent = "";
    const { visits, planned: indices } = visitsToBook(choices);
    const body = {
      staffId: details.staffId, serviceId: details.serviceId, durationMinutes: details.durationMinutes,
      customer: details.customer, notes: details.notes || undefined, visits,
      // One confirmation for the series, in the language chosen on the form (none without one).
      language: details.language || undefined,
    };
    bookButton.disabled = true;
    let data;
    try {
      ({ data } = await call("POST", `/api/v1/properties/${propertyId}/appointments/series`, { body, idempotencyKey: keyFor(body) }));
    } catch (error) {
      const sent = visitIndexOfField(error.field);
      const index = sent === null ? undefined : indices[sent];
      if (index === undefined) {
        drawBookButton();
        if (error.field && !error.field.startsWith("visits")) throw error;
        message.textContent = errorText(error, t);
        return;
      }
      planned[index] = refusedVisit(planned[index], error.reason);
      choices[index] = undefined;
      refusals[index] = errorText(error, t);
      draw(index);
      drawBookButton();
      visitsList.children[index]?.querySelector("button")?.focus();
      return;
    }
    booked(data.appointments, details);
  }

  return {
    box,
    list,
    get on() {
      return repeat.checked;
    },
    check,
    book,
    forget,
    onToggle: (listener) => toggleListeners.push(listener),
  };
}

const wholeNumber = (text) => (/^\s*-?\d+\s*$/.test(text) ? Number(text) : text.trim() === "" ? undefined : Number(text));

// MARK: - An appointment of a series

/**
 * Asks in `place` whether a change or a cancellation is for this visit only or this and every later visit
 * of its series: resolves to "this" or "following", or null when the appointment is kept as it is.
 * @param {object} i18n the page's
 * @param {HTMLElement} place where the question goes (emptied after)
 * @param {string} questionKey "series.changeWhich" or "series.cancelWhich"
 */
export function askWhichVisits(i18n, place, questionKey) {
  const { t } = i18n;
  return new Promise((resolve) => {
    const answer = (value) => () => {
      fill(place);
      resolve(value);
    };
    const question = t(questionKey);
    fill(
      place,
      h(
        "div",
        { class: "desk-confirm appointment-series-which", role: "alertdialog", "aria-label": question },
        h("p", { id: "series-which", text: question }),
        h("button", { type: "button", class: "desk-button", id: "series-this", text: t("series.thisOnly"), onclick: answer("this") }),
        h("button", { type: "button", class: "desk-button", id: "series-following", text: t("series.following"), onclick: answer("following") }),
        h("button", { type: "button", class: "desk-button is-quiet", id: "series-keep", text: t("confirm.keep"), onclick: answer(null) }),
      ),
    );
    place.querySelector("#series-this").focus();
  });
}

/**
 * Sends a change to an appointment and every later visit of its series (`applyTo: "following"`). A later
 * visit the server finds over another appointment, or outside working hours, is said in `place` with its
 * date, and **Move them anyway** sends the change again over it. Any other refusal is thrown.
 * @param {object} i18n the page's
 * @param {{place: HTMLElement, timeZone: string, body: object, send: (body: object) => Promise<void>}} parts
 *   `send` PATCHes the appointment with the body and shows it changed
 */
export async function changeFollowing(i18n, { place, timeZone, body, send }) {
  const { t } = i18n;
  const clock = seriesClock(i18n, timeZone);
  fill(place);
  try {
    await send({ ...body, applyTo: "following" });
  } catch (error) {
    const pass = passedOver(error);
    if (!pass) throw error;
    const said = t(error.reason === "appointment.taken" ? "series.laterTaken" : "series.laterOutside", { when: clock.when(error.params.start) });
    const failure = h("p", { class: "desk-form-error", role: "alert" });
    const again = h("button", {
      type: "button", class: "desk-button is-danger", id: "series-move-anyway", text: t("series.moveAnyway"),
      onclick: async () => {
        again.disabled = true;
        failure.textContent = "";
        try {
          await changeFollowing(i18n, { place, timeZone, body: { ...body, ...pass }, send });
        } catch (refusal) {
          again.disabled = false;
          failure.textContent = errorText(refusal, t);
        }
      },
    });
    fill(
      place,
      h(
        "div",
        { class: "desk-confirm appointment-series-refused", role: "alertdialog", "aria-label": said },
        h("p", { id: "series-refused", text: said }),
        again,
        h("button", { type: "button", class: "desk-button is-quiet", id: "series-refused-keep", text: t("confirm.keep"), onclick: () => fill(place) }),
        failure,
      ),
    );
    again.focus();
  }
}
