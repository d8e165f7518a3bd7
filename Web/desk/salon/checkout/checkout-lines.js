// The checkout's lines (checkout.js), as the server's quote prices them: each service with who did it,
// each product added (with its × to take it out again), and the totals beside them: subtotal, taxes, a
// deposit held taken off, the ticket books sold and drawn, what is paid, still due and the change.

import { h, fill } from "../../../common/dom.js";
import { lineLabel, taxLabel } from "../../folio/folio-lines.js";
import { isPrepaid, prepaidLabel } from "./ticket-books.js";

/** A deposit held taken off: a total's row after the taxes, as the server counts it, not a line. */
const isDepositOff = (line) => line.category === "deposit";
/** Lines the server counts after the taxes, outside the subtotal: the deposits, and the ticket books. */
const isAfterTaxes = (line) => isDepositOff(line) || isPrepaid(line);

/**
 * The lines' table; `draw(quote)` fills it. The k-th product line is `state.items[k]`: its × takes it out
 * of `state` and calls `changed(true)`.
 */
export function linesPart(i18n, state, changed) {
  const { t } = i18n;
  const word = (text) => i18n.stored?.(text) ?? text;
  const money = (amount) => i18n.money(amount);
  const negative = (amount) => money({ ...amount, amount: -amount.amount });
  const lines = h("tbody");
  const element = h(
    "table",
    { class: "desk-table checkout-lines", id: "checkout-lines" },
    h("caption", { class: "visually-hidden", text: t("checkout.lines") }),
    h(
      "thead",
      {},
      h(
        "tr",
        {},
        h("th", { scope: "col", text: t("document.description") }),
        h("th", { scope: "col", text: t("checkout.staff") }),
        h("th", { scope: "col", class: "desk-number", text: t("checkout.quantity") }),
        h("th", { scope: "col", class: "desk-number", text: t("checkout.unitPrice") }),
        h("th", { scope: "col", class: "desk-number", text: t("checkout.discount") }),
        h("th", { scope: "col", class: "desk-number", text: t("document.amount") }),
        h("td", {}),
      ),
    ),
    lines,
  );

  function draw(quote) {
    let product = -1;
    fill(
      lines,
      quote.lines.filter((line) => !isAfterTaxes(line)).map((line) => {
        // The products come after the services, in the order they were added: the k-th is `state.items[k]`.
        const item = line.category === "product" ? ++product : -1;
        const name = word(line.description);
        return h(
          "tr",
          { class: `is-${line.category}` },
          h("td", { text: name }),
          h("td", { text: line.staffName ?? "" }),
          h("td", { class: "desk-number", text: i18n.number(line.quantity) }),
          h("td", { class: "desk-number", text: money(line.unitPrice) }),
          h("td", { class: "desk-number", text: line.discount.amount ? negative(line.discount) : "" }),
          h("td", { class: "desk-number", text: money(line.amount) }),
          h(
            "td",
            { class: "desk-actions-cell" },
            item >= 0
              ? h("button", {
                  type: "button", class: "desk-button is-quiet", text: "×", title: t("checkout.removeProduct", { product: name }),
                  "aria-label": t("checkout.removeProduct", { product: name }),
                  onclick: () => {
                    state.items.splice(item, 1);
                    changed(true);
                  },
                })
              : null,
          ),
        );
      }),
    );
  }
  return { element, draw };
}

/** The totals as the quote counts them; `draw(quote)` fills them. */
export function totalsPart(i18n) {
  const { t } = i18n;
  const money = (amount) => i18n.money(amount);
  const negative = (amount) => money({ ...amount, amount: -amount.amount });
  const element = h("dl", { class: "checkout-totals", id: "checkout-totals" });
  function draw(quote) {
    const row = (label, text, id, className = "") => [h("dt", { class: className, text: label }), h("dd", { class: className, id, text })];
    const due = quote.due;
    fill(
      element,
      quote.discount.amount
        ? [row(t("checkout.gross"), money(quote.gross), "checkout-gross"), row(t("checkout.discount"), negative(quote.discount), "checkout-discount-total")]
        : null,
      row(t("document.subtotal"), money(quote.subtotal), "checkout-subtotal"),
      quote.taxes.map((tax) => row(taxLabel(tax, i18n), money(tax.amount))),
      quote.lines.filter(isDepositOff).map((line, index) =>
        row(lineLabel(line, i18n), money(line.amount), index === 0 ? "checkout-deposit" : undefined, "is-deposit"),
      ),
      // A book sold is paid with the sale, not takings; a book drawn pays its share of what is due.
      quote.lines.filter(isPrepaid).map((line) => row(prepaidLabel(line, i18n), money(line.amount), undefined, "is-prepaid")),
      row(t("document.total"), money(quote.total), "checkout-total", "is-grand"),
      quote.includedTaxes.map((tax, index) =>
        row(t("checkout.included", { tax: taxLabel(tax, i18n) }), money(tax.amount), index === 0 ? "checkout-included-tax" : undefined, "is-included"),
      ),
      row(t("checkout.paid"), money(quote.paid), "checkout-paid"),
      row(t(due.amount < 0 ? "checkout.over" : "checkout.due"), money({ ...due, amount: Math.abs(due.amount) }), "checkout-due", due.amount ? "is-owed" : ""),
      row(t("checkout.change"), money(quote.change), "checkout-change", "is-change"),
    );
  }
  return { element, draw };
}
