// How a checkout is paid (checkout.js): one payment or more, each its method and amount (payment-fields.js)
// and, when the quote draws one, the code to pay it by.

import { h, fill } from "../../../common/dom.js";
import { bound } from "../../../common/limits.js";
import { payCodeFigure } from "../../../common/pay-code.js";
import { blankPayment } from "./checkout-order.js";
import { paymentFields } from "./payment-fields.js";

/**
 * The payments' section, drawn from `state.payments`; adding or removing one calls `changed(true)`. `rooms`
 * (the salon and the visit's hotel guest) lets a payment be charged to a room.
 * `views()` are the payments' controls as drawn (`method`, `amount`, `errors`, `errorAt(name)`);
 * `drawCodes(quote, rows)` puts each payment's code under its fields.
 */
export function paymentsPart(i18n, { state, methods, currency, rooms, changed }) {
  const { t } = i18n;
  const money = (amount) => i18n.money(amount);
  const paymentList = h("div", { class: "checkout-payments" });
  let paymentViews = [];
  const addPayment = h("button", {
    type: "button", class: "desk-button", id: "checkout-add-payment", text: t("checkout.addPayment"),
    onclick: () => {
      state.payments.push(blankPayment(methods, state.payments));
      drawPayments();
      paymentViews.at(-1).method.focus();
      changed(true);
    },
  });

  /** One payment's controls (payment-fields.js), numbered, and Remove for all but the first. */
  function paymentView(payment, n) {
    // The code to pay it by, when the quote draws one (a QR payment at a salon paid by a code).
    const code = h("div", { class: "checkout-pay-code", id: `checkout-code-${n}` });
    const view = paymentFields(i18n, payment, { id: (name) => `checkout-${name}-${n}`, currency, methods, rooms, changed });
    const remove =
      n > 0
        ? h("button", {
            type: "button", class: "desk-button is-quiet", text: t("checkout.removePayment", { n: n + 1 }),
            onclick: () => {
              state.payments.splice(n, 1);
              drawPayments();
              changed(true);
            },
          })
        : null;
    const element = h(
      "fieldset",
      { class: "checkout-payment", dataset: { payment: String(n) } },
      h("legend", { text: t("checkout.payment", { n: n + 1 }) }),
      h("div", { class: "checkout-fields" }, view.elements, remove ? h("div", { class: "checkout-field is-button" }, remove) : null),
      code,
    );
    return { element, method: view.method, amount: view.amount, errors: view.errors, errorAt: view.errorAt, code };
  }

  function drawPayments() {
    paymentViews = state.payments.map(paymentView);
    fill(paymentList, paymentViews.map((view) => view.element));
    addPayment.disabled = state.payments.length >= bound("sale.payments").max;
  }
  drawPayments();

  /** Each payment's code as the quote draws it, under its fields; `rows` maps the payments sent to the form's. */
  function drawCodes(quote, rows) {
    const codes = new Map((quote.payCodes ?? []).map(({ payment, code }) => [rows[payment], code]));
    paymentViews.forEach((view, n) => {
      const code = codes.get(n);
      const words = code && { amount: money(code.amount), reference: code.reference, holder: code.holder };
      fill(view.code, code ? payCodeFigure(code, { caption: t("checkout.codeCaption", words), alt: t(`payCode.alt.${code.scheme}`, words), id: `checkout-pay-code-${n}` }) : null);
    });
  }

  const element = h(
    "section",
    { class: "checkout-part", "aria-labelledby": "checkout-payments" },
    h("h2", { id: "checkout-payments", text: t("checkout.payments") }),
    paymentList,
    h("div", { class: "desk-row" }, addPayment),
  );
  return { element, views: () => paymentViews, drawCodes };
}
