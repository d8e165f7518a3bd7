// Joining a salon's waitlist from its booking page (salon-page.js), for a day that shows no free time: the
// service chosen (one: the list waits for one service), the stylist chosen or anyone, the days that would
// do (the day chosen, to at most 14 days after it), and where to send the offer. When a time frees up the
// server emails the first customer waiting for it a link (offer-page.js) and holds the time for them a
// while. The server decides everything: its refusal is said under the field it names.

import { h, fill } from "../common/dom.js";
import { textLength } from "../common/limits.js";
import { call, errorText, keyPerBody } from "../common/api.js";
import { addDays } from "../common/dates.js";
import { refusalText } from "../common/refusals.js";

/**
 * The last day a wait from `day` may reach: `days` on (the salon page's `waitlistDays`, as the server
 * takes them), or the salon's last bookable day if sooner.
 * @param {string} day `YYYY-MM-DD`
 * @param {string} lastDay `YYYY-MM-DD`
 * @param {number} days
 */
export function lastWaitingDay(day, lastDay, days) {
  const limit = addDays(day, days);
  return limit < lastDay ? limit : lastDay;
}

/**
 * The body the server takes for a wait: the stylist only when one was chosen, the phone only when typed.
 * @param {{serviceId: number, staff: "any" | number, from: string, to: string, name: string, email: string, phone: string}} wait
 */
export function waitlistBody({ serviceId, staff, from, to, name, email, phone }) {
  const body = { serviceId, from, to, customer: { name: name.trim(), email: email.trim() } };
  if (staff !== "any") body.staffId = staff;
  if (phone.trim()) body.customer.phone = phone.trim();
  return body;
}

/** The fields a refusal may name, and the control under which it is said. */
const FIELDS = ["from", "to", "customer.name", "customer.email", "customer.phone", "serviceId", "staffId"];

/**
 * The offer to join the waitlist, under a day without free times: a button that opens the form, or, with
 * several services chosen, a line saying the list takes one.
 * @param {{site: object, salon: object, choice: {services: number[], staff: "any" | number, day: string},
 *   serviceName: string | undefined, stylistName: string | null}} options
 */
export function waitlistJoin({ site, salon, choice, serviceName, stylistName }) {
  const i18n = site.i18n;
  const { t } = i18n;
  const id = salon.salon.id;
  if (choice.services.length !== 1) {
    return h("section", { class: "salon-waitlist", id: "salon-waitlist" },
      h("p", { class: "salon-hint", id: "salon-waitlist-one", text: t("waitlist.oneService") }));
  }
  const section = h("section", { class: "salon-waitlist", id: "salon-waitlist", "aria-labelledby": "salon-waitlist-title" });
  const [serviceId] = choice.services;
  const what = [serviceName, stylistName ?? t("salon.anyone")].filter(Boolean).join(" · ");
  // Opening the form takes the button's place.
  const open = h("button", { type: "button", class: "site-button", id: "salon-waitlist-open", text: t("waitlist.join"), onclick: () => showForm() });
  fill(section,
    h("h3", { id: "salon-waitlist-title", text: t("waitlist.title") }),
    h("p", { class: "salon-hint", text: t("waitlist.hint") }),
    open,
  );
  return section;

  function showForm() {
    const last = lastWaitingDay(choice.day, salon.lastDay, salon.waitlistDays);
    const spots = new Map();
    const field = (name, label, control, hint) => {
      control.id ||= `salon-waitlist-${name.replace("customer.", "")}`;
      const error = h("p", { class: "site-field-error", id: `${control.id}-error` });
      control.setAttribute("aria-describedby", [hint?.id, error.id].filter(Boolean).join(" "));
      spots.set(name, { control, error });
      return h("div", { class: "site-field", dataset: { field: name } }, h("label", { for: control.id, text: label }), hint, control, error);
    };
    const inputs = {
      to: h("input", { type: "date", value: choice.day, min: choice.day, max: last, required: true }),
      name: h("input", { type: "text", autocomplete: "name", required: true, ...textLength("guest.name") }),
      email: h("input", { type: "email", autocomplete: "email", required: true, ...textLength("guest.email") }),
      phone: h("input", { type: "tel", autocomplete: "tel", ...textLength("guest.phone") }),
    };
    // The first day is the one chosen on the calendar: said, not asked again. A refusal of it (the page
    // stayed open past midnight) is said under it.
    const first = h("p", { class: "salon-waitlist-first", id: "salon-waitlist-from", tabindex: "-1", text: i18n.dateLong(choice.day) });
    const firstError = h("p", { class: "site-field-error", id: "salon-waitlist-from-error" });
    spots.set("from", { control: first, error: firstError });
    // The service and the stylist: a refusal of either (taken off the online menu meanwhile) is said here.
    const whatLine = h("p", { class: "salon-waitlist-what", id: "salon-waitlist-what", tabindex: "-1" }, h("strong", { text: what }));
    const whatError = h("p", { class: "site-field-error", id: "salon-waitlist-what-error" });
    spots.set("serviceId", { control: whatLine, error: whatError });
    spots.set("staffId", { control: whatLine, error: whatError });
    const message = h("div", { class: "site-form-error", role: "alert", id: "salon-waitlist-error" });
    const submit = h("button", { type: "submit", class: "site-button is-primary", id: "salon-waitlist-submit", text: t("waitlist.join") });
    const toHint = h("small", { class: "salon-waitlist-hint", id: "salon-waitlist-to-hint", text: t("waitlist.toHint", { count: salon.waitlistDays }) });
    const form = h("form", { class: "salon-waitlist-form", id: "salon-waitlist-form", novalidate: true, "aria-labelledby": "salon-waitlist-title" },
      whatLine, whatError,
      h("div", { class: "site-field", dataset: { field: "from" } },
        h("span", { class: "salon-waitlist-label", text: t("waitlist.from") }), first, firstError),
      field("to", t("waitlist.to"), inputs.to, toHint),
      field("customer.name", t("book.name"), inputs.name),
      field("customer.email", t("waitlist.email"), inputs.email),
      field("customer.phone", t("book.phone"), inputs.phone),
      message,
      submit,
    );
    open.remove();
    section.append(form);
    // A field corrected no longer shows what was refused of it.
    form.addEventListener("input", (event) => {
      const spot = [...spots.values()].find(({ control }) => control === event.target);
      spot?.control.removeAttribute("aria-invalid");
      if (spot) spot.error.textContent = "";
    });

    const clear = () => {
      fill(message);
      for (const { control, error } of spots.values()) {
        error.textContent = "";
        control.removeAttribute("aria-invalid");
      }
    };
    const say = (name, text) => {
      const spot = spots.get(name);
      if (!spot) {
        fill(message, h("p", { text }));
        return;
      }
      spot.error.textContent = text;
      spot.control.setAttribute("aria-invalid", "true");
      spot.control.focus({ preventScroll: true });
      spot.control.scrollIntoView({ block: "center" });
    };

    // One key per body sent: a retry after a lost answer joins once; a corrected form is a new request.
    const keyFor = keyPerBody();
    let sending = false;
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      if (sending) return;
      clear();
      const wait = {
        serviceId, staff: choice.staff, from: choice.day, to: inputs.to.value || choice.day,
        name: inputs.name.value, email: inputs.email.value, phone: inputs.phone.value,
      };
      // What is plainly missing is said at once, in the server's words for it.
      if (!wait.name.trim()) return say("customer.name", refusalText(i18n, "text.required"));
      if (!wait.email.trim()) return say("customer.email", refusalText(i18n, "email.required"));
      const body = waitlistBody(wait);
      sending = true;
      submit.disabled = true;
      submit.textContent = t("waitlist.working");
      try {
        const { data } = await call("POST", `/api/v1/public/salons/${id}/waitlist?lang=${i18n.code}`, { body, idempotencyKey: keyFor(body) });
        joined(data, body.customer.email);
      } catch (error) {
        sending = false;
        submit.disabled = false;
        submit.textContent = t("waitlist.join");
        if (FIELDS.includes(error.field)) say(error.field, error.message);
        else say(null, errorText(error, t));
      }
    });
    inputs.name.focus({ preventScroll: true });
    form.scrollIntoView({ block: "start" });
  }

  /** On the list: what they wait for, and that the offer comes by email. */
  function joined(entry, email) {
    const days = entry.from === entry.to
      ? t("waitlist.doneDay", { service: what, date: i18n.dateLong(entry.from), email })
      : t("waitlist.doneDays", { service: what, from: i18n.date(entry.from), to: i18n.date(entry.to), email });
    fill(section,
      h("div", { class: "salon-waitlist-done", id: "salon-waitlist-done", role: "status", tabindex: "-1", dataset: { entryId: String(entry.id) } },
        h("h3", { id: "salon-waitlist-title", text: t("waitlist.doneTitle") }),
        h("p", { text: days }),
        h("p", { text: t("waitlist.doneHold") }),
      ),
    );
    const done = section.querySelector("#salon-waitlist-done");
    done.focus({ preventScroll: true });
    done.scrollIntoView({ block: "center" });
  }
}
