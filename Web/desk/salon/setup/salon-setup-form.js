// What each part of the salon's set-up is made of: a form drawn from the set-up the server sent, saved
// with its own PUT, drawn again from the server's answer, and a refusal shown next to the field it names.

import { call, errorText } from "../../api.js";
import { h, fill } from "../../../common/dom.js";

/**
 * A control with its label above (a checkbox's beside it) and the place for a refusal of it below.
 * @returns {{element: HTMLElement, error: HTMLElement}}
 */
export function labelled(text, control) {
  const error = h("p", { class: "desk-form-error", role: "alert" });
  // A checkbox comes before its words, on one line.
  const check = control.type === "checkbox";
  const words = h("span", { text });
  const label = h("label", { class: "setup-field-label" }, check ? [control, words] : [words, control]);
  return { element: h("div", { class: `setup-field${check ? " is-check" : ""}` }, label, error), error };
}

// The units a length of time is shown in, largest first: the largest it divides is the one shown.
const UNITS = [["days", 1440], ["hours", 60], ["minutes", 1]];

/**
 * A length of time kept in minutes, shown as a number of days, hours or minutes (the largest that
 * holds it whole): 60 is "1 hour", 90 "90 minutes".
 * @returns {{element: HTMLElement, value: () => number | null}}
 */
export function durationInput(t, minutes, label) {
  const [shown, size] = UNITS.find(([, size]) => minutes > 0 && minutes % size === 0) ?? UNITS.at(-1);
  const number = h("input", { type: "number", min: "0", step: "1", value: String(minutes / size), "aria-label": label });
  const unit = h(
    "select",
    { "aria-label": t("setup.unitOf", { field: label }) },
    UNITS.map(([name, length]) => h("option", { value: String(length), selected: name === shown, text: t(`setup.unit.${name}`) })),
  );
  return {
    element: h("span", { class: "setup-duration" }, number, unit),
    value: () => (number.value === "" ? null : Number(number.value) * Number(unit.value)),
  };
}

/**
 * Sends what a form holds when it is submitted: its button waits, earlier refusals are cleared, and a
 * refusal is said next to the field it names (`errorAt(field)`), else in `message`.
 * @param {object} desk the app (`i18n`)
 * @param {{form: HTMLFormElement, button: HTMLButtonElement, message: HTMLElement,
 *   errorAt: (field: string) => HTMLElement | null, send: () => Promise<void>}} parts
 */
export function submitting(desk, { form, button, message, errorAt, send }) {
  const { t } = desk.i18n;
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    for (const error of form.querySelectorAll(".desk-form-error")) error.textContent = "";
    button.disabled = true;
    try {
      await send();
    } catch (error) {
      const spot = (error.field && errorAt(error.field)) || message;
      spot.textContent = errorText(error, t);
      spot.scrollIntoView?.({ block: "nearest" });
    } finally {
      button.disabled = false;
    }
  });
}

/**
 * A part of the set-up that saves by itself.
 * @param {object} desk the app (`i18n`, `toast`)
 * @param {object} part
 * @param {string} part.save the Save button's words (its accessible name)
 * @param {(setup: object) => {element: HTMLElement, value: () => any, errorAt: (field: string) => HTMLElement | null}} part.draw
 *   the controls of the part as `setup` has it, their value, and where a refusal of a field goes
 * @param {(value: any, setup: object) => {path: string, body: object}} part.send the PUT for a value
 * @param {(setup: object) => void} part.saved told the set-up the server answered
 * @returns {{element: HTMLElement, redraw: (setup: object) => void}}
 */
export function savingForm(desk, { save, draw, send, saved, className = "" }) {
  const { t } = desk.i18n;
  const place = h("div", { class: "setup-form-body" });
  const message = h("p", { class: "desk-form-error", role: "alert" });
  const button = h("button", { type: "submit", class: "desk-button is-primary", text: save });
  let shown = null;
  let setup = null;

  function redraw(next) {
    setup = next;
    shown = draw(next);
    message.textContent = "";
    fill(place, shown.element);
  }

  // The server decides what may be kept: the browser's own checks (a count under its `min`) do not stop a save.
  const form = h("form", { class: `setup-form ${className}`.trim(), novalidate: true }, place, h("div", { class: "desk-row" }, button), message);
  submitting(desk, {
    form, button, message,
    errorAt: (field) => shown.errorAt(field),
    async send() {
      const { path, body } = send(shown.value(), setup);
      const { data } = await call("PUT", path, { body });
      saved(data);
      redraw(data);
      desk.toast(t("done.saved"));
    },
  });
  return { element: form, redraw };
}

/**
 * Remove, which asks first (the question, Yes, and No, keep it, on a line of their own under the row) and
 * then runs `remove`; a refusal (still booked) is said in `message` and the question goes.
 * @param {object} desk the app (`i18n`)
 * @param {{label: string, question: string, message: HTMLElement, remove: () => Promise<void>}} parts
 *   `label` is the button's accessible name ("Remove Cut")
 * @returns {{button: HTMLButtonElement, asking: HTMLElement}} Remove, and where the question is asked
 */
export function removal(desk, { label, question, message, remove }) {
  const { t } = desk.i18n;
  const asking = h("div", { class: "desk-row setup-asking" });
  const answered = () => {
    fill(asking);
    button.disabled = false;
  };
  const yes = h("button", {
    type: "button", class: "desk-button is-danger", text: t("confirm.yes"),
    onclick: async () => {
      yes.disabled = true;
      try {
        await remove();
      } catch (error) {
        answered();
        message.textContent = errorText(error, t);
      }
    },
  });
  const keep = h("button", {
    type: "button", class: "desk-button", text: t("confirm.keep"),
    onclick: () => {
      answered();
      button.focus();
    },
  });
  const button = h("button", {
    type: "button", class: "desk-button is-quiet", text: t("setup.remove"), "aria-label": label,
    onclick: () => {
      message.textContent = "";
      button.disabled = true;
      yes.disabled = false;
      fill(asking, h("span", { role: "alert", text: question }), yes, keep);
      keep.focus();
    },
  });
  return { button, asking };
}

/**
 * One row of a list the set-up keeps (a service of the menu, a member of the staff, a product): its
 * fields, Save, which sends what changed with a PATCH to `path` (or `save(edited)`), and Remove, asked
 * first, a DELETE (or `drop()`); after either, `changed()` redraws the page from the server.
 * @param {object} desk the app (`i18n`, `toast`)
 * @param {object} row
 * @param {string} row.path the thing's own route
 * @param {object} row.shown its values as the row shows them
 * @param {{elements: HTMLElement[], value: () => object, errorAt: (field: string) => HTMLElement | null}} row.fields
 * @param {{className: string, dataset: object}} row.form the form's class and data attributes
 * @param {{save: string, remove: string, question: string, removed: string}} row.words Save's and Remove's
 *   accessible names, the question Remove asks and what is said once it is removed
 * @param {() => Promise<void>} row.changed
 * @param {(edited: object) => Promise<any>} [row.save] sends the row as edited, where a PATCH of `path` does not
 * @param {() => Promise<any>} [row.drop] removes the thing, where a DELETE of `path` does not
 */
export function catalogueRow(desk, { path, shown, fields, form: { className, dataset }, words, changed, save, drop }) {
  const { t } = desk.i18n;
  save ??= (edited) => call("PATCH", path, { body: changedFields(shown, edited) });
  drop ??= () => call("DELETE", path);
  const message = h("p", { class: "desk-form-error", role: "alert" });
  const button = h("button", { type: "submit", class: "desk-button is-primary", text: t("setup.save"), "aria-label": words.save });
  const remove = removal(desk, {
    label: words.remove,
    question: words.question,
    message,
    async remove() {
      await drop();
      desk.toast(words.removed);
      await changed();
    },
  });
  const form = h(
    "form",
    { class: `setup-catalogue-row ${className}`, novalidate: true, dataset },
    fields.elements,
    h("div", { class: "desk-row setup-catalogue-actions" }, button, remove.button),
    remove.asking,
    message,
  );
  submitting(desk, {
    form, button, message, errorAt: fields.errorAt,
    async send() {
      await save(fields.value());
      desk.toast(t("done.saved"));
      await changed();
    },
  });
  return form;
}

/**
 * The form adding a thing to a catalogue (a product, a ticket book): its fields (`fields()`, made afresh each
 * time) under `title`, sent by `add(value)`, which answers what the toast says; then a blank form for the next
 * one in its place, and the list drawn again.
 * @param {object} desk the app (`i18n`, `toast`)
 * @param {object} parts
 * @param {string} parts.title the form's heading
 * @param {string} parts.submit its button's words
 * @param {string} parts.className the row's class (`is-product`)
 * @param {() => {elements: HTMLElement[], value: () => object, errorAt: Function, focus: () => void}} parts.fields
 * @param {(value: object) => Promise<string>} parts.add
 * @param {() => any} parts.redraw
 * @returns {{element: HTMLFormElement, focus: () => void}}
 */
export function catalogueNew(desk, parts) {
  const { title, submit, className, add, redraw } = parts;
  const fields = parts.fields();
  const message = h("p", { class: "desk-form-error", role: "alert" });
  const button = h("button", { type: "submit", class: "desk-button", text: submit });
  const form = h(
    "form",
    { class: "setup-catalogue-new", novalidate: true },
    h("h3", { text: title }),
    h("div", { class: `setup-catalogue-row ${className}` }, fields.elements, h("div", { class: "desk-row setup-catalogue-actions" }, button)),
    message,
  );
  submitting(desk, {
    form, button, message, errorAt: fields.errorAt,
    async send() {
      desk.toast(await add(fields.value()));
      // A blank form for the next one.
      const next = catalogueNew(desk, parts);
      form.replaceWith(next.element);
      next.focus();
      await redraw();
    },
  });
  return { element: form, focus: fields.focus };
}

/** Whether two values read the same: objects (a price) by their fields, whatever their order. */
function same(a, b) {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...keys].every((key) => same(a[key], b[key]));
}

/**
 * What a PATCH sends: the fields whose value differs from the one shown (a price compared whole), so
 * that what the manager left alone is left as the server has it.
 * @param {Record<string, any>} shown
 * @param {Record<string, any>} edited
 */
export function changedFields(shown, edited) {
  return Object.fromEntries(Object.entries(edited).filter(([key, value]) => !same(value, shown[key])));
}

/**
 * Rows of a list kept by key across redraws: a row whose thing has not changed (the same `signature`)
 * stays as it is, with edits not yet saved; the rest are made afresh and the gone dropped.
 * @returns {(items: object[], parts: {key: (item: object) => any, signature: (item: object) => string,
 *   make: (item: object) => any}) => any[]} the rows in the items' order
 */
export function keptRows() {
  let rows = new Map();
  return (items, { key, signature, make }) => {
    const next = new Map();
    for (const item of items) {
      const stamp = signature(item);
      const kept = rows.get(key(item));
      next.set(key(item), kept?.stamp === stamp ? kept : { stamp, row: make(item) });
    }
    rows = next;
    return [...next.values()].map(({ row }) => row);
  };
}
