// What the property emails its guests (a salon's customers) and when (Settings; a salon's Set-up): a
// booking's confirmation and a cancellation each on or off; a hotel's message some days before arrival
// (from 09:00 that day) or a salon's reminder some hours before a visit, ticked to be sent; and the
// property's own line in each language, added at the end of every message in it. A manager keeps them;
// others read them. The server decides what may be kept: a refusal is said next to the field it names.

import { APIError, call, get } from "../api.js";
import { fieldRefusals } from "../shared/field-refusals.js";
import { h } from "../../common/dom.js";
import { numberRange, textLength } from "../../common/limits.js";
import { LANGUAGES } from "../../common/i18n.js";

/**
 * A hotel's messages (Settings): the message sent ahead, its field, its bounds (0 being "not sent") and the
 * value a tick starts from; and the ending of the section's words' keys.
 */
const HOTEL_MESSAGES = {
  ahead: { field: "preArrivalDays", id: "messages-pre-arrival-days", words: "preArrival", usual: 1 },
  wording: "",
};

/** A salon's (its Set-up): a reminder some hours before a visit, and words that speak of customers. */
export const SALON_MESSAGES = {
  ahead: { field: "reminderHours", id: "messages-reminder-hours", words: "reminder", usual: 24 },
  wording: "Salon",
};

/**
 * @param {object} desk the app (`i18n`, `property`, `may`, `toast`)
 * @param {{ ahead: object, wording: string }} [messages] a hotel's, or `SALON_MESSAGES`
 * @returns {Promise<HTMLElement>} the section
 */
export async function messagesSection(desk, { ahead, wording } = HOTEL_MESSAGES) {
  const { t } = desk.i18n;
  const manager = desk.may("managing");
  const path = `/api/v1/properties/${desk.property.id}/message-settings`;
  let stored = await get(path);
  const words = (key) => t(`messageSettings.${key}${wording}`);

  const message = h("p", { class: "free-form-error", role: "alert", id: "settings-messages-error" });
  /** Where each field's refusal goes, by the name the server gives it. */
  const refusals = fieldRefusals(message);
  /** A labelled row; its refusal below it, read out with the control. */
  const row = (field, control, label, { check = false, className = "" } = {}) => {
    const error = refusals.place(field, control);
    const named = h("label", { for: control.id, text: label });
    // A checkbox comes before its words, on one line, as the declared forms' switches do.
    return h("div", { class: `free-form-row${check ? " free-form-switch" : ""} ${className}`.trim() }, check ? [control, named] : [named, control], error);
  };

  const confirmation = h("input", { type: "checkbox", id: "messages-confirmation" });
  const cancellation = h("input", { type: "checkbox", id: "messages-cancellation" });
  // Ticked, the message ahead is sent that long before; unticked it is not (0 to the server), which is
  // clearer at a desk than a 0 typed in the number.
  const aheadOn = h("input", { type: "checkbox", id: `${ahead.id}-on` });
  const aheadCount = h("input", { type: "number", id: ahead.id, ...numberRange(`messages.${ahead.field}`), step: "1", inputmode: "numeric" });
  const notes = new Map(
    LANGUAGES.map(({ code }) => [code, h("textarea", { id: `messages-note-${code}`, lang: code, rows: 2, ...textLength("messages.note") })]),
  );
  const shapeAhead = () => {
    aheadCount.disabled = !manager || !aheadOn.checked;
  };
  aheadOn.addEventListener("change", () => {
    if (aheadOn.checked && aheadCount.value === "") aheadCount.value = String(ahead.usual);
    shapeAhead();
    if (aheadOn.checked) aheadCount.focus();
  });

  /** The controls as `settings` has them. */
  const show = (settings) => {
    stored = settings;
    confirmation.checked = settings.confirmation;
    cancellation.checked = settings.cancellation;
    const count = settings[ahead.field];
    aheadOn.checked = count > 0;
    aheadCount.value = count > 0 ? String(count) : "";
    for (const [code, note] of notes) note.value = settings.notes?.[code] ?? "";
    shapeAhead();
  };

  /** What the form sends: the other kind's message ahead goes back as it was stored. */
  const value = () => {
    let count = 0;
    if (aheadOn.checked) {
      count = aheadCount.value === "" ? null : Number(aheadCount.value);
      // JSON's 2.5 is no count the server reads (it would say only "not valid JSON"): refused here in its words.
      if (count !== null && !Number.isInteger(count)) {
        throw new APIError(400, "invalid", `${aheadCount.value} is not a whole number`, ahead.field, "number.range", numberRange(`messages.${ahead.field}`));
      }
    }
    const written = [...notes].map(([code, note]) => [code, note.value.trim()]).filter(([, text]) => text);
    return {
      confirmation: confirmation.checked, cancellation: cancellation.checked,
      reminderHours: stored.reminderHours, preArrivalDays: stored.preArrivalDays, [ahead.field]: count,
      notes: Object.fromEntries(written),
    };
  };

  const save = h("button", { type: "submit", id: "messages-save", class: "desk-button is-primary", text: t("messageSettings.save") });
  const form = h(
    "form",
    {
      class: "free-form settings-messages", novalidate: true,
      onsubmit: async (event) => {
        event.preventDefault();
        refusals.clear();
        save.disabled = true;
        try {
          const { data } = await call("PUT", path, { body: value() });
          show(data);
          desk.toast(t("done.saved"));
        } catch (error) {
          // `reminderHours`, `notes.th`: said under that field; else under the form.
          refusals.show(error, t);
        } finally {
          save.disabled = !manager;
        }
      },
    },
    h(
      "fieldset",
      { class: "free-form-section" },
      h("legend", { text: t("messageSettings.sent") }),
      row("confirmation", confirmation, t("messageSettings.confirmation"), { check: true }),
      row("cancellation", cancellation, t("messageSettings.cancellation"), { check: true }),
      h("div", { class: "free-form-row free-form-switch" }, aheadOn, h("label", { for: aheadOn.id, text: t(`messageSettings.${ahead.words}`) })),
      row(ahead.field, aheadCount, t(`messageSettings.${ahead.words}Count`), { className: "messages-ahead-count" }),
    ),
    h(
      "fieldset",
      { class: "free-form-section" },
      h("legend", { text: t("messageSettings.notes") }),
      h("p", { class: "desk-hint", text: t("messageSettings.notesHint") }),
      // Each labelled with its language's own name, in that language.
      LANGUAGES.map(({ code, name }) => {
        const field = row(`notes.${code}`, notes.get(code), name);
        field.querySelector("label").lang = code;
        return field;
      }),
    ),
    message,
    save,
  );
  show(stored);
  if (!manager) {
    for (const control of form.querySelectorAll("input, textarea, button")) control.disabled = true;
  }
  return h(
    "section",
    { class: "settings-section", id: "settings-messages", "aria-labelledby": "settings-messages-title" },
    h("h2", { id: "settings-messages-title", text: words("title") }),
    h("p", { class: "desk-hint", text: manager ? words("hint") : t("settings.managerOnly") }),
    form,
  );
}
