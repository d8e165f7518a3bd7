// A salon's booking page (`#/salon/{id}?services=1,5&staff=any&day=YYYY-MM-DD`): the customer chooses
// services (done one after another in the order chosen), a stylist who performs all of them or anyone,
// a day on the site's calendar, then one of the free times the server works out; a day without any
// offers the waitlist instead (waitlist-join.js). Each choice is kept in the hash, so Back undoes the
// last one and a reload keeps them all.
//
// Tapping a time holds it for a few minutes (the previous hold replaced) and opens the form: name,
// its reading (フリガナ, optional), phone, email, notes and the salon's cancellation terms to accept,
// with the chosen services' fees in money (cancelling late, not coming) and the deposit they ask at
// booking (予約金, paid to the salon as it says: there is no paying online) read before confirming. The
// server decides everything: its refusal is worded next to the field it names; a time taken meanwhile is refused in words and the
// day's free times are asked for again. The form is salon-visit-form.js; the terms' words, salon-terms.js.

import { h, fill } from "../common/dom.js";
import { call, errorText, get, getEarly, unreachable } from "../common/api.js";
import { createRangeCalendar } from "./calendar.js";
import { monthsAhead } from "./search-bar.js";
import { TAKEN, visitForm } from "./salon-visit-form.js";
import { waitlistJoin } from "./waitlist-join.js";

/**
 * The customer's choices from the hash, kept to what the salon offers: services it books online, each
 * once and at most `maxServices`; a stylist who performs every one of them (or "any"); a day from its
 * today to its last day. A choice that no longer fits is dropped, with those after it.
 * @param {URLSearchParams} params
 * @param {{services: {id: number, staffIds: number[]}[], maxServices: number, today: string, lastDay: string}} salon
 * @returns {{services: number[], staff: "any" | number | null, day: string | null}}
 */
export function choiceOf(params, salon) {
  const offered = new Set(salon.services.map((s) => s.id));
  const services = [...new Set((params.get("services") ?? "").split(",").map(Number))]
    .filter((id) => offered.has(id))
    .slice(0, salon.maxServices);
  const wanted = params.get("staff");
  const staff = !services.length || !wanted ? null
    : wanted === "any" ? "any"
    : stylistsFor(salon, services).includes(Number(wanted)) ? Number(wanted) : null;
  const day = params.get("day");
  const inWindow = staff !== null && /^\d{4}-\d{2}-\d{2}$/.test(day ?? "") && day >= salon.today && day <= salon.lastDay;
  return { services, staff, day: inWindow ? day : null };
}

/** The hash's parameters for a choice; the parts not yet chosen are left out. */
export function paramsOfChoice(choice) {
  const params = new URLSearchParams();
  if (choice.services.length) params.set("services", choice.services.join(","));
  if (choice.staff !== null) params.set("staff", String(choice.staff));
  if (choice.day) params.set("day", choice.day);
  return params;
}

/** The ids of the stylists in every chosen service's `staffIds`. */
export function stylistsFor(salon, serviceIds) {
  const chosen = salon.services.filter((s) => serviceIds.includes(s.id));
  return chosen.reduce((ids, service) => ids.filter((id) => service.staffIds.includes(id)), salon.staff.map((s) => s.id));
}

/** A length of time in minutes, short, in the locale's units ("45 分", "45 นาที"). */
export function durationText(locale, minutes) {
  return new Intl.NumberFormat(locale, { style: "unit", unit: "minute", unitDisplay: "short" }).format(minutes);
}

/** Instants shown on the salon's clock (its time zone, not the customer's). */
export function salonClock(locale, timeZone) {
  const time = new Intl.DateTimeFormat(locale, { timeZone, hour: "2-digit", minute: "2-digit", hourCycle: "h23" });
  const date = new Intl.DateTimeFormat(locale, { timeZone, dateStyle: "full" });
  const dateTime = new Intl.DateTimeFormat(locale, { timeZone, dateStyle: "medium", timeStyle: "short", hourCycle: "h23" });
  return {
    time: (instant) => time.format(new Date(instant)),
    date: (instant) => date.format(new Date(instant)),
    dateTime: (instant) => dateTime.format(new Date(instant)),
  };
}

export async function mount(main, site, route) {
  const i18n = site.i18n;
  const { t } = i18n;
  const id = Number(route.id);
  const page = h("div", { class: "salon-page", dataset: { salonId: String(id), state: "loading" } },
    h("p", { text: t("common.loading") }));
  fill(main, page);
  let salon;
  try {
    // The page's own first read, if it started one (site/early.js).
    salon = await getEarly(`/api/v1/public/salons/${id}?lang=${i18n.code}`);
  } catch (error) {
    if (unreachable(error)) site.sayUnreachable(page);
    else fill(page, h("p", { class: "site-error", role: "alert", text: error.status === 404 ? t("salon.notFound") : errorText(error, t) }));
    return { unmount() {} };
  }
  document.title = `${salon.salon.name} · ${t("site.name")}`;
  const clock = salonClock(i18n.locale, salon.salon.timeZone);
  const serviceById = new Map(salon.services.map((s) => [s.id, s]));
  const staffById = new Map(salon.staff.map((s) => [s.id, s]));
  let choice = choiceOf(route.params, salon);
  /** The time held for the customer: `{token, start, staffId, expiresAt}`. */
  let hold = null;
  let booked = false;
  let timesAsked = 0;
  /** Ends the countdown of the form on show, if any. */
  let stopForm = () => {};

  const step = (name, title) =>
    h("section", { class: "salon-step", id: `salon-${name}`, "aria-labelledby": `salon-${name}-title`, hidden: true },
      h("h2", { id: `salon-${name}-title`, text: title }));
  const steps = {
    services: step("services", t("salon.services")),
    staff: step("staff", t("salon.staff")),
    day: step("day", t("salon.day")),
    times: step("times", t("salon.times")),
    form: step("form", t("salon.details")),
  };
  steps.services.hidden = false;
  const serviceList = h("ul", { class: "salon-services", id: "salon-service-list" });
  const chosenList = h("div", { class: "salon-chosen", id: "salon-chosen", "aria-live": "polite" });
  steps.services.append(
    h("p", { class: "salon-hint", text: t("salon.servicesHint", { count: salon.maxServices }) }),
    serviceList, chosenList,
  );
  const staffList = h("div", { class: "salon-staff", id: "salon-staff-list", role: "group", "aria-labelledby": "salon-staff-title" });
  steps.staff.append(staffList);
  const calendar = createRangeCalendar({
    locale: i18n.locale, today: salon.today, lastDay: salon.lastDay, single: true,
    months: monthsAhead(salon.today, Math.round((Date.parse(salon.lastDay) - Date.parse(salon.today)) / 86_400_000)),
    labels: { calendar: t("salon.day"), arrival: t("salon.dayChosen"), chooseArrival: t("salon.pickDay") },
    onChange: (value) => go({ ...choice, day: value.arrival }),
  });
  steps.day.append(calendar.element);
  const timesNote = h("div", { class: "salon-times-note", id: "salon-times-note", role: "alert" });
  const timesList = h("ul", { class: "salon-times", id: "salon-times-list" });
  // A day without free times offers the waitlist in their place.
  const waitlist = h("div", { class: "salon-waitlist-spot" });
  steps.times.append(timesNote, timesList, waitlist);

  fill(page,
    h("header", { class: "salon-head" },
      h("h1", { id: "salon-title", text: salon.salon.name }),
      h("p", { class: "salon-where", text: [salon.salon.city, salon.salon.region].filter(Boolean).join(", ") }),
    ),
    Object.values(steps),
  );
  page.dataset.state = "complete";
  draw();

  /** Puts a new choice in the hash: its history entry is what Back returns to. */
  function go(next) {
    site.navigate(`#/salon/${id}?${paramsOfChoice(next)}`);
  }

  function draw() {
    const { services, staff, day } = choice;
    drawServices();
    steps.staff.hidden = services.length === 0;
    if (!steps.staff.hidden) drawStaff();
    steps.day.hidden = staff === null;
    calendar.setValue({ arrival: day });
    steps.times.hidden = day === null;
    releaseHold();
    if (day) askTimes();
  }

  function drawServices() {
    const full = choice.services.length >= salon.maxServices;
    fill(serviceList, salon.services.map((service) => {
      const order = choice.services.indexOf(service.id);
      return h("li", {},
        h("button", {
          type: "button", class: "salon-service", dataset: { serviceId: String(service.id) },
          "aria-pressed": String(order >= 0), disabled: full && order < 0,
          onclick: () => go({
            ...choice,
            services: order >= 0 ? choice.services.filter((s) => s !== service.id) : [...choice.services, service.id],
          }),
        },
        h("span", { class: "salon-service-order", "aria-hidden": "true", text: order >= 0 ? i18n.number(order + 1) : "" }),
        h("strong", { class: "salon-service-name", text: service.name }),
        h("span", { class: "salon-service-facts", text: `${durationText(i18n.locale, service.durationMinutes)} · ${i18n.money(service.price)}` }),
        ),
      );
    }));
    const chosen = choice.services.map((s) => serviceById.get(s));
    if (!chosen.length) {
      fill(chosenList);
      return;
    }
    const minutes = chosen.reduce((sum, s) => sum + s.durationMinutes, 0);
    const total = { amount: chosen.reduce((sum, s) => sum + s.price.amount, 0), currency: chosen[0].price.currency };
    fill(chosenList,
      h("h3", { text: t("salon.yourVisit") }),
      h("ol", {}, chosen.map((s) => h("li", { text: `${s.name} · ${durationText(i18n.locale, s.durationMinutes)}` }))),
      h("p", { class: "salon-total", id: "salon-total", text: t("salon.total", { price: i18n.money(total), duration: durationText(i18n.locale, minutes) }) }),
    );
  }

  function drawStaff() {
    const option = (value, label) => h("button", {
      type: "button", class: "salon-stylist", dataset: { staff: String(value) }, "aria-pressed": String(choice.staff === value),
      text: label, onclick: () => go({ ...choice, staff: value }),
    });
    fill(staffList,
      option("any", t("salon.anyone")),
      stylistsFor(salon, choice.services).map((staffId) => option(staffId, staffById.get(staffId).name)),
    );
  }

  /** The day's free times for the choice, from the server; an answer to an older choice is dropped. */
  async function askTimes(note = "") {
    const asked = ++timesAsked;
    const { services, staff, day } = choice;
    const query = new URLSearchParams({ day });
    for (const service of services) query.append("services", String(service));
    if (staff !== "any") query.set("staffId", String(staff));
    fill(steps.times.querySelector("h2"), t("salon.timesOn", { date: i18n.dateLong(day) }));
    fill(timesNote, note);
    fill(waitlist);
    steps.times.dataset.state = "loading";
    fill(timesList, h("li", { class: "salon-loading", text: t("common.loading") }));
    let answer;
    try {
      answer = await get(`/api/v1/public/salons/${id}/free-times?${query}`);
    } catch (error) {
      if (asked !== timesAsked) return;
      fill(timesList);
      if (unreachable(error)) site.sayUnreachable(timesNote);
      else fill(timesNote, h("p", { class: "site-error", text: errorText(error, t) }));
      return;
    }
    if (asked !== timesAsked) return;
    steps.times.dataset.state = "ready";
    if (!answer.times.length) {
      fill(timesList, h("li", { class: "salon-no-times", id: "salon-no-times", text: t("salon.noTimes") }));
      fill(waitlist, waitlistJoin({
        site, salon, choice,
        serviceName: serviceById.get(services[0])?.name,
        stylistName: staff === "any" ? null : staffById.get(staff)?.name,
      }));
      return;
    }
    fill(timesList, answer.times.map((time) =>
      h("li", {},
        h("button", {
          type: "button", class: "salon-time", dataset: { start: time.start, staffId: String(time.staffId) },
          "aria-pressed": String(hold?.start === time.start),
          text: time.time, onclick: (event) => holdTime(time, event.currentTarget),
        }),
      ),
    ));
  }

  async function holdTime(time, button) {
    for (const other of timesList.querySelectorAll(".salon-time")) other.setAttribute("aria-pressed", String(other === button));
    fill(timesNote, h("p", { class: "salon-holding", text: t("salon.holding") }));
    const body = { services: choice.services, start: time.start };
    if (choice.staff !== "any") body.staffId = choice.staff;
    if (hold) body.replaces = hold.token;
    try {
      const { data } = await call("POST", `/api/v1/public/salons/${id}/holds?lang=${i18n.code}`, { body });
      hold = data;
      fill(timesNote);
      showForm();
    } catch (error) {
      button.setAttribute("aria-pressed", "false");
      if (TAKEN.has(error.reason)) {
        // The time shown as held is gone; a previous hold is let go rather than left to expire.
        releaseHold();
        askTimes(h("p", { class: "site-error salon-taken", id: "salon-taken", text: error.message }));
      } else if (unreachable(error)) {
        fill(timesNote, h("p", { class: "site-error", text: errorText(error, t) }));
      } else {
        fill(timesNote, h("p", { class: "site-error", text: error.message }));
      }
    }
  }

  /** Lets a hold go when the choice changes under it: the time is free for others at once. */
  function releaseHold() {
    hideForm();
    if (!hold) return;
    call("DELETE", `/api/v1/public/salons/${id}/holds/${encodeURIComponent(hold.token)}`).catch(() => {});
    hold = null;
  }

  function hideForm() {
    stopForm();
    steps.form.hidden = true;
    fill(steps.form, h("h2", { id: "salon-form-title", text: t("salon.details") }));
  }

  /** Opens the form for the time held (salon-visit-form.js). */
  function showForm() {
    hideForm();
    const held = hold;
    const visit = visitForm({
      site, i18n, salon, id, choice, held, clock,
      chosen: choice.services.map((s) => serviceById.get(s)),
      stylist: held.staffId ? staffById.get(held.staffId)?.name : null,
      booked: () => {
        booked = true;
      },
      taken: (error) => {
        releaseHold();
        askTimes(h("p", { class: "site-error salon-taken", id: "salon-taken", text: error.message }));
        steps.times.scrollIntoView({ block: "start" });
      },
    });
    stopForm = visit.stop;
    fill(steps.form, h("h2", { id: "salon-form-title", text: t("salon.details") }), visit.form);
    steps.form.hidden = false;
    visit.focus();
    steps.form.scrollIntoView({ block: "start" });
  }

  return {
    update(next) {
      const before = choice;
      choice = choiceOf(next.params, salon);
      draw();
      // On a phone the step a choice opens is below the fold: it comes into view (not on Back).
      const opened = choice.day && choice.day !== before.day ? steps.times
        : choice.staff !== null && before.staff === null ? steps.day : null;
      opened?.scrollIntoView({ block: "start" });
    },
    unmount() {
      stopForm();
      if (!booked) releaseHold();
      calendar.destroy();
    },
  };
}
