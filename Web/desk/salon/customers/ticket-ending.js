// Ending a customer's ticket book at their request (中途解約), from their record: what the salon keeps (up to
// the book's `endingFeeLimit`, which the server works out by the law), how the rest is paid back (the
// server's `endingMethods`) and why. The server refuses what breaks its rules, each refusal said under the
// field it names; an ending stored is its receipt, which the desk opens. `endingRequest` has no DOM:
// `node --test` pins it (Tests/Web/ticket-ending.test.mjs).

import { h } from "../../../common/dom.js";
import { textLength } from "../../../common/limits.js";
import { currencyDigits, currencySign, toMajorUnits, toMinorUnits } from "../../../common/money.js";
import { call, errorText, pressing } from "../../api.js";

/**
 * The request the form sends: the fee typed in major units of `currency` (empty is none), the method and the
 * reason; or `{field, key}` for a fee that is not an amount of the currency, said before anything is sent.
 * @param {{fee: string, method: string, reason: string}} values
 * @param {string} currency the book's
 */
export function endingRequest(values, currency) {
  const typed = String(values.fee ?? "").trim();
  const amount = typed === "" ? 0 : toMinorUnits(typed, currencyDigits(currency));
  if (amount === null) return { field: "fee.amount", key: "ticket.endFeeNotAmount" };
  return { body: { fee: { amount, currency }, method: values.method, reason: String(values.reason ?? "").trim() } };
}

/**
 * The form under a book on the record. `ended(sale)` is told the ending's sale; `endedMeanwhile()` when the
 * server says the book was ended already (at another desk, or by this request before its answer was lost).
 * @param {{id: number, name: string, price: {currency: string}, endingFeeLimit: {amount: number, currency: string}}} book
 * @param {object} desk
 * @param {{customerId: number, methods: string[], ended: Function, endedMeanwhile: Function, cancel: Function}} options
 */
export function endingForm(book, desk, { customerId, methods, ended, endedMeanwhile, cancel }) {
  const { i18n } = desk;
  const { t } = i18n;
  const currency = book.price.currency;
  const id = (name) => `ticket-end-${book.id}-${name}`;
  // A control with its words above and the place for its refusal below.
  const placed = (text, control) => {
    const error = h("p", { class: "desk-form-error", role: "alert", id: `${control.id}-error` });
    return { element: h("div", { class: "checkout-field" }, h("label", { for: control.id, text }), control, error), error };
  };
  const fee = h("input", {
    id: id("fee"), type: "number", min: "0", step: toMajorUnits(1, currencyDigits(currency)), inputmode: "decimal",
    value: "0", "aria-describedby": id("limit"),
  });
  const method = h("select", { id: id("method") }, methods.map((name) => h("option", { value: name, text: t(`method.${name}`) })));
  const reason = h("input", { id: id("reason"), type: "text", ...textLength("posting.description"), autocomplete: "off" });
  const fields = {
    "fee.amount": placed(t("ticket.endFee", { sign: currencySign(currency, i18n.locale) }), fee),
    method: placed(t("checkout.method"), method),
    reason: placed(t("ticket.endWhy"), reason),
  };
  const message = h("p", { class: "desk-form-error", role: "alert", id: id("message") });
  const confirm = h("button", { type: "submit", class: "desk-button is-danger", id: id("confirm"), text: t("ticket.endConfirm") });
  const form = h(
    "form",
    { class: "ticket-end-form", id: id("form"), novalidate: true },
    h("p", { class: "desk-hint", id: id("limit"), text: t("ticket.endLimit", { limit: i18n.money(book.endingFeeLimit), unused: i18n.money(book.unused) }) }),
    h("div", { class: "desk-row" }, fields["fee.amount"].element, fields.method.element),
    fields.reason.element,
    message,
    h("div", { class: "desk-row" }, confirm, h("button", { type: "button", class: "desk-button", text: t("common.cancel"), onclick: cancel })),
  );
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    for (const place of [message, ...Object.values(fields).map((one) => one.error)]) place.textContent = "";
    const request = endingRequest({ fee: fee.value, method: method.value, reason: reason.value }, currency);
    if (request.field) {
      fields[request.field].error.textContent = t(request.key);
      return;
    }
    pressing(confirm, message, t, async () => {
      try {
        const { data: sale } = await call("POST", `/api/v1/customers/${customerId}/ticket-books/${book.id}/ending`, { body: request.body });
        ended(sale);
      } catch (refusal) {
        if (refusal.reason === "ticket.ended") return endedMeanwhile();
        const place = fields[refusal.field]?.error;
        if (!place) throw refusal;
        place.textContent = errorText(refusal, t);
        confirm.disabled = false;
      }
    });
  });
  queueMicrotask(() => fee.focus());
  return form;
}
