// The form that books the time a customer holds on a salon's booking page (salon-page.js): name, its
// reading (フリガナ, optional), phone, email, notes and the salon's cancellation terms to accept, with the
// chosen services' fees and the deposit they ask (salon-terms.js), under the hold's countdown. A guest who
// came from their hotel booking's page (manage-page.js) to its spa books for their stay: their name and email
// are filled in, and the visit is charged to their room unless they untick it. The server decides: its
// refusal is worded next to the field it names.

import { h, fill } from "../common/dom.js";
import { textLength } from "../common/limits.js";
import { call, errorText, keyPerBody } from "../common/api.js";
import { depositAsked, feeSentences, noticeText } from "./salon-terms.js";

/** The visit's code and email, kept in this tab for its confirmation page. */
export const VISIT_KEY = "frontdesk.site.visit";

/** The hotel stay a guest came from to book its spa (`{code, email, name, salonIds}`), kept in this tab. */
export const STAY_KEY = "frontdesk.site.stayForSpa";

/** The stay kept for salon `id`'s booking page, or null. */
function stayFor(id) {
  try {
    const kept = JSON.parse(sessionStorage.getItem(STAY_KEY) ?? "null");
    return kept?.salonIds?.includes(id) ? kept : null;
  } catch {
    return null;
  }
}

/** The refusals that mean the time is gone: the day's free times are asked for again. */
export const TAKEN = new Set(["appointment.taken", "appointment.resourceFull"]);

/**
 * The form for the time `held` (`{token, start, staffId, expiresAt}`) with the services `chosen` and the
 * `stylist`'s name (or null). `taken(error)` is called when the server says the time is gone; `booked()`
 * once the visit is booked, before the page goes to its confirmation.
 * @returns {{form: HTMLFormElement, focus: () => void, stop: () => void}} `stop` ends the hold's countdown
 */
export function visitForm({ site, i18n, salon, id, choice, held, chosen, stylist, clock, taken, booked }) {
  const { t } = i18n;
  const field = (name, label, input) => {
    input.id = `salon-${name}`;
    input.name = name;
    input.setAttribute("aria-describedby", `salon-${name}-error`);
    return h("div", { class: "site-field", dataset: { field: name } },
      h("label", { for: input.id, text: label }), input, h("p", { class: "site-field-error", id: `salon-${name}-error` }));
  };
  const inputs = {
    name: h("input", { type: "text", autocomplete: "name", required: true, ...textLength("guest.name") }),
    reading: h("input", { type: "text", ...textLength("customer.reading") }),
    phone: h("input", { type: "tel", autocomplete: "tel", required: true }),
    email: h("input", { type: "email", autocomplete: "email", required: true }),
    notes: h("textarea", { rows: 3, ...textLength("customer.notes") }),
  };
  const stay = stayFor(id);
  if (stay) {
    inputs.name.value = stay.name ?? "";
    inputs.email.value = stay.email ?? "";
  }
  const toRoom = h("input", { type: "checkbox", id: "salon-stay", name: "stay", checked: true, "aria-describedby": "salon-stay-error" });
  const stayPart = stay
    ? h("div", { class: "salon-accept salon-stay", dataset: { field: "stay" } },
        h("label", { class: "salon-accept-label" }, toRoom, h("span", { text: t("salon.forStay", { code: stay.code }) })),
        h("p", { class: "site-field-error", id: "salon-stay-error" }),
      )
    : null;
  const accept = h("input", { type: "checkbox", id: "salon-accept", name: "acceptTerms", "aria-describedby": "salon-fees salon-acceptTerms-error" });
  const deposit = depositAsked(chosen);
  const left = h("p", { class: "salon-hold", id: "salon-hold", role: "timer" });
  const message = h("div", { class: "site-form-error", role: "alert", id: "salon-error" });
  const submit = h("button", { type: "submit", class: "site-button is-primary", id: "salon-submit", text: t("salon.confirm") });
  const form = h("form", { class: "salon-form", "aria-labelledby": "salon-form-title" },
    h("p", { class: "salon-held-what", id: "salon-held-what" },
      h("strong", { text: `${clock.date(held.start)} ${clock.time(held.start)}` }),
      stylist ? ` · ${stylist}` : ""),
    left,
    field("name", t("book.name"), inputs.name),
    field("reading", t("salon.reading"), inputs.reading),
    field("phone", t("book.phone"), inputs.phone),
    field("email", t("book.email"), inputs.email),
    field("notes", t("salon.notes"), inputs.notes),
    stayPart,
    h("div", { class: "book-terms salon-fees", id: "salon-fees" },
      h("h3", { text: t(deposit ? "salon.depositAndFees" : "salon.fees") }),
      h("ul", {}, feeSentences(i18n, chosen).map((text) => h("li", { text }))),
      deposit ? h("p", { id: "salon-deposit", text: t("salon.deposit", { amount: i18n.money(deposit) }) }) : null,
      h("p", { id: "salon-terms", text: t("salon.terms", { notice: noticeText(i18n.locale, salon.cancelNoticeMinutes) }) }),
    ),
    h("div", { class: "salon-accept", dataset: { field: "acceptTerms" } },
      h("label", { class: "salon-accept-label" }, accept, h("span", { text: t("salon.accept") })),
      h("p", { class: "site-field-error", id: "salon-acceptTerms-error" }),
    ),
    message,
    submit,
  );

  let countdown = 0;
  const tick = () => {
    const seconds = Math.max(0, Math.round((Date.parse(held.expiresAt) - Date.now()) / 1000));
    left.textContent = seconds > 0
      ? t("salon.heldUntil", { time: clock.time(held.expiresAt), left: `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}` })
      : t("salon.holdEnded");
    if (!seconds) clearInterval(countdown);
  };
  tick();
  countdown = setInterval(tick, 1000);

  const fieldError = (name, text) => {
    const error = form.querySelector(`#salon-${name}-error`);
    if (error) error.textContent = text;
    (inputs[name] ?? (name === "acceptTerms" ? accept : name === "stay" ? toRoom : null))?.setAttribute("aria-invalid", text ? "true" : "false");
  };
  // One key per request body: a retry of the same form after a lost answer books once; a form
  // corrected after a refusal is a new request (the server refuses a key reused for another body).
  const keyFor = keyPerBody();
  let sending = false;
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    if (sending) return;
    for (const name of [...Object.keys(inputs), "acceptTerms", "stay"]) fieldError(name, "");
    fill(message);
    const body = {
      services: choice.services, staffId: held.staffId, start: held.start, hold: held.token,
      customer: {
        name: inputs.name.value.trim(), reading: inputs.reading.value.trim(),
        email: inputs.email.value.trim(), phone: inputs.phone.value.trim(),
      },
      notes: inputs.notes.value.trim() || undefined,
      acceptTerms: accept.checked,
      stay: stay && toRoom.checked ? stay.code : undefined,
    };
    sending = true;
    submit.disabled = true;
    submit.textContent = t("book.working");
    try {
      const { data } = await call("POST", `/api/v1/public/salons/${id}/visits?lang=${i18n.code}`, { body, idempotencyKey: keyFor(body) });
      booked();
      clearInterval(countdown);
      sessionStorage.setItem(VISIT_KEY, JSON.stringify({ code: data.code, email: body.customer.email, booked: true }));
      site.navigate(`#/visit/${encodeURIComponent(data.code)}`);
    } catch (error) {
      if (TAKEN.has(error.reason)) {
        taken(error);
        return;
      }
      const name = (error.field ?? "").replace(/^customer\./, "");
      if (name === "stay" && stayPart) {
        fieldError(name, errorText(error, t));
        toRoom.focus();
      } else if (name in inputs || name === "acceptTerms") {
        fieldError(name, error.message);
        (inputs[name] ?? accept).focus();
      } else {
        fill(message, h("p", { text: errorText(error, t) }));
      }
    } finally {
      sending = false;
      submit.disabled = false;
      submit.textContent = t("salon.confirm");
    }
  });
  return {
    form,
    focus: () => inputs.name.focus({ preventScroll: true }),
    stop: () => clearInterval(countdown),
  };
}
