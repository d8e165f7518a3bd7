// Booking a room type for the dates: what is booked and its itemised price, and the guest's name,
// email, phone, arrival time and requests. One Idempotency-Key per request body, kept across retries
// of it, so a double tap or a retry after a lost answer books once, while a form corrected after a
// refusal is a new request. A room taken meanwhile is refused with words and a way back to the
// search; nothing typed is lost when the server refuses. Coming back (Back, a reload) to a stay
// already booked in this tab says so and links to it, instead of offering the same booking again.

import { h, fill } from "../common/dom.js";
import { textLength } from "../common/limits.js";
import { call, errorText, keyPerBody, unreachable } from "../common/api.js";
import { paramsOf, partyText, searchOf } from "./search-bar.js";
import { priceLines } from "./price.js";
import { roomsOf } from "./rooms-choice.js";

/** The booking's confirmation code and email, kept for the confirmation page in this tab. */
export const CONFIRMATION_KEY = "frontdesk.site.booking";

/** The stays booked in this tab: `{ stay, code }`, `stay` naming place, room type, dates and party. */
const BOOKED_KEY = "frontdesk.site.booked";

/** What the guest has typed in the form, kept in this tab so a reload or a language switch keeps it. */
const DRAFT_KEY = "frontdesk.site.draft";

function draftOfThisTab() {
  try {
    return JSON.parse(sessionStorage.getItem(DRAFT_KEY) ?? "{}");
  } catch {
    return {};
  }
}

/**
 * The cancellation terms in words, before the guest books: free until the day the server says (by the
 * hotel's today), then a share of the total; or, without such a day, what cancelling costs from now.
 * @param {(key: string, params?: object) => string} t
 * @param {object} i18n
 * @param {{lateCancellationPercent: number, freeUntil?: string}} policy the place's or the plan's terms for
 *   the dates asked, as the server answers them
 */
export function cancellationTerms(t, i18n, policy) {
  const percent = policy.lateCancellationPercent;
  if (percent === 0) return t("book.termsAlwaysFree");
  const late = percent === 100 ? t("book.termsLateAll") : t("place.cancelLate", { percent: i18n.percent(percent / 100) });
  if (!policy.freeUntil) return percent === 100 ? t("book.termsNonRefundable") : t("book.termsNoFree", { percent: i18n.percent(percent / 100) });
  return `${t("book.termsFreeUntil", { date: i18n.date(policy.freeUntil) })} ${late}`;
}

function bookedInThisTab() {
  try {
    return JSON.parse(sessionStorage.getItem(BOOKED_KEY) ?? "[]");
  } catch {
    return [];
  }
}

const EMAIL = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;

export async function mount(main, site, route) {
  const { t } = site.i18n;
  const i18n = site.i18n;
  const id = Number(route.id);
  const search = searchOf(route.params, site.limits);
  const roomTypeId = Number(route.params.get("roomType"));
  const summary = h("section", { class: "book-summary", "aria-labelledby": "book-title" },
    h("h1", { id: "book-title", text: t("book.title") }),
    h("p", { text: t("common.loading") }),
  );
  const message = h("div", { class: "site-form-error", role: "alert", id: "book-error" });
  fill(main, h("div", { class: "book-page" }, summary));

  let answer;
  try {
    answer = await site.placeDetail(id, route.params);
  } catch (error) {
    if (unreachable(error)) site.sayUnreachable(summary);
    else fill(summary, h("p", { class: "site-error", role: "alert", text: errorText(error, t) }));
    return { unmount() {} };
  }
  const place = answer.property;
  // Several rooms (rooms-choice.js): each its type and share of the party, priced for that share.
  const groupRooms = roomsToBook(roomsOf(route.params));
  const roomType = groupRooms ? answer.roomTypes.find((r) => r.id === groupRooms[0].roomTypeId) : answer.roomTypes.find((r) => r.id === roomTypeId);
  // A rate plan chosen on the place page: its price, terms and deposit; one no longer offered says so.
  const planId = Number(route.params.get("plan")) || null;
  const plan = planId ? roomType?.plans?.find((p) => p.id === planId) : null;
  const searchAgain = `#/search?${paramsOf({ ...search, region: place.city })}`;
  // A room priced for the whole party (one room), or each of several for its share.
  const priced = groupRooms ? groupRooms.every((room) => room.price) : roomType?.price;
  if (!roomType || !priced || (planId && !plan)) {
    const gone = roomType?.price && planId && !plan;
    fill(summary,
      h("h1", { id: "book-title", text: t("book.title") }),
      h("p", { class: "site-error", role: "alert", text: t(gone ? "book.planGone" : "book.taken") }),
      gone
        ? h("a", { class: "site-button", href: `#/places/${id}?${paramsOf({ ...search, region: null })}`, text: t("book.otherPlans") })
        : h("a", { class: "site-button", href: searchAgain, text: t("book.searchAgain") }),
    );
    return { unmount() {} };
  }
  const terms = plan?.nonRefundable
    ? t("book.termsPlanNonRefundable")
    : cancellationTerms(t, i18n, plan ?? answer.policy);
  const total = groupRooms && { ...groupRooms[0].price.total, amount: groupRooms.reduce((sum, room) => sum + room.price.total.amount, 0) };
  fill(summary,
    h("h1", { id: "book-title", text: t("book.title") }),
    h("p", { class: "book-place" }, h("strong", { text: place.name }), groupRooms ? ` · ${t("rooms.count", { count: groupRooms.length })}` : ` · ${roomType.name}`, plan ? ` · ${plan.name}` : ""),
    h("p", { class: "book-dates", text: `${i18n.date(search.arrival)} – ${i18n.date(search.departure)} · ${partyText(t, i18n, search)}` }),
    groupRooms
      ? h("ol", { class: "book-rooms", id: "book-rooms" }, groupRooms.map((room) =>
          h("li", { class: "book-room", dataset: { roomTypeId: String(room.roomTypeId) } },
            h("h2", { text: `${room.name} · ${partyText(t, i18n, room)}` }),
            priceLines(site, room.price),
          )))
      : priceLines(site, plan?.price ?? roomType.price),
    groupRooms ? h("p", { class: "book-total", id: "book-total", text: t("rooms.total", { price: i18n.money(total) }) }) : null,
    h("p", { class: "book-terms", id: "book-terms", text: terms }),
    plan?.deposit ? h("p", { class: "book-deposit", id: "book-deposit", text: t("book.deposit", { amount: i18n.money(plan.deposit) }) }) : null,
  );

  const stayOfPage = [id, groupRooms ? route.params.get("rooms") : roomTypeId, search.arrival, search.departure, search.adults, search.children ?? 0, planId ?? ""].join("|");
  const booked = bookedInThisTab().find((entry) => entry.stay === stayOfPage);
  if (booked) {
    const again = h("button", { type: "button", class: "site-button", id: "book-another", text: t("book.another") });
    const notice = h("div", { class: "book-done", role: "status", id: "book-done" },
      h("p", { text: t("book.alreadyBooked", { code: booked.code }) }),
      h("a", { class: "site-button is-primary", href: `#/bookings/${encodeURIComponent(booked.code)}`, text: t("book.seeBooking") }),
      again,
    );
    main.querySelector(".book-page").append(notice);
    again.addEventListener("click", () => {
      notice.remove();
      showForm();
    });
  } else {
    showForm();
  }
  return { unmount() {} };

  /**
   * The rooms a booking of several holds, each with its type's name and its share of the party priced for
   * that share, as the server shared them (the place's `roomSet`); null for a booking of one room.
   */
  function roomsToBook(ids) {
    if (ids.length < 2) return null;
    return (answer.roomSet?.rooms ?? []).map((room) => ({
      roomTypeId: room.roomTypeId, name: room.name, price: room.price ?? null,
      adults: room.adults ?? 0, children: room.children ?? 0, infants: 0,
    }));
  }

  function showForm() {
    const field = (name, label, input, hint) => {
      input.id = `book-${name}`;
      input.name = name;
      const error = h("p", { class: "site-field-error", id: `book-${name}-error` });
      input.setAttribute("aria-describedby", `book-${name}-error`);
      return h("div", { class: "site-field", dataset: { field: name } }, h("label", { for: input.id, text: label }), input, hint, error);
    };
    const inputs = {
      name: h("input", { type: "text", autocomplete: "name", required: true, ...textLength("guest.name") }),
      email: h("input", { type: "email", autocomplete: "email", required: true }),
      phone: h("input", { type: "tel", autocomplete: "tel" }),
      arrivalTime: h("input", { type: "time", step: 900 }),
      requests: h("textarea", { rows: 3, ...textLength("stay.notes") }),
    };
    // A plan that asks a deposit is not paid at the hotel: the button says what booking it means.
    const submitText = plan?.deposit
      ? t("book.submitDeposit", { amount: i18n.money(plan.deposit) })
      : groupRooms ? t("rooms.submit", { count: groupRooms.length }) : t("book.submit");
    const submit = h("button", { type: "submit", class: "site-button is-primary", id: "book-submit", text: submitText });
    const form = h("form", { class: "book-form", novalidate: true, "aria-labelledby": "book-details-title" },
      h("h2", { id: "book-details-title", text: t("book.details") }),
      field("name", t("book.name"), inputs.name),
      field("email", t("book.email"), inputs.email),
      field("phone", t("book.phone"), inputs.phone),
      field("arrivalTime", t("book.arrivalTime"), inputs.arrivalTime),
      field("requests", t("book.requests"), inputs.requests),
      message,
      submit,
    );
    main.querySelector(".book-page").append(form);
    const draft = draftOfThisTab();
    for (const [name, input] of Object.entries(inputs)) if (typeof draft[name] === "string") input.value = draft[name];
    form.addEventListener("input", () => {
      sessionStorage.setItem(DRAFT_KEY, JSON.stringify(Object.fromEntries(Object.entries(inputs).map(([name, input]) => [name, input.value]))));
    });

    const fieldError = (name, text) => {
      const error = form.querySelector(`#book-${name}-error`);
      if (error) error.textContent = text;
      inputs[name]?.setAttribute("aria-invalid", text ? "true" : "false");
    };
    // One key per request body: a second press, or a retry, asks the server for the same booking; a
    // body changed after a refusal (a phone number corrected) is a new request with a key of its own.
    const keyFor = keyPerBody();
    let sending = false;
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      if (sending) return;
      for (const name of Object.keys(inputs)) fieldError(name, "");
      fill(message);
      const name = inputs.name.value.trim();
      const email = inputs.email.value.trim();
      if (!name) fieldError("name", t("book.nameMissing"));
      if (!email) fieldError("email", t("book.emailMissing"));
      else if (!EMAIL.test(email)) fieldError("email", t("book.emailWrong"));
      const wrong = form.querySelector("[aria-invalid=true]");
      if (wrong) {
        wrong.focus();
        return;
      }
      const guest = { name, email, phone: inputs.phone.value.trim() || undefined };
      const extras = { arrivalTime: inputs.arrivalTime.value || undefined, requests: inputs.requests.value.trim() || undefined };
      const body = groupRooms
        ? {
            propertyId: id, arrival: search.arrival, departure: search.departure, guest, ...extras,
            rooms: groupRooms.map((room) => ({ roomTypeId: room.roomTypeId, adults: room.adults, children: room.children })),
          }
        : {
            propertyId: id, roomTypeId, arrival: search.arrival, departure: search.departure, adults: search.adults,
            children: search.children, infants: search.infants || undefined, guest, ...extras, ratePlanId: plan?.id,
          };
      sending = true;
      submit.disabled = true;
      submit.textContent = t("book.working");
      try {
        const path = groupRooms ? "/api/v1/public/group-bookings" : "/api/v1/public/bookings";
        const { data } = await call("POST", `${path}?lang=${site.i18n.code}`, { body, idempotencyKey: keyFor(body) });
        sessionStorage.setItem(CONFIRMATION_KEY, JSON.stringify({ code: data.confirmationCode, email, booked: true }));
        sessionStorage.removeItem(DRAFT_KEY);
        sessionStorage.setItem(BOOKED_KEY, JSON.stringify([...bookedInThisTab(), { stay: stayOfPage, code: data.confirmationCode }].slice(-20)));
        site.navigate(`#/bookings/${encodeURIComponent(data.confirmationCode)}`);
      } catch (error) {
        // A room gone or a plan withdrawn: the place's kept answer no longer says what it sells.
        if (error.status === 409 || error.field === "ratePlanId") site.forgetPlace(id);
        if (error.status === 409) {
          fill(message, h("p", { text: t(groupRooms ? "rooms.taken" : "book.taken") }), h("a", { class: "site-button", href: searchAgain, text: t("book.searchAgain") }));
        } else if (error.field === "ratePlanId") {
          // The hotel stopped offering the plan while the guest typed: the other ways are on the place page.
          fill(message, h("p", { text: t("book.planGone") }), h("a", { class: "site-button", href: `#/places/${id}?${paramsOf({ ...search, region: null })}`, text: t("book.otherPlans") }));
        } else {
          const field = (error.field ?? "").replace(/^guest\./, "");
          if (field in inputs) fieldError(field, error.message);
          else fill(message, h("p", { text: errorText(error, t) }));
        }
      } finally {
        sending = false;
        submit.disabled = false;
        submit.textContent = submitText;
      }
    });
    // Focused without scrolling: on a phone the guest reads what is booked, and its terms, first.
    inputs.name.focus({ preventScroll: true });
  }
}
