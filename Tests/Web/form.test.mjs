// Web/desk/shared/form.js without a DOM: which rows show, bounds relative to other rows, and the checks the
// server makes with the same declaration (Sources/App/Forms). Run with `node --test Tests/Web/`.

import { test } from "node:test";
import assert from "node:assert/strict";
import { boundAttribute, findRow, isRowVisible, rowKeyOfField, validateValues } from "../../Web/desk/shared/form.js";

// MARK: - declarations, as the server writes them

const row = (key, kind, extra = {}) => ({ key, kind, labelKey: `form.test.${key}`, required: false, ...extra });
const form = (name, ...rows) => ({ name, sections: [{ id: name, titleKey: `form.${name}.title`, rows }] });
const options = (...values) => values.map((value) => ({ value, labelKey: `form.test.${value}` }));

const stay = form(
  "stay",
  row("guest.name", "text", { required: true, maxLength: 200 }),
  row("guest.email", "email"),
  row("arrival", "date", { required: true }),
  row("departure", "date", { required: true, min: { row: "arrival", days: 1 } }),
  row("adults", "stepper", { required: true, min: { value: 1 }, max: { value: 16 }, step: 1 }),
  row("notes", "textarea", { maxLength: 2000 }),
  row("checkIn", "button", { action: "checkIn" }),
);

const payment = form(
  "payment",
  row("method", "segmented", { required: true, options: options("cash", "card_terminal", "transfer") }),
  row("amount", "money", { required: true, min: { value: 0, exclusive: true } }),
  row("description", "text", { maxLength: 200, visibleWhen: { row: "method", values: ["card_terminal", "transfer"] } }),
);

const aStay = (changes = {}) => ({ "guest.name": "Ann Lee", arrival: "2026-12-01", departure: "2026-12-03", adults: 2, ...changes });
const thb = (amount) => ({ amount, currency: "THB" });

// MARK: - visibility

test("a row with a condition shows only for the values it names", () => {
  const reference = findRow(payment, "description");
  assert.equal(isRowVisible(payment, reference, { method: "cash" }), false);
  assert.equal(isRowVisible(payment, reference, { method: "transfer" }), true);
  assert.equal(isRowVisible(payment, reference, {}), false);
});

test("a row hides with the row its condition names", () => {
  const chain = form(
    "chain",
    row("invoice", "switch"),
    row("company", "text", { visibleWhen: { row: "invoice", values: [true] } }),
    row("vat", "text", { visibleWhen: { row: "company", values: ["ACME"] } }),
  );
  const vat = findRow(chain, "vat");
  assert.equal(isRowVisible(chain, vat, { invoice: true, company: "ACME" }), true);
  assert.equal(isRowVisible(chain, vat, { invoice: false, company: "ACME" }), false);
});

// MARK: - relative bounds

test("departure's earliest date follows arrival", () => {
  const departure = findRow(stay, "departure");
  assert.equal(boundAttribute(stay, departure, "min", { arrival: "2026-12-31" }), "2027-01-01");
  assert.equal(boundAttribute(stay, departure, "min", { arrival: "2026-02-28" }), "2026-03-01");
  assert.equal(boundAttribute(stay, departure, "min", {}), null);
  assert.equal(boundAttribute(stay, departure, "min", { arrival: "2026-02-30" }), null);
});

test("an exclusive money bound moves in by the smallest unit, in major units", () => {
  const amount = findRow(payment, "amount");
  assert.equal(boundAttribute(payment, amount, "min", {}, { fractionDigits: 2 }), "0.01");
  assert.equal(boundAttribute(payment, amount, "min", {}, { fractionDigits: 0 }), "1");
});

test("a time bound relative to another time counts minutes on the wall clock", () => {
  const times = form("times", row("start", "dateTime"), row("end", "dateTime", { min: { row: "start", minutes: 30 } }));
  const end = findRow(times, "end");
  assert.equal(boundAttribute(times, end, "min", { start: "2026-11-22T23:45" }), "2026-11-23T00:15");
  assert.equal(boundAttribute(times, end, "min", { start: "2026-11-22T10:30:00+09:00" }), "2026-11-22T11:00");
});

// MARK: - checks, as the server makes them

test("a stay as typed passes", () => {
  assert.deepEqual(validateValues(stay, aStay()), { errors: {}, clean: aStay() });
});

test("departure must follow arrival", () => {
  const { errors } = validateValues(stay, aStay({ departure: "2026-12-01" }));
  assert.deepEqual(errors, { departure: "'departure' must be on or after 2026-12-02 (1 day after 'arrival')" });
});

test("a required row left blank is refused naming it", () => {
  assert.deepEqual(validateValues(stay, aStay({ "guest.name": "  " })).errors, { "guest.name": "'guest.name' is required" });
});

test("text is limited to its length", () => {
  const { errors } = validateValues(stay, aStay({ notes: "a".repeat(2001) }));
  assert.deepEqual(errors, { notes: "at most 2000 characters" });
});

test("a stepper keeps within its range", () => {
  assert.deepEqual(validateValues(stay, aStay({ adults: 0 })).errors, { adults: "'adults' must be at least 1" });
  assert.deepEqual(validateValues(stay, aStay({ adults: 17 })).errors, { adults: "'adults' must be at most 16" });
});

test("an email is checked as the server checks a guest's", () => {
  const { errors } = validateValues(stay, aStay({ "guest.email": "ann-at-example" }));
  assert.deepEqual(errors, { "guest.email": "'ann-at-example' is not an email address" });
});

test("an unknown choice is refused naming the field", () => {
  const { errors } = validateValues(payment, { method: "bitcoin", amount: thb(500) });
  assert.deepEqual(errors, { method: "'bitcoin' is not one of cash, card_terminal, transfer" });
});

test("a hidden row is not checked and its value is dropped", () => {
  const { errors, clean } = validateValues(payment, { method: "cash", amount: thb(500), description: "a".repeat(500) });
  assert.deepEqual(errors, {});
  assert.deepEqual(clean, { method: "cash", amount: thb(500) });
});

test("a shown row is checked", () => {
  const { errors } = validateValues(payment, { method: "transfer", amount: thb(500), description: "a".repeat(201) });
  assert.deepEqual(errors, { description: "at most 200 characters" });
});

test("money must be more than zero, naming the amount", () => {
  const { errors } = validateValues(payment, { method: "cash", amount: thb(0) });
  assert.deepEqual(errors, { "amount.amount": "'amount.amount' must be more than 0" });
});

test("an unknown key is refused, unless asked to ignore it", () => {
  const values = { method: "cash", amount: thb(500), till: 2 };
  assert.match(validateValues(payment, values).errors.till, /^'till' is not a field of the payment form/);
  assert.deepEqual(validateValues(payment, values, { unknownKeys: "ignore" }).errors, {});
});

test("an error's field finds its row", () => {
  assert.equal(rowKeyOfField(payment, "amount.amount"), "amount");
  assert.equal(rowKeyOfField(stay, "guest.name"), "guest.name");
  assert.equal(rowKeyOfField(stay, "roomId"), null);
});

// MARK: - renderForm, over a small stand-in for the DOM

/** Just enough of an element for form.js: attributes, children, bubbling events, `closest(".class")`. */
class FakeElement {
  constructor(tagName) {
    this.tagName = tagName.toUpperCase();
    this.children = [];
    this.parent = null;
    this.attributes = new Map();
    this.listeners = new Map();
    this.dataset = {};
    this.className = "";
    this.textContent = "";
    this.hidden = false;
    this.value = "";
    this.checked = false;
  }

  append(...children) {
    for (const child of children) {
      child.parent = this;
      this.children.push(child);
    }
  }

  setAttribute(name, value) { this.attributes.set(name, String(value)); }
  getAttribute(name) { return this.attributes.get(name) ?? null; }
  removeAttribute(name) { this.attributes.delete(name); }
  addEventListener(type, listener) { this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]); }

  dispatchEvent(event) {
    const wrapped = { type: event.type, target: this, preventDefault() {} };
    for (let node = this; node; node = node.parent) {
      for (const listener of node.listeners.get(event.type) ?? []) listener(wrapped);
    }
    return true;
  }

  click() { this.dispatchEvent({ type: "click" }); }

  closest(selector) {
    const name = selector.slice(1);
    for (let node = this; node; node = node.parent) {
      if (node.className.split(" ").includes(name)) return node;
    }
    return null;
  }

  *all() {
    for (const child of this.children) {
      yield child;
      yield* child.all();
    }
  }

  find(test) { return [...this.all()].find(test); }
}

globalThis.document = { createElement: (tag) => new FakeElement(tag) };

/** A form's control by its label's text (as the browser tests select them). */
function control(form, labelText) {
  const label = form.find((node) => node.tagName === "LABEL" && node.textContent === labelText);
  assert.ok(label, `no label ${labelText}`);
  return form.find((node) => node.id === label.htmlFor);
}

const rowOf = (form, key) => form.find((node) => node.dataset.key === key);
const type = (input, value) => {
  input.value = value;
  input.dispatchEvent({ type: "input" });
};
const { renderForm } = await import("../../Web/desk/shared/form.js");

test("every control has a label that names it", () => {
  const { element } = renderForm(stay);
  for (const node of element.all()) {
    if (!["INPUT", "SELECT", "TEXTAREA"].includes(node.tagName)) continue;
    const label = element.find((other) => other.tagName === "LABEL" && other.htmlFor === node.id);
    assert.ok(label?.textContent, `${node.id} has no label`);
  }
});

test("a stepper's buttons are named and keep within its range", () => {
  const { element, values } = renderForm(stay, { values: aStay({ adults: 16 }), t: (key) => key.replace("form.test.", "") });
  const more = element.find((node) => node.getAttribute?.("aria-label") === "Increase adults");
  more.click();
  assert.equal(values().adults, 16);
  element.find((node) => node.getAttribute?.("aria-label") === "Decrease adults").click();
  assert.equal(values().adults, 15);
});

test("departure's min follows arrival as it is typed", () => {
  const { element } = renderForm(stay, { values: aStay() });
  assert.equal(control(element, "form.test.departure").getAttribute("min"), "2026-12-02");
  type(control(element, "form.test.arrival"), "2027-01-10");
  assert.equal(control(element, "form.test.departure").getAttribute("min"), "2027-01-11");
});

test("the reference shows only for a card or a transfer, and a segmented row is a radio group", () => {
  const { element, values } = renderForm(payment, { values: { method: "cash" }, options: { currency: "THB" } });
  assert.ok(element.find((node) => node.getAttribute?.("role") === "radiogroup"));
  assert.equal(rowOf(element, "description").hidden, true);
  const transfer = control(element, "form.test.transfer");
  control(element, "form.test.cash").checked = false; // what a browser does to the radio left
  transfer.checked = true;
  transfer.dispatchEvent({ type: "change" });
  assert.equal(rowOf(element, "description").hidden, false);
  assert.equal(values().method, "transfer");
});

test("money is typed in major units and read in minor units", () => {
  const { element, values } = renderForm(payment, {
    values: { method: "cash", amount: thb(1250) },
    options: { currency: "THB" },
  });
  const amount = control(element, "form.test.amount");
  assert.equal(amount.value, "12.50");
  assert.equal(amount.getAttribute("min"), "0.01");
  type(amount, "40.5");
  assert.deepEqual(values().amount, thb(4050));
});

test("a server's error shows under its row, and what was typed stays", async () => {
  let submitted;
  const { element, values } = renderForm(payment, {
    values: { method: "transfer", amount: thb(500), description: "INV-1" },
    options: { currency: "THB" },
    onSubmit: async (sent) => {
      submitted = sent;
      throw { error: { code: "invalid", field: "amount.currency", message: "'JPY' is not this folio's currency" } };
    },
  });
  element.dispatchEvent({ type: "submit" });
  await new Promise((resolve) => setTimeout(resolve, 0));
  assert.deepEqual(submitted, { method: "transfer", amount: thb(500), description: "INV-1" });
  const error = rowOf(element, "amount").find((node) => node.className === "free-form-row-error");
  assert.equal(error.hidden, false);
  assert.equal(error.textContent, "'JPY' is not this folio's currency");
  assert.equal(control(element, "form.test.amount").getAttribute("aria-invalid"), "true");
  assert.deepEqual(values(), { method: "transfer", amount: thb(500), description: "INV-1" });
});

test("a form that fails its checks is not submitted", () => {
  let submitted = false;
  const { element, setErrors } = renderForm(stay, { values: aStay({ departure: "2026-11-30" }), onSubmit: () => (submitted = true) });
  element.dispatchEvent({ type: "submit" });
  assert.equal(submitted, false);
  const error = rowOf(element, "departure").find((node) => node.className === "free-form-row-error");
  assert.match(error.textContent, /must be on or after 2026-12-02/);
  setErrors({});
  assert.equal(error.hidden, true);
});

test("a check's rule is worded in the page's language, a check without one keeps its message", () => {
  const worded = { "email.invalid": "メールアドレスの形式ではありません。" };
  const { element } = renderForm(stay, {
    values: aStay({ "guest.email": "hanako-at-example", departure: "2026-11-30" }),
    refusal: (reason) => worded[reason] ?? null,
  });
  element.dispatchEvent({ type: "submit" });
  const error = (key) => rowOf(element, key).find((node) => node.className === "free-form-row-error").textContent;
  assert.equal(error("guest.email"), "メールアドレスの形式ではありません。");
  assert.match(error("departure"), /must be on or after 2026-12-02/);
});

test("a button row asks for its action with the values", () => {
  const actions = [];
  const { element } = renderForm(stay, { values: aStay(), onAction: (action, values) => actions.push([action, values.adults]) });
  element.find((node) => node.tagName === "BUTTON" && node.textContent === "form.test.checkIn").click();
  assert.deepEqual(actions, [["checkIn", 2]]);
});
