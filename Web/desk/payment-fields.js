// One payment's controls, as the checkout (checkout.js) and a receipt still owed (receipt.js) take it: how
// it is paid, the amount in the salon's currency, and what was handed over (cash) or a reference (the other
// methods), each labelled above and with the place for its refusal below; and the labelled field and the
// edit listener they are made of, which the checkout's other controls use too.

import { h } from "../common/dom.js";
import { currencyDigits, currencySign, toMajorUnits } from "../common/money.js";
import { METHODS } from "./checkout-order.js";

/**
 * Keeps what is typed into `input` (or pasted, or cleared) with `keep(value)` and tells `changed()`, only
 * when it differs from what is kept (`kept()`): leaving a field changes nothing, so that a press of a button
 * is not lost to a form redrawn as the field it leaves loses focus.
 */
export function onEdit(input, kept, keep, changed) {
  const edit = () => {
    if (input.value === kept()) return;
    keep(input.value);
    changed();
  };
  input.addEventListener("input", edit);
  input.addEventListener("change", edit);
}

/** A control with its words above and the place for a refusal of it below; `words` may be worded again. */
export function field(text, control, className = "") {
  const words = h("span", { text });
  const error = h("p", { class: "desk-form-error", role: "alert" });
  return { element: h("div", { class: `checkout-field ${className}`.trim() }, h("label", {}, words, control), error), error, words };
}

/**
 * The controls of `payment` (a `blankPayment()`, changed in place as it is edited): the method, the
 * amount (typed, it no longer follows what is due), what was handed over shown for cash and the reference
 * for the rest.
 * @param {object} i18n the page's (`t`, `locale`)
 * @param {object} payment
 * @param {{id: (name: string) => string, currency: string, changed: (now?: boolean) => void}} options
 *   `id("amount")` is the amount's element id; `changed(true)` when the method changes, `changed()` as typed
 * @returns {{elements: HTMLElement[], method: HTMLSelectElement, amount: HTMLInputElement, tendered: HTMLInputElement,
 *   errors: HTMLElement[], errorAt: (name: string) => HTMLElement}}
 */
export function paymentFields(i18n, payment, { id, currency, changed }) {
  const { t } = i18n;
  const step = toMajorUnits(1, currencyDigits(currency));
  const sign = currencySign(currency, i18n.locale);
  const method = h(
    "select",
    { id: id("method") },
    METHODS.map((name) => h("option", { value: name, selected: name === payment.method, text: t(`method.${name}`) })),
  );
  const money = (name) => h("input", { id: id(name), type: "number", min: "0", step, inputmode: "decimal", value: payment[name] });
  const amount = money("amount");
  const tendered = money("tendered");
  const reference = h("input", { id: id("reference"), type: "text", maxlength: "60", autocomplete: "off", value: payment.reference });
  const fields = {
    method: field(t("checkout.method"), method),
    amount: field(t("checkout.paymentAmount", { sign }), amount),
    tendered: field(t("checkout.tendered", { sign }), tendered),
    reference: field(t("checkout.reference"), reference, "is-wide"),
  };
  const showMethod = () => {
    fields.tendered.element.hidden = payment.method !== "cash";
    fields.reference.element.hidden = payment.method === "cash";
  };
  method.addEventListener("change", () => {
    payment.method = method.value;
    showMethod();
    changed(true);
  });
  onEdit(amount, () => payment.amount, (value) => {
    payment.amount = value;
    // Emptied, it follows what is still due again.
    payment.typed = value.trim() !== "";
  }, () => changed());
  onEdit(tendered, () => payment.tendered, (value) => {
    payment.tendered = value;
  }, () => changed());
  onEdit(reference, () => payment.reference, (value) => {
    payment.reference = value;
  }, () => changed());
  showMethod();
  return {
    elements: Object.values(fields).map((f) => f.element),
    method, amount, tendered,
    errors: Object.values(fields).map((f) => f.error),
    // `payments[0].amount.amount` is the amount's; a payment refused whole is said under its amount.
    errorAt: (name) => (fields[name] ?? fields.amount).error,
  };
}
