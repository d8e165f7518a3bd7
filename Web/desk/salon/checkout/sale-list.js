// A visit's sales as links to their receipts (`#/sales/{id}`): each receipt's number and total, what is still
// owed on it (a fee for a visit not kept, not yet paid), a refunded one marked so. On the appointment's page
// and its panel on the board, on a customer's record, and on a checkout the server no longer offers.

import { h } from "../../../common/dom.js";

/** Whether a sale (a `SaleSummary` or a `Sale`) still has something to pay. */
export const owes = (sale) => !sale.refunded && !sale.refund && sale.due?.amount > 0;

/** The list of `sales` (`SaleSummary`s), or null when there are none. */
export function saleList(sales = [], desk, id) {
  if (!sales.length) return null;
  const { t } = desk.i18n;
  return h(
    "ul",
    { class: "sale-list", id },
    sales.map((sale) =>
      h(
        "li",
        { class: sale.refunded ? "is-refunded" : "", dataset: { saleId: String(sale.id) } },
        h("a", { href: `#/sales/${sale.id}`, text: `${sale.reference} · ${desk.i18n.money(sale.total)}` }),
        sale.refunded ? [" ", h("span", { class: "desk-state is-cancelled", text: t("receipt.refunded") })] : null,
        owes(sale) ? [" ", h("strong", { class: "sale-owed", text: t("sale.owed", { amount: desk.i18n.money(sale.due) }) })] : null,
      ),
    ),
  );
}
