// A stay's bill split between payers (stay-folio.js): who pays each folio past the guest's own (another
// guest by name, or a company the hotel bills, added here when new), and where each kind of charge goes.
// What a split may be is the server's (`PUT /api/v1/stays/{id}/folio/split`): a refusal is said under the
// field it names (`folios.2.name`, `routes.room`), and a folio that holds lines cannot be taken away.

import { call, errorText } from "../api.js";
import { h } from "../../common/dom.js";
import { textLength } from "../../common/limits.js";

/** A company's fields, as the form asks them. */
const COMPANY = ["name", "address", "taxId", "email"];

/** How the desk names a folio's payer: the guest, another guest, or the company by name. */
export function payerName(part, { guestName, companies, t }) {
  if (part.payer === "company") return companies.find((company) => company.id === part.companyId)?.name ?? t("folio.payer.company");
  if (part.payer === "person") return part.name ?? "";
  return guestName || t("folio.payer.guest");
}

/**
 * Fills `container` with the split's form. `companies` are the property's (`GET …/companies`); `saved(folio)`
 * follows a split stored; Cancel empties the container and gives the focus back to `opener`.
 * @param {{folio: object, companies: object[], stayId: number, propertyId: number, desk: object,
 *   container: HTMLElement, opener: HTMLElement, saved: (folio: object) => Promise<void>}} options
 */
export function splitEditor({ folio, companies, stayId, propertyId, desk, container, opener, saved }) {
  const { t } = desk.i18n;
  const known = [...companies];
  // Folios 2… as the form holds them: each another guest's (by name) or a company's.
  let bills = (folio.folios ?? [])
    .filter((part) => part.number > 1)
    .map((part) => ({ number: part.number, kind: part.payer === "company" ? "company" : "person", name: part.name ?? "", companyId: part.companyId ?? known[0]?.id }));
  const routes = { ...(folio.routes ?? {}) };
  const general = h("p", { class: "desk-form-error", role: "alert", id: "split-error" });
  const billList = h("div", { class: "split-bills", id: "split-bills" });
  const routeList = h("div", { class: "split-routes", id: "split-routes" });
  const errors = new Map();
  const errorSpot = (field) => {
    if (!errors.has(field)) errors.set(field, h("p", { class: "desk-form-error", role: "alert", dataset: { field } }));
    return errors.get(field);
  };

  function numbers() {
    return [1, ...bills.map((bill) => bill.number)];
  }

  function drawBills() {
    billList.replaceChildren(
      ...bills.map((bill) => {
        const field = `folios.${bill.number}`;
        const kind = h(
          "select",
          {
            id: `split-kind-${bill.number}`, "aria-label": t("folio.split.payer", { number: bill.number }),
            onchange: (event) => {
              bill.kind = event.currentTarget.value;
              drawBills();
            },
          },
          ["person", "company"].map((value) => h("option", { value, selected: bill.kind === value, text: t(`folio.payer.${value}`) })),
        );
        const who =
          bill.kind === "person"
            ? h("input", {
                type: "text", id: `split-name-${bill.number}`, value: bill.name, ...textLength("folio.payer"),
                "aria-label": t("folio.split.name", { number: bill.number }),
                oninput: (event) => (bill.name = event.currentTarget.value),
              })
            : h(
                "select",
                {
                  id: `split-company-${bill.number}`, "aria-label": t("folio.split.company", { number: bill.number }),
                  onchange: (event) => (bill.companyId = Number(event.currentTarget.value)),
                },
                known.map((company) => h("option", { value: String(company.id), selected: company.id === bill.companyId, text: company.name })),
              );
        return h(
          "div",
          { class: "free-form-row split-bill", dataset: { folio: String(bill.number) } },
          h("span", { class: "split-number", text: t("folio.tab", { number: bill.number }) }),
          kind,
          who,
          h("button", {
            type: "button", class: "desk-button is-quiet", text: t("folio.split.remove"),
            "aria-label": `${t("folio.split.remove")}: ${t("folio.tab", { number: bill.number })}`,
            onclick: () => {
              bills = bills.filter((other) => other !== bill);
              drawBills();
            },
          }),
          errorSpot(`${field}.name`),
          errorSpot(`${field}.companyId`),
          errorSpot(`${field}.payer`),
        );
      }),
    );
    drawRoutes();
  }

  function drawRoutes() {
    routeList.replaceChildren(
      h("h4", { text: t("folio.split.routes") }),
      // The kinds a route may name are the server's (`routable`), in its order.
      ...(folio.routable ?? []).map((category) =>
        h(
          "div",
          { class: "free-form-row" },
          h("label", { for: `split-route-${category}`, text: t(`category.${category}`) }),
          h(
            "select",
            {
              id: `split-route-${category}`,
              onchange: (event) => (routes[category] = Number(event.currentTarget.value)),
            },
            numbers().map((number) =>
              h("option", { value: String(number), selected: (routes[category] ?? 1) === number, text: t("folio.tab", { number }) }),
            ),
          ),
          errorSpot(`routes.${category}`),
        ),
      ),
    );
  }

  const add = h("button", {
    type: "button", class: "desk-button", id: "split-add", text: t("folio.split.add"),
    onclick: () => {
      const free = [2, 3, 4, 5, 6, 7, 8].find((number) => !bills.some((bill) => bill.number === number));
      if (free == null) return;
      bills.push({ number: free, kind: known.length ? "company" : "person", name: "", companyId: known[0]?.id });
      drawBills();
    },
  });

  // A company not billed yet, added without leaving the stay.
  const companyBox = h("div", { id: "split-new-company" });
  const newCompany = h("button", {
    type: "button", class: "desk-button is-quiet", id: "split-company-new", text: t("company.new"),
    onclick: (event) => askCompany(event.currentTarget),
  });

  function askCompany(opener) {
    const fields = Object.fromEntries(
      COMPANY.map((key) => [
        key,
        h(key === "address" ? "textarea" : "input", {
          id: `company-${key}`, ...textLength(key === "email" ? "company.email" : `buyer.${key}`),
          ...(key === "address" ? { rows: 2 } : { type: key === "email" ? "email" : "text" }),
        }),
      ]),
    );
    const fieldErrors = Object.fromEntries(COMPANY.map((key) => [key, h("p", { class: "desk-form-error", role: "alert", id: `company-${key}-error` })]));
    const spot = h("p", { class: "desk-form-error", role: "alert" });
    const save = h("button", { type: "button", class: "desk-button is-primary", id: "company-save", text: t("company.save") });
    save.addEventListener("click", async () => {
      for (const error of [spot, ...Object.values(fieldErrors)]) error.textContent = "";
      save.disabled = true;
      try {
        const body = Object.fromEntries(COMPANY.map((key) => [key, fields[key].value]));
        const { data } = await call("POST", `/api/v1/properties/${propertyId}/companies`, { body });
        known.push(data);
        companyBox.replaceChildren();
        // The folio being set up is the new company's.
        const open = bills.findLast((bill) => bill.kind === "company") ?? bills.at(-1);
        if (open) Object.assign(open, { kind: "company", companyId: data.id });
        drawBills();
        opener.focus();
      } catch (refusal) {
        save.disabled = false;
        (fieldErrors[refusal.field] ?? spot).textContent = errorText(refusal, t);
        fields[refusal.field]?.focus();
      }
    });
    companyBox.replaceChildren(
      h(
        "div",
        { class: "free-form split-company", role: "group", "aria-labelledby": "company-title" },
        h("h4", { id: "company-title", text: t("company.new") }),
        COMPANY.map((key) =>
          h("div", { class: "free-form-row" }, h("label", { for: `company-${key}`, text: t(`company.${key}`) }), fields[key], fieldErrors[key]),
        ),
        spot,
        h(
          "div",
          { class: "desk-row" },
          save,
          h("button", { type: "button", class: "desk-button", text: t("stay.buyer.cancel"), onclick: () => (companyBox.replaceChildren(), opener.focus()) }),
        ),
      ),
    );
    fields.name.focus();
  }

  const submit = h("button", { type: "submit", class: "desk-button is-primary", id: "split-save", text: t("folio.split.save") });
  const form = h(
    "form",
    { class: "free-form stay-split-form", novalidate: true, "aria-labelledby": "split-title" },
    h("h3", { id: "split-title", text: t("folio.split.title") }),
    h("p", { class: "desk-hint", text: t("folio.split.hint") }),
    billList,
    h("div", { class: "desk-row" }, add, newCompany),
    companyBox,
    routeList,
    errorSpot("folios"),
    general,
    h(
      "div",
      { class: "desk-row" },
      submit,
      h("button", { type: "button", class: "desk-button", text: t("stay.buyer.cancel"), onclick: () => (container.replaceChildren(), opener.focus()) }),
    ),
  );
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    for (const spot of [general, ...errors.values()]) spot.textContent = "";
    submit.disabled = true;
    const folios = bills.map((bill) =>
      bill.kind === "company" ? { number: bill.number, companyId: bill.companyId } : { number: bill.number, name: bill.name },
    );
    // Only routes to a folio the split keeps; a kind sent to folio 1 needs no route.
    const kept = new Set(numbers());
    const sent = Object.fromEntries(Object.entries(routes).filter(([, number]) => number !== 1 && kept.has(number)));
    try {
      const { data } = await call("PUT", `/api/v1/stays/${stayId}/folio/split`, { body: { folios, routes: sent } });
      container.replaceChildren();
      desk.toast(t("done.split"));
      await saved(data);
    } catch (refusal) {
      submit.disabled = false;
      (errors.get(refusal.field) ?? general).textContent = errorText(refusal, t);
    }
  });
  drawBills();
  container.replaceChildren(form);
  (add.disabled ? submit : add).focus();
}
