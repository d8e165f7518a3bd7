// A salon's customers (顧客): `#/customers` finds them as the receptionist types (name, its reading in
// either kana, or phone digits) and adds one through the declared `customer` form; `#/customers/{id}`
// is a customer's record (カルテ, customer-record.js). What was searched stays in the address
// (`#/customers?q=…`), so Back from a record finds the same list.

import { call, declaredForm, errorText, get, newIdempotencyKey } from "../../api.js";
import { h, fill } from "../../../common/dom.js";
import { refusalText } from "../../../common/refusals.js";
import { customerList } from "./customer-list.js";
import { newCustomer, searchAsTyped } from "./customer-facts.js";
import { mountRecord } from "./customer-record.js";
import { renderForm } from "../../shared/form.js";

export async function mount(main, desk, route) {
  if (route.id) return mountRecord(main, desk, route);
  const { t } = desk.i18n;
  const property = desk.property;
  const typed = route.params.get("q") ?? "";
  const search = h("input", {
    type: "search", id: "customers-search", value: typed, autocomplete: "off", enterkeyhint: "search",
    "aria-label": t("customers.search"), placeholder: t("customers.search"),
  });
  const message = h("p", { class: "desk-form-error", role: "alert", id: "customers-message" });
  const results = h("section", { class: "customers-results", id: "customers-results", "aria-live": "polite" });
  const adding = h("section", { class: "customers-new", id: "customers-new", "aria-label": t("customers.new"), hidden: true });
  const addButton = h("button", {
    type: "button", class: "desk-button is-primary", id: "customers-add", text: t("customers.new"),
    "aria-expanded": "false", "aria-controls": "customers-new", onclick: () => (adding.hidden ? openNew() : closeNew()),
  });
  if (!desk.canEdit) addButton.hidden = true;
  // The salon's whole list, to take elsewhere: for those who read the accounts, as the other exports.
  const exportAll = desk.may("accounts")
    ? h("a", {
      class: "desk-button", id: "customers-export", href: `/api/v1/properties/${property.id}/exports/customers?lang=${desk.i18n.code}`,
      download: `customers-${property.id}.csv`, text: t("customers.exportAll"),
    })
    : null;
  fill(
    main,
    h(
      "div",
      { class: "customers-page" },
      h("div", { class: "desk-toolbar" }, h("h1", { text: t("customers.title") }), search, addButton, exportAll),
      message,
      adding,
      results,
    ),
  );

  const find = (text, signal) =>
    get(`/api/v1/properties/${property.id}/customers${text ? `?q=${encodeURIComponent(text)}` : ""}`, { signal });

  function show({ customers }, text) {
    message.textContent = "";
    // The address keeps the search, for Back and a reload; no new entry in the history for each key.
    history.replaceState(null, "", text ? `#/customers?q=${encodeURIComponent(text)}` : "#/customers");
    fill(
      results,
      h("h2", { text: text ? t("customers.found", { count: customers.length }) : t("customers.recent") }),
      customers.length > 0
        ? customerList(customers, desk)
        : h("p", { class: "desk-empty", text: text ? t("customers.none", { query: text }) : t("customers.empty") }),
    );
  }

  const searching = searchAsTyped({ find, show, fail: (error) => (message.textContent = errorText(error, t)) });
  search.addEventListener("input", () => searching.type(search.value.trim()));
  search.addEventListener("keydown", (event) => {
    if (event.key === "Enter") searching.now(search.value.trim());
  });

  /** The `customer` form, empty but for what was searched: a number as the phone, words as the name. */
  function openNew() {
    addButton.setAttribute("aria-expanded", "true");
    adding.hidden = false;
    const text = search.value.trim();
    const start = /^[\d +\-()]+$/.test(text) ? { phone: text } : { name: text };
    fill(adding, h("p", { class: "desk-loading", text: t("common.loading") }));
    declaredForm("customer")
      .then((declared) => {
        const form = renderForm(declared, {
          t,
          values: start,
          refusal: (reason, params) => refusalText(desk.i18n, reason, params),
          onSubmit: async (values) => {
            const { data } = await call("POST", `/api/v1/properties/${property.id}/customers`, {
              body: newCustomer(values), idempotencyKey: newIdempotencyKey(),
            });
            desk.toast(t("customers.added", { name: data.name }));
            desk.navigate(`#/customers/${data.id}`);
          },
        });
        const cancel = h("button", { type: "button", class: "desk-button", text: t("common.cancel"), onclick: closeNew });
        fill(adding, h("h2", { text: t("customers.new") }), form.element, h("div", { class: "desk-row" }, cancel));
        form.element.querySelector('[data-key="name"] input')?.focus();
      })
      .catch((error) => fill(adding, h("p", { class: "desk-error", role: "alert", text: errorText(error, t) })));
  }

  function closeNew() {
    addButton.setAttribute("aria-expanded", "false");
    adding.hidden = true;
    fill(adding);
    search.focus();
  }

  // The first answer opens the screen: when it cannot come, the desk says so (and retries) as for any screen.
  show(await find(typed), typed);
  search.focus();
  return { unmount: () => searching.stop() };
}
