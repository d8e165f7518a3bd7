// A visit's sales as links to their receipts (`#/sales/{id}`): each receipt's number and total, a refunded
// one marked so. On the appointment's page, and on a checkout the server no longer offers.

import { h } from "../common/dom.js";

/** The list of `sales` (the appointment's `SaleSummary`s), or null when there are none. */
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
      ),
    ),
  );
}
