// An appointment's deposit (予約金), for who reads money: what its terms ask and whether the salon holds it
// (`deposit`, the server's), and taking it at the desk while the server offers it (`actions` has `deposit`):
// one payment as the checkout's, its amount what is asked unless typed, sent once per body
// (`Idempotency-Key`). The deposit's sale is a receipt of its own; the desk opens it to be printed.

import { h } from "../../../common/dom.js";
import { onePaymentForm } from "../checkout/payment-fields.js";

/**
 * The deposit as a fact of the appointment ("¥2,000 held", "¥2,000: not taken"), or null when none is asked
 * nor held (and for who does not read money, to whom the server sends none).
 */
export function depositWords(i18n, deposit) {
  if (deposit?.held?.amount > 0) return i18n.t("appointment.depositHeld", { amount: i18n.money(deposit.held) });
  if (deposit?.asked?.amount > 0) return i18n.t("appointment.depositNotTaken", { amount: i18n.money(deposit.asked) });
  return null;
}

/**
 * The form that takes the deposit of `appointment`: the payment's fields (cash first, its amount what is
 * asked), the change of cash handed over, and Take. A refusal of a payment's field is said under it, any
 * other under the form; `taken(sale)` once the server answers with the deposit's sale.
 * @param {object} i18n the page's (`t`, `money`, `locale`)
 * @param {object} appointment with `deposit.asked`
 * @param {object[]} methods the salon's `paymentMethods`
 * @param {{taken: (sale: object) => Promise<void>, held: () => Promise<void>, close: () => void}} done `held`
 *   when the server says a deposit is held meanwhile
 */
export function depositForm(i18n, appointment, methods, { taken, held, close }) {
  const { t } = i18n;
  const asked = appointment.deposit.asked;
  const message = h("p", { class: "desk-form-error", role: "alert", id: "deposit-message" });
  return onePaymentForm(i18n, asked, {
    id: "deposit",
    path: `/api/v1/appointments/${appointment.id}/deposit`,
    methods,
    heading: h("h2", { id: "deposit-title", text: t("appointment.depositTitle", { amount: i18n.money(asked) }) }),
    button: { id: "deposit-take", text: t("appointment.depositTake") },
    message,
    attributes: { class: "appointment-deposit-form", id: "deposit-form", "aria-labelledby": "deposit-title" },
    buttons: [h("button", { type: "button", class: "desk-button", id: "deposit-close", text: t("appointment.depositLater"), onclick: close })],
    after: [message],
    done: taken,
    // Taken meanwhile (at another desk, or by this request before its answer was lost): shown as it is.
    refused: async (refusal) => refusal.reason === "deposit.taken" && (await held(), true),
  });
}
