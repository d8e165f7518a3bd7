// Merging a duplicate into a customer's record (customer-record.js): the receptionist finds the other
// record of the same person among the salon's customers (never the record itself), chooses it, is asked
// once more, and its visits move here (`POST /api/v1/customers/{id}/merge`); the other record is gone.

import { call, errorText, get, pressing } from "../../api.js";
import { h, fill } from "../../../common/dom.js";
import { customerList } from "./customer-list.js";
import { searchAsTyped } from "./customer-facts.js";

/** The merge's search and choice for `record`; `merged()` once the server has merged, `cancel()` to close. */
export function mergePicker(record, desk, { merged, cancel }) {
  const { t } = desk.i18n;
  const property = desk.property;
  const search = h("input", {
    type: "search", id: "customer-merge-search", autocomplete: "off",
    "aria-label": t("customer.mergeSearch"), placeholder: t("customer.mergeSearch"),
  });
  const message = h("p", { class: "desk-form-error", role: "alert", id: "customer-merge-message" });
  const results = h("div", { class: "customers-results", id: "customer-merge-results", "aria-live": "polite" });

  function choose(other, button) {
    if (!confirm(t("customer.confirmMerge", { other: other.name, name: record.name }))) return;
    pressing(button, message, t, async () => {
      await call("POST", `/api/v1/customers/${record.id}/merge`, { body: { customerId: other.id } });
      await merged();
    });
  }

  const searching = searchAsTyped({
    find: (text, signal) =>
      get(`/api/v1/properties/${property.id}/customers${text ? `?q=${encodeURIComponent(text)}` : ""}`, { signal }),
    show: ({ customers }) => {
      message.textContent = "";
      const others = customers.filter((customer) => customer.id !== record.id);
      fill(
        results,
        others.length > 0
          ? customerList(others, desk, { choose })
          : h("p", { class: "desk-empty", text: t("customer.mergeNone") }),
      );
    },
    fail: (error) => (message.textContent = errorText(error, t)),
  });
  search.addEventListener("input", () => searching.type(search.value.trim()));
  // The customers seen lately first, before anything is typed; the search's own field takes the keys.
  searching.now("");
  queueMicrotask(() => search.focus());

  const close = h("button", {
    type: "button", class: "desk-button", text: t("common.cancel"),
    onclick: () => {
      searching.stop();
      cancel();
    },
  });
  return h(
    "div",
    { class: "customer-merge" },
    h("h2", { text: t("customer.merge") }),
    h("p", { class: "desk-hint", text: t("customer.mergeHint") }),
    search,
    message,
    results,
    h("div", { class: "desk-row" }, close),
  );
}
