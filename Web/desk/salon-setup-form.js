// What each part of the salon's set-up is made of: a form drawn from the set-up the server sent, saved
// with its own PUT, drawn again from the server's answer, and a refusal shown next to the field it names.

import { call, errorText } from "./api.js";
import { h, fill } from "../common/dom.js";

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

  function showRefusal(error) {
    const spot = (error.field && shown.errorAt(error.field)) || message;
    spot.textContent = errorText(error, t);
    spot.scrollIntoView?.({ block: "nearest" });
  }

  // The server decides what may be kept: the browser's own checks (a count under its `min`) do not stop a save.
  const form = h("form", { class: `setup-form ${className}`.trim(), novalidate: true }, place, h("div", { class: "desk-row" }, button), message);
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    for (const error of form.querySelectorAll(".desk-form-error")) error.textContent = "";
    button.disabled = true;
    try {
      const { path, body } = send(shown.value(), setup);
      const { data } = await call("PUT", path, { body });
      saved(data);
      redraw(data);
      desk.toast(t("done.saved"));
    } catch (error) {
      showRefusal(error);
    } finally {
      button.disabled = false;
    }
  });
  return { element: form, redraw };
}
