// The checkout's ticket books (checkout.js), for a customer known: a visit their book of visits covers is
// paid with it (a checkbox a book), their prepaid balance pays an amount typed, and a book the salon offers
// is sold to them (chosen and added, as products are, and taken out again). Whether a book may be drawn at
// all, what it has left and what a draw pays are the server's: the quote prices each draw and refuses one
// it would not take, under its control. And the books as a sale leaves them, for the checkout's summary and
// the receipt.

import { h, fill } from "../../../common/dom.js";
import { currencyDigits, currencySign, toMajorUnits } from "../../../common/money.js";
import { serviceName } from "../customers/customer-facts.js";
import { field, onEdit } from "./payment-fields.js";
import { balanceBooks, leftWords, visitBooks } from "./ticket-books.js";

/**
 * The ticket books' section: `element` is null when there is nothing to offer (no customer known, no book
 * of theirs to draw and no offer to sell). Keeps the books sold in `state.tickets` and the draws in
 * `state.draws` (both empty to start), and calls `changed(true)` on a choice, `changed()` as an amount is typed.
 * @param {object} i18n the desk's words
 * @param {object} parts
 * @param {string} parts.currency the salon's
 * @param {object[]} parts.services the salon's menu (`desk.property.services`), to name a visit's service
 * @param {object[]} parts.appointments the visits checked out
 * @param {object[]} parts.offers the salon's ticket offers as the server lists them (those off sale among them)
 * @param {object[]} parts.books the customer's books as the server lists them
 * @param {boolean} parts.customer whether the sale has a customer known (books are sold and drawn only then)
 * @returns {{element: HTMLElement | null, errorAt: (draw: object) => HTMLElement | null, errors: () => HTMLElement[],
 *   refusedSale: (index: number, text: string) => void}}
 */
export function ticketsPart(i18n, { currency, services, appointments, offers, books, customer, state, changed }) {
  const { t } = i18n;
  const word = (text) => i18n.stored?.(text) ?? text;
  // Where a refusal of each draw is said, by the draw (an entry of `state.draws`).
  const errors = new Map();
  const none = { element: null, errorAt: () => null, errors: () => [], refusedSale: () => {} };
  if (!customer) return none;

  // A book of visits paying a visit: its draw is in the order while it is checked.
  const visitChecks = appointments.flatMap((appointment) =>
    visitBooks(appointment, books).map((book) => {
      const draw = { ticketBookId: book.id, appointmentId: appointment.id };
      const box = h("input", {
        type: "checkbox", id: `checkout-ticket-${appointment.id}-${book.id}`,
        onchange: () => {
          const index = state.draws.indexOf(draw);
          if (box.checked && index < 0) state.draws.push(draw);
          if (!box.checked && index >= 0) state.draws.splice(index, 1);
          changed(true);
        },
      });
      const words = t("checkout.payWithTicket", {
        service: serviceName(appointment, services), name: word(book.name), remaining: book.remaining,
      });
      const error = h("p", { class: "desk-form-error", role: "alert" });
      errors.set(draw, error);
      return h("div", { class: "checkout-field is-check is-wide" }, h("label", {}, box, h("span", { text: words })), error);
    }),
  );

  // A prepaid balance paying an amount typed in the salon's currency; left empty, it pays nothing.
  const digits = currencyDigits(currency);
  const balanceFields = balanceBooks(books).map((book) => {
    const draw = { ticketBookId: book.id, units: "" };
    state.draws.push(draw);
    const input = h("input", {
      id: `checkout-balance-${book.id}`, type: "number", min: "0", step: toMajorUnits(1, digits), inputmode: "decimal",
    });
    onEdit(input, () => draw.units, (value) => {
      draw.units = value;
    }, () => changed());
    const words = t("checkout.payFromBalance", {
      name: word(book.name), amount: i18n.money({ amount: book.remaining, currency }), sign: currencySign(currency, i18n.locale),
    });
    const shown = field(words, input, "is-wide");
    errors.set(draw, shown.error);
    return shown.element;
  });

  // A book the salon offers, sold in this sale: chosen, added, and listed with its × to take it out again.
  const onSale = offers.filter((offer) => offer.active);
  const offerSelect = h(
    "select",
    { id: "checkout-ticket-offer" },
    onSale.map((offer) => h("option", { value: String(offer.id), text: `${word(offer.name)} · ${i18n.money(offer.price)}` })),
  );
  const offerField = field(t("checkout.ticketOffer"), offerSelect, "is-wide");
  const sold = h("ul", { class: "checkout-tickets-sold", id: "checkout-tickets-sold" });
  const nameOf = (offerId) => word(offers.find((offer) => offer.id === offerId)?.name ?? "");
  const drawSold = () =>
    fill(
      sold,
      state.tickets.map((ticket, index) =>
        h(
          "li",
          {},
          h("span", { text: nameOf(ticket.offerId) }),
          h("button", {
            type: "button", class: "desk-button is-quiet", text: "×", title: t("checkout.removeTicket", { name: nameOf(ticket.offerId) }),
            "aria-label": t("checkout.removeTicket", { name: nameOf(ticket.offerId) }),
            onclick: () => {
              state.tickets.splice(index, 1);
              drawSold();
              changed(true);
            },
          }),
        ),
      ),
    );
  const add = h("button", {
    type: "button", class: "desk-button", id: "checkout-add-ticket", text: t("checkout.addTicket"),
    onclick: () => {
      offerField.error.textContent = "";
      state.tickets.push({ offerId: Number(offerSelect.value) });
      drawSold();
      changed(true);
    },
  });

  if (!visitChecks.length && !balanceFields.length && !onSale.length) return none;
  const element = h(
    "section",
    { class: "checkout-part", "aria-labelledby": "checkout-tickets" },
    h("h2", { id: "checkout-tickets", text: t("checkout.tickets") }),
    visitChecks.length || balanceFields.length ? h("div", { class: "checkout-fields" }, visitChecks, balanceFields) : null,
    onSale.length
      ? [h("div", { class: "checkout-fields" }, offerField.element, h("div", { class: "checkout-field is-button" }, add)), sold]
      : null,
  );
  return {
    element,
    errorAt: (draw) => errors.get(draw) ?? null,
    errors: () => [...errors.values()],
    /** A book sold that the server refused (no longer on sale): taken out again, and said under the offers. */
    refusedSale(index, text) {
      state.tickets.splice(index, 1);
      drawSold();
      offerField.error.textContent = text;
      changed(true);
    },
  };
}

/**
 * The books a sale sold or drew as it leaves them (`tickets` of a quote or a sale): each one's name, what is
 * left, its last day and, where the law gives one, the last day to cancel it. Null for none.
 * @param {{ticketBookId?: number, name: string, kind: string, units: number, remaining: number, lastDay: string,
 *   coolingOffUntil?: string}[]} tickets
 * @param {string} currency the salon's
 * @param {string} id the list's id
 */
export function ticketList(i18n, tickets = [], currency, id) {
  if (!tickets.length) return null;
  const { t } = i18n;
  const word = (text) => i18n.stored?.(text) ?? text;
  return h(
    "ul",
    { class: "ticket-list", id },
    tickets.map((ticket) =>
      h(
        "li",
        { dataset: ticket.ticketBookId ? { ticketBookId: String(ticket.ticketBookId) } : {} },
        h("strong", { class: "ticket-name", text: word(ticket.name) }),
        " ",
        h("span", { class: "ticket-left", text: leftWords(ticket, i18n, currency) }),
        h("span", {
          class: "ticket-dates",
          text: ` · ${ticket.endedOn ? t("ticket.endedDay", { date: i18n.date(ticket.endedOn) }) : t("ticket.validUntil", { date: i18n.date(ticket.lastDay) })}`,
        }),
        ticket.coolingOffUntil
          ? h("span", { class: "ticket-cooling-off", text: ` · ${t("ticket.coolingOff", { date: i18n.date(ticket.coolingOffUntil) })}` })
          : null,
      ),
    ),
  );
}
