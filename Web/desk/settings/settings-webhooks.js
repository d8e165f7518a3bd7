// The URLs a property's events are POSTed to (Settings; a salon's Set-up): each with the events it is told
// of and how sending to it stands, removed after asking; added with a URL and the events ticked, when its
// secret is shown once, to be copied, until the list is drawn again. Only a manager sees the section: the
// server serves the list to no one else. The server decides what may be added (an http or https address
// reaching a public one, some events): a refusal is said next to the field it names.

import { call, get, pressing } from "../api.js";
import { fieldRefusals } from "../shared/field-refusals.js";
import { h, fill } from "../../common/dom.js";
import { textLength } from "../../common/limits.js";

/** Every event a webhook can be told of, by the server's code, in the order a booking meets them. */
const EVENTS = [
  "booking.created", "booking.changed", "booking.cancelled", "stay.checked_in", "stay.checked_out", "payment.received",
];

/** What a hotel's Settings offers: every event, and the hint that speaks of stays. */
const HOTEL_WEBHOOKS = { events: EVENTS, hint: "webhooks.hint" };

/**
 * What a salon's Set-up offers: its visits are never checked in or out, so its stay.* events never happen
 * and are not offered.
 */
export const SALON_WEBHOOKS = { events: EVENTS.filter((code) => !code.startsWith("stay.")), hint: "webhooks.hintSalon" };

/**
 * @param {object} desk the app (`i18n`, `property`, `may`, `toast`)
 * @param {{ events: string[], hint: string }} [offer] the events offered and the hint's key: a hotel's, or
 *   `SALON_WEBHOOKS`
 * @returns {Promise<HTMLElement | null>} the section, or null for one who is not a manager
 */
export async function webhooksSection(desk, { events: offered, hint } = HOTEL_WEBHOOKS) {
  if (!desk.may("managing")) return null;
  const { t } = desk.i18n;
  const path = `/api/v1/properties/${desk.property.id}/webhooks`;
  let { webhooks } = await get(path);
  const listed = new Intl.ListFormat(desk.i18n.locale, { type: "conjunction" });

  const list = h("ul", { class: "settings-webhooks-list" });
  const secretPlace = h("div", { class: "settings-webhooks-secret" });
  // Why a removal was refused (the form's refusals go under the form).
  const removal = h("p", { class: "desk-form-error", role: "alert", id: "settings-webhooks-remove-error" });

  /** The words of `key` around the server's own, which is quoted as it said it (in English). */
  const quoting = (key, error, params = {}) => {
    const [before, after = ""] = t(key, params).split("{error}");
    return [before, h("q", { class: "webhook-error", text: error }), after];
  };
  /**
   * How sending stands: failing attempts with the last error mean the receiver is not taking the event
   * waiting (it is tried again); an error with no attempts is an event given up on, passed over.
   */
  const state = (webhook) => {
    if (webhook.attempts > 0 && webhook.lastError) {
      return quoting("webhooks.notTaken", webhook.lastError, { attempts: t("webhooks.attempts", { count: webhook.attempts }) });
    }
    return [t("webhooks.delivering"), webhook.lastError ? [" · ", quoting("webhooks.passedOver", webhook.lastError)] : null];
  };

  const row = (webhook) => {
    const remove = h("button", {
      type: "button", class: "desk-button is-quiet", text: t("webhooks.remove"),
      "aria-label": `${t("webhooks.remove")}: ${webhook.url}`,
      onclick: (event) => {
        if (!confirm(t("webhooks.confirmRemove", { url: webhook.url }))) return;
        pressing(event.currentTarget, removal, t, async () => {
          await call("DELETE", `/api/v1/webhooks/${webhook.id}`);
          draw(webhooks.filter((other) => other.id !== webhook.id));
          desk.toast(t("webhooks.removed"));
        });
      },
    });
    const failing = webhook.attempts > 0 && webhook.lastError;
    // In the order the form offers them (the server sorts their codes).
    const events = [...webhook.events].sort((a, b) => EVENTS.indexOf(a) - EVENTS.indexOf(b));
    return h(
      "li",
      { class: failing ? "is-failing" : "", dataset: { webhookId: String(webhook.id) } },
      h("span", { class: "webhook-url", text: webhook.url }),
      h("span", { class: "webhook-events", text: listed.format(events.map((code) => t(`webhooks.event.${code}`))) }),
      h("span", { class: "webhook-state" }, state(webhook)),
      remove,
    );
  };

  /** The secret of the webhook just added, to copy now: the server never shows it again. */
  const secretBox = (secret) => {
    const field = h("input", { type: "text", id: "webhooks-secret", readOnly: true, spellcheck: false, autocomplete: "off" });
    field.value = secret;
    const copy = h("button", {
      type: "button", class: "desk-button", id: "webhooks-copy", text: t("webhooks.copy"),
      onclick: async () => {
        field.select();
        // The clipboard API needs a secure page and the browser's consent; else the older command. Failing
        // both, the secret stays selected for the keyboard's copy.
        let copied = false;
        try {
          await navigator.clipboard.writeText(secret);
          copied = true;
        } catch {
          copied = document.execCommand("copy");
        }
        if (copied) desk.toast(t("webhooks.copied"));
      },
    });
    return [h("label", { for: field.id, text: t("webhooks.secret") }), h("div", { class: "desk-row" }, field, copy)];
  };

  /** The list as the server last answered, with the secret just given (or none: it goes at the next action). */
  const draw = (next, secret = null) => {
    webhooks = next;
    fill(list, webhooks.length ? webhooks.map(row) : h("li", { class: "desk-hint", text: t("webhooks.empty") }));
    fill(secretPlace, secret ? secretBox(secret) : null);
    secretPlace.hidden = !secret;
    removal.textContent = "";
  };

  const message = h("p", { class: "free-form-error", role: "alert", id: "settings-webhooks-error" });
  /** Where each field's refusal goes, by the name the server gives it. */
  const refusals = fieldRefusals(message);
  const url = h("input", {
    type: "url", id: "webhooks-url", inputmode: "url", autocomplete: "off", spellcheck: false, placeholder: "https://", ...textLength("webhook.url"),
  });
  const urlError = refusals.place("url", url);
  // Every event ticked to begin with: a receiver usually wants them all.
  const boxes = offered.map((code) => h("input", { type: "checkbox", id: `webhooks-event-${code}`, value: code, checked: true }));
  const eventsError = refusals.place("events", boxes[0], "webhooks-events-error");

  const add = h("button", { type: "submit", id: "webhooks-add", class: "desk-button is-primary", text: t("webhooks.add") });
  const form = h(
    "form",
    {
      class: "free-form settings-webhooks-add", novalidate: true,
      onsubmit: async (event) => {
        event.preventDefault();
        refusals.clear();
        add.disabled = true;
        try {
          const body = { url: url.value.trim(), events: boxes.filter((box) => box.checked).map((box) => box.value) };
          const { data } = await call("POST", path, { body });
          // The answer is the webhook as kept, its secret the only time it is given.
          const { secret, ...added } = data;
          draw([...webhooks, added], secret);
          url.value = "";
          for (const box of boxes) box.checked = true;
          // Focused and selected, read out and ready to copy.
          const field = secretPlace.querySelector("input");
          field.focus();
          field.select();
        } catch (error) {
          // `url`, `events`: said under that field, which takes the focus; else under the form.
          refusals.show(error, t);
        } finally {
          add.disabled = false;
        }
      },
    },
    h(
      "fieldset",
      { class: "free-form-section" },
      h("legend", { text: t("webhooks.new") }),
      h("div", { class: "free-form-row" }, h("label", { for: url.id, text: t("webhooks.url") }), url, urlError),
      h(
        "fieldset",
        { class: "free-form-section", "aria-describedby": eventsError.id },
        h("legend", { text: t("webhooks.events") }),
        // A checkbox comes before its words, on one line, as the declared forms' switches do.
        boxes.map((box) =>
          h("div", { class: "free-form-row free-form-switch" }, box, h("label", { for: box.id, text: t(`webhooks.event.${box.value}`) })),
        ),
        eventsError,
      ),
    ),
    message,
    add,
  );
  draw(webhooks);
  return h(
    "section",
    { class: "settings-section", id: "settings-webhooks", "aria-labelledby": "settings-webhooks-title" },
    h("h2", { id: "settings-webhooks-title", text: t("webhooks.title") }),
    h("p", { class: "desk-hint", text: t(hint) }),
    list,
    removal,
    secretPlace,
    form,
  );
}
