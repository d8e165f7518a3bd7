// Customers as a search lists them (customers.js, the merge of customer-record.js, and the suggestions of
// the board's booking form, customer-picker.js): each one's name, reading and phone, their last visit and
// their next, as a link to their record, a button to choose them, or an option of a list.

import { h } from "../../../common/dom.js";

/** What a found customer's line says, as a function of the customer: name, reading, phone, last visit, next. */
export function customerLine(desk) {
  const { t } = desk.i18n;
  const zone = desk.property.timeZone;
  const day = new Intl.DateTimeFormat(desk.i18n.locale, { dateStyle: "medium", timeZone: zone });
  const when = new Intl.DateTimeFormat(desk.i18n.locale, { dateStyle: "medium", timeStyle: "short", timeZone: zone });
  return (customer) => [
    h("span", { class: "customers-name", text: customer.name }),
    customer.reading ? h("span", { class: "customers-reading", text: customer.reading }) : null,
    customer.phone ? h("span", { class: "customers-phone", text: customer.phone }) : null,
    customer.lastVisit
      ? h("span", { class: "customers-when", text: t("customers.lastVisit", { date: day.format(new Date(customer.lastVisit)) }) })
      : null,
    customer.nextVisit
      ? h("span", { class: "customers-when is-next", text: t("customers.nextVisit", { date: when.format(new Date(customer.nextVisit)) }) })
      : null,
  ];
}

/**
 * A list of found customers. `choose(customer, button)`, when given, makes each a button that calls it;
 * otherwise each links to the customer's record.
 */
export function customerList(customers, desk, { choose } = {}) {
  const line = customerLine(desk);
  return h(
    "ul",
    { class: "customers-list" },
    customers.map((customer) => {
      const parts = line(customer);
      const item = choose
        ? h("button", { type: "button", class: "customers-item", onclick: (event) => choose(customer, event.currentTarget) }, parts)
        : h("a", { class: "customers-item", href: `#/customers/${customer.id}` }, parts);
      item.dataset.customerId = String(customer.id);
      return h("li", {}, item);
    }),
  );
}
