// What an invoice's sheet is made of, on a stay's document (document.js) and a company's month
// (company-invoice.js) alike: a tax's label, a total's row, the issuer's block, a list of facts, the taxes
// inside the prices, and the balance due (or to refund); and the page around it, with its way back and Print.

import { h } from "../../common/dom.js";
import { taxLabel } from "./folio-lines.js";

/** The sheet's pieces in the page's words (`i18n`). */
export function sheetParts(i18n) {
  const { t } = i18n;
  const money = (amount) => i18n.money(amount);
  const row = (cells, className) => h("tr", { class: className }, cells);
  return {
    money,
    row,
    /** A tax added: a share states what it is on (VAT on the price and the service charge); one by the night, its units. */
    addedLabel(tax) {
      if (tax.base && tax.basisPoints) return t("document.addedOn", { tax: taxLabel(tax, i18n), base: money(tax.base) });
      return tax.units ? `${taxLabel(tax, i18n)} × ${tax.units}` : taxLabel(tax, i18n);
    },
    total(label, amount, id, className = "") {
      return row([h("th", { scope: "row", colspan: 2, text: label }), h("td", { class: "desk-number", id, text: money(amount) })], `document-total ${className}`);
    },
    /** Each rate's total and the tax inside it. */
    included(taxes) {
      return (taxes ?? []).map((tax) =>
        this.total(
          tax.base ? t("document.includedOn", { tax: taxLabel(tax, i18n), base: money(tax.base) }) : t("document.included", { tax: taxLabel(tax, i18n) }),
          tax.amount, undefined, "is-included",
        ),
      );
    },
    /** What is still due, or (negative) what the hotel owes back. */
    balance(balance) {
      return h(
        "p",
        { class: `document-balance${balance.amount > 0 ? " is-due" : ""}` },
        h("span", { text: t(balance.amount < 0 ? "document.refundDue" : "document.balanceDue") }),
        h("strong", { id: "document-balance", text: money({ ...balance, amount: Math.abs(balance.amount) }) }),
      );
    },
  };
}

/** A definition list of `[label, value, id?]`, leaving out empty entries. */
export function facts(entries) {
  return h(
    "dl",
    { class: "document-facts" },
    entries.filter(Boolean).flatMap(([label, value, id]) => [h("dt", { text: label }), h("dd", { id, text: value })]),
  );
}

/**
 * The printable page of `sheet`: the way back (`back`, to `href`) and Print above it, then what the page adds
 * (`more`: sending it, its e-invoice), which paper leaves out.
 */
export function sheetPage(i18n, { href, back, sheet, more = [] }) {
  return h(
    "div",
    { class: "document-page" },
    h(
      "div",
      { class: "desk-row no-print" },
      h("a", { class: "desk-button is-quiet", href, text: `← ${back}` }),
      h("button", { type: "button", class: "desk-button is-primary", id: "document-print", text: i18n.t("document.print"), onclick: () => window.print() }),
    ),
    ...more,
    sheet,
  );
}
