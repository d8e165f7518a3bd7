// A booking by its confirmation code and email: the confirmation right after booking (`#/bookings/
// {code}`), and "manage my booking" (`#/manage`, or `#/manage?code=…&email=…` from a message) to see
// it again or cancel it within the policy. Where the hotel's spa charges its guests' rooms, its times are
// offered for the stay: the spa's booking page then books for it (salon-visit-form.js).
// A wrong email and an unknown code get the same answer, so codes cannot be guessed through it.

import { payCodeFigure } from "../common/pay-code.js";
import { h, fill } from "../common/dom.js";
import { call, errorText, get } from "../common/api.js";
import { refusalText } from "../common/refusals.js";
import { priceLines } from "./price.js";
import { CONFIRMATION_KEY } from "./book-page.js";
import { partyText } from "./search-bar.js";
import { STAY_KEY } from "./salon-visit-form.js";

export async function mount(main, site, route) {
  const { t } = site.i18n;
  const i18n = site.i18n;
  const kept = readKept(CONFIRMATION_KEY);
  const code = route.id ?? route.params.get("code") ?? "";
  const holder = h("div", { class: "manage-page" });
  fill(main, holder);

  const codeInput = h("input", { id: "manage-code", type: "text", value: code, autocomplete: "off", required: true, spellcheck: false });
  const emailInput = h("input", { id: "manage-email", type: "email", autocomplete: "email", required: true, value: kept?.code === code ? kept.email : route.params.get("email") ?? "" });
  const message = h("p", { class: "site-form-error", role: "alert", id: "manage-error" });
  const result = h("div", { class: "manage-booking", "aria-live": "polite" });
  const form = h("form", { class: "manage-form", novalidate: true, "aria-labelledby": "manage-title" },
    h("div", { class: "site-field" }, h("label", { for: "manage-code", text: t("manage.code") }), codeInput),
    h("div", { class: "site-field" }, h("label", { for: "manage-email", text: t("manage.email") }), emailInput),
    message,
    h("button", { type: "submit", class: "site-button is-primary", text: t("manage.find") }),
  );
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    find(codeInput.value.trim(), emailInput.value.trim());
  });

  const justBooked = kept?.booked && kept.code === code;
  fill(holder,
    h("h1", { id: "manage-title", text: t(justBooked ? "confirm.title" : "manage.title") }),
    result,
    justBooked ? null : form,
    justBooked ? null : h("p", { class: "manage-other" }, h("a", { href: "#/visit", text: t("visit.manageLink") })),
  );

  async function find(code, email) {
    message.textContent = "";
    if (!code || !email) {
      message.textContent = t("manage.notFound");
      return;
    }
    try {
      const booking = await get(`/api/v1/public/bookings/${encodeURIComponent(code)}?email=${encodeURIComponent(email)}&lang=${site.i18n.code}`);
      sessionStorage.setItem(CONFIRMATION_KEY, JSON.stringify({ code, email, booked: justBooked }));
      show(booking, email);
    } catch (error) {
      fill(result);
      message.textContent = error.status === 404 ? t("manage.notFound") : errorText(error, t);
    }
  }

  function show(booking, email) {
    const cancellation = booking.cancellation ?? {};
    const cancelMessage = h("p", { class: "site-form-error", role: "alert", id: "manage-cancel-error" });
    const cancel = h("button", {
      type: "button", class: "site-button is-danger", id: "manage-cancel", text: t("manage.cancel"),
      onclick: async () => {
        if (!window.confirm(t("manage.cancelConfirm"))) return;
        cancel.disabled = true;
        try {
          const { data } = await call("POST", `/api/v1/public/bookings/${encodeURIComponent(booking.confirmationCode)}/cancel?lang=${site.i18n.code}`, { body: { email } });
          show(data, email);
          result.querySelector(".manage-state")?.append(" ", h("span", { text: t("manage.cancelled") }));
        } catch (error) {
          cancel.disabled = false;
          cancelMessage.textContent = errorText(error, t);
        }
      },
    });
    const terms = cancellation.allowed
      ? cancellation.fee && cancellation.fee.amount > 0
        ? t("manage.cancelFee", { fee: i18n.money(cancellation.fee) })
        : t("manage.cancelFree", { date: i18n.date(cancellation.freeUntil) })
      : booking.state === "booked"
        ? refusalText(i18n, "booking.arrivalPassed", { arrival: booking.arrival })
        : refusalText(i18n, "stay.state", { action: "cancel", state: booking.state });
    fill(result,
      h("dl", { class: "manage-facts" },
        h("dt", { text: t("confirm.code") }), h("dd", { class: "manage-code", id: "confirmation-code", text: booking.confirmationCode }),
        h("dt", { text: t("manage.state") }), h("dd", { class: "manage-state", text: t(`state.${booking.state}`) }),
        h("dt", { text: t("book.name") }), h("dd", { text: booking.guestName }),
      ),
      h("p", { class: "book-place" }, h("strong", { text: booking.property }), ` · ${booking.roomType}`),
      h("p", { class: "book-dates", text: `${i18n.date(booking.arrival)} – ${i18n.date(booking.departure)} · ${i18n.nights(booking.nights)} · ${partyText(t, i18n, booking)}` }),
      booking.price ? priceLines(site, booking.price) : null,
      // A booking of several rooms: the others, each its type, party, state and total.
      booking.otherRooms?.length
        ? h("section", { class: "manage-rooms", id: "manage-rooms", "aria-labelledby": "manage-rooms-title" },
            h("h2", { id: "manage-rooms-title", text: t("manage.otherRooms", { count: booking.otherRooms.length }) }),
            h("ul", {}, booking.otherRooms.map((room) =>
              h("li", { class: "manage-room" },
                `${room.roomType} · ${partyText(t, i18n, room)} · ${t(`state.${room.state}`)} · ${i18n.money(room.total)}`))),
          )
        : null,
      booking.spas?.length ? spaPart(booking, email) : null,
      booking.payCode ? payPart(i18n, booking.payCode) : null,
      justBooked ? h("p", { class: "manage-keep", text: t("confirm.keep") }) : null,
      terms ? h("p", { class: "manage-terms", text: terms }) : null,
      cancellation.allowed ? cancel : null,
      cancelMessage,
    );
  }

  /** The hotel's spas, each a link to its booking page, which books for this stay (kept in this tab). */
  function spaPart(booking, email) {
    const keep = () =>
      sessionStorage.setItem(STAY_KEY, JSON.stringify({ code: booking.confirmationCode, email, name: booking.guestName, salonIds: booking.spas.map((spa) => spa.id) }));
    return h("section", { class: "manage-spa", id: "manage-spa", "aria-labelledby": "manage-spa-title" },
      h("h2", { id: "manage-spa-title", text: t("manage.spaTitle") }),
      h("p", { class: "manage-spa-hint", text: t("manage.spaHint") }),
      h("ul", {}, booking.spas.map((spa) =>
        h("li", {}, h("a", { class: "site-button", href: `#/salon/${spa.id}`, dataset: { salon: String(spa.id) }, onclick: keep, text: t("manage.spaBook", { name: spa.name }) })))),
    );
  }

  /** What is owed now and the code to pay it, as the server drew it. */
  if (code && emailInput.value) await find(code, emailInput.value);
  else (code ? emailInput : codeInput).focus();
  return { unmount() {} };
}

/**
 * What is owed now and the code to pay it (the server's `PaymentCode`), with how to use it: a booking's
 * page, a salon visit's and a waitlist's offer once booked.
 */
export function payPart(i18n, code) {
  const { t } = i18n;
  const words = { amount: i18n.money(code.amount), reference: code.reference, holder: code.holder };
  return h(
    "section",
    { class: "manage-pay", "aria-labelledby": "manage-pay-title" },
    h("h2", { id: "manage-pay-title", text: t("manage.pay", words) }),
    payCodeFigure(code, { caption: t("payCode.caption", words), alt: t(`payCode.alt.${code.scheme}`, words) }),
    h("p", { class: "manage-pay-hint", text: t("manage.payHint", words) }),
  );
}

/** What a booking page kept in this tab under `key` (its code and email), or null. */
export function readKept(key) {
  try {
    return JSON.parse(sessionStorage.getItem(key) ?? "null");
  } catch {
    return null;
  }
}
