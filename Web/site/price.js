// A stay's price as the guest sees it before booking: each night at its own rate, the fees, the taxes
// and the total, all from the server's quote, which is also what the folio will charge.

import { h } from "../common/dom.js";

/**
 * @param {object} site the app (`i18n`)
 * @param {{nights: {name, amount, night}[], fees: {name, amount}[], taxes: {name, amount, included}[], total}} price
 */
export function priceLines(site, price) {
  const { t } = site.i18n;
  const i18n = site.i18n;
  const line = (name, amount, className = "") =>
    h("div", { class: `price-line ${className}` }, h("dt", { text: name }), h("dd", { text: i18n.money(amount) }));
  const roomTotal = { amount: price.nights.reduce((sum, l) => sum + l.amount.amount, 0), currency: price.total.currency };
  return h(
    "div",
    { class: "price", "aria-label": t("price.title") },
    h("details", { class: "price-nights" },
      h("summary", {}, h("span", { text: t("price.nights", { nights: i18n.nights(price.nights.length) }) }), h("span", { text: i18n.money(roomTotal) })),
      h("dl", {}, price.nights.map((l) => line(t("price.night", { date: i18n.date(l.night) }), l.amount))),
    ),
    h("dl", { class: "price-extras" },
      price.fees.map((l) => line(l.name, l.amount, "is-fee")),
      price.taxes.filter((l) => !l.included).map((l) => line(l.name, l.amount, "is-tax")),
      line(t("price.total"), price.total, "is-total"),
      // A tax already inside the prices is shown under the total, not added to it.
      price.taxes.filter((l) => l.included).map((l) => line(t("price.included", { tax: l.name }), l.amount, "is-included")),
    ),
  );
}

/**
 * A rate plan's terms in a few words, as the place page lists it beside its price: non-refundable,
 * free to cancel at any time, or free until some days before arrival.
 * @param {(key: string, params?: object) => string} t
 * @param {{nonRefundable: boolean, freeCancellationDays?: number, lateCancellationPercent?: number}} plan
 */
export function planTerms(t, plan) {
  if (plan.nonRefundable) return t("plan.nonRefundable");
  if (plan.lateCancellationPercent === 0) return t("book.termsAlwaysFree");
  return t("place.cancelFree", { count: plan.freeCancellationDays });
}
