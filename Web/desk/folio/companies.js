// The companies a hotel bills (`#/companies`): each with its details, changed in place; and a company's
// account (`#/companies/{id}?month=2026-12`): the month's folios it pays of the stays that left then, as its
// invoice would bill them now, the button that issues that invoice, and the invoices issued to it. What a
// month holds, the sums and the numbering are the server's; a refusal is said under the field it names.

import { call, errorText, get } from "../api.js";
import { h, fill } from "../../common/dom.js";
import { textLength } from "../../common/limits.js";

const FIELDS = ["name", "address", "taxId", "email"];

export async function mount(main, desk, route) {
  return route.id ? account(main, desk, route) : list(main, desk);
}

async function list(main, desk) {
  const { t } = desk.i18n;
  const base = `/api/v1/properties/${desk.property.id}/companies`;
  const page = h("div", { class: "companies-page" });
  fill(main, page);

  async function load() {
    const { companies } = await get(base);
    fill(
      page,
      h("div", { class: "desk-toolbar" }, h("h1", { text: t("companies.title") })),
      companies.length
        ? h(
            "ul",
            { class: "companies-list", id: "companies" },
            companies.map((company) =>
              h(
                "li",
                { dataset: { companyId: String(company.id) } },
                h("a", { href: `#/companies/${company.id}`, text: company.name }),
                company.taxId ? ` · ${t("company.taxId")} ${company.taxId}` : "",
              ),
            ),
          )
        : h("p", { class: "desk-empty", text: t("companies.none") }),
      companyForm(desk, { heading: t("company.new"), submitText: t("company.save"), send: (body) => call("POST", base, { body }), saved: load }),
    );
  }
  await load();
  return { unmount() {} };
}

async function account(main, desk, route) {
  const { t } = desk.i18n;
  const i18n = desk.i18n;
  const base = `/api/v1/properties/${desk.property.id}/companies/${route.id}`;
  const page = h("div", { class: "companies-page" });
  const message = h("p", { class: "desk-form-error", role: "alert", id: "company-message" });
  fill(main, page);

  async function load(month = route.params.get("month")) {
    const data = await get(`${base}/account${month ? `?month=${month}` : ""}`);
    const { company, monthShown } = data;
    const monthInput = h("input", {
      type: "month", id: "company-month", value: monthShown, "aria-label": t("companies.month"),
      onchange: (event) => {
        if (!event.currentTarget.value) return;
        history.replaceState(null, "", `#/companies/${route.id}?month=${event.currentTarget.value}`);
        load(event.currentTarget.value).catch((error) => (message.textContent = errorText(error, t)));
      },
    });
    const preview = data.month;
    const issue = h("button", {
      type: "button", class: "desk-button is-primary", id: "company-issue", text: t("companies.issue"), disabled: !preview,
      onclick: async (event) => {
        event.currentTarget.disabled = true;
        message.textContent = "";
        try {
          const { data: issued } = await call("POST", `${base}/invoices`, { body: { month: monthShown } });
          desk.navigate(`#/company-invoices/${issued.id}`);
        } catch (error) {
          event.currentTarget.disabled = false;
          message.textContent = errorText(error, t);
        }
      },
    });
    fill(
      page,
      h("a", { class: "desk-button is-quiet", href: "#/companies", text: `← ${t("companies.title")}` }),
      h("div", { class: "desk-toolbar" }, h("h1", { id: "company-title", text: company.name }), h("label", { for: monthInput.id, text: t("companies.month") }), monthInput),
      h(
        "section",
        { "aria-labelledby": "company-month-title" },
        h("h2", { id: "company-month-title", text: t("companies.monthFolios") }),
        preview
          ? h(
              "table",
              { class: "desk-table", id: "company-folios" },
              h(
                "thead",
                {},
                h(
                  "tr",
                  {},
                  [t("document.booking"), t("document.guest"), t("document.stay"), t("document.total"), t("document.balanceDue")].map((text) =>
                    h("th", { scope: "col", text }),
                  ),
                ),
              ),
              h(
                "tbody",
                {},
                preview.stays.map((stay) =>
                  h(
                    "tr",
                    { dataset: { stayId: String(stay.stayId) } },
                    h("td", {}, h("a", { href: `#/stays/${stay.stayId}`, text: stay.confirmationCode })),
                    h("td", { text: stay.guestName }),
                    h("td", { text: `${i18n.date(stay.arrival)} – ${i18n.date(stay.departure)}` }),
                    h("td", { class: "desk-number", text: i18n.money(stay.totalCharges) }),
                    h("td", { class: "desk-number", text: i18n.money(stay.balance) }),
                  ),
                ),
              ),
              h(
                "tfoot",
                {},
                h(
                  "tr",
                  {},
                  h("th", { scope: "row", colspan: 3, text: t("document.total") }),
                  h("td", { class: "desk-number", id: "company-total", text: i18n.money(preview.totalCharges) }),
                  h("td", { class: "desk-number", id: "company-balance", text: i18n.money(preview.balance) }),
                ),
              ),
            )
          : h("p", { class: "desk-empty", id: "company-nothing", text: t("companies.nothing") }),
        h("div", { class: "desk-row" }, issue),
        message,
      ),
      h(
        "section",
        { "aria-labelledby": "company-invoices-title" },
        h("h2", { id: "company-invoices-title", text: t("companies.invoices") }),
        data.invoices.length
          ? h(
              "ul",
              { class: "folio-document-list", id: "company-invoices" },
              data.invoices.map((invoice) =>
                h(
                  "li",
                  {},
                  h("a", { href: `#/company-invoices/${invoice.id}`, text: `${t("document.invoice")} ${invoice.reference}` }),
                  ` · ${i18n.date(invoice.issuedOn)} · ${i18n.money(invoice.totalCharges)}`,
                ),
              ),
            )
          : h("p", { class: "desk-empty", text: t("companies.noInvoices") }),
      ),
      companyForm(desk, {
        heading: t("companies.details"), company, submitText: t("companies.saveDetails"),
        send: (body) => call("PUT", base, { body }), saved: () => load(monthShown),
      }),
    );
  }
  await load();
  return { unmount() {} };
}

/** A company's details in a small form: a new one, or `company`'s to change. */
function companyForm(desk, { heading, company, submitText, send, saved }) {
  const { t } = desk.i18n;
  const fields = Object.fromEntries(
    FIELDS.map((key) => [
      key,
      h(key === "address" ? "textarea" : "input", {
        id: `companies-${key}`, ...textLength(key === "email" ? "company.email" : `buyer.${key}`),
        ...(key === "address" ? { rows: 2 } : { type: key === "email" ? "email" : "text", value: company?.[key] ?? "" }),
      }),
    ]),
  );
  if (company) fields.address.value = company.address;
  const errors = Object.fromEntries(FIELDS.map((key) => [key, h("p", { class: "desk-form-error", role: "alert", id: `companies-${key}-error` })]));
  const general = h("p", { class: "desk-form-error", role: "alert" });
  const submit = h("button", { type: "submit", class: "desk-button is-primary", id: "companies-save", text: submitText });
  const form = h(
    "form",
    { class: "free-form companies-form", novalidate: true, "aria-labelledby": "companies-form-title" },
    h("h2", { id: "companies-form-title", text: heading }),
    FIELDS.map((key) => h("div", { class: "free-form-row" }, h("label", { for: `companies-${key}`, text: t(`company.${key}`) }), fields[key], errors[key])),
    general,
    submit,
  );
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    for (const spot of [general, ...Object.values(errors)]) spot.textContent = "";
    submit.disabled = true;
    try {
      await send(Object.fromEntries(FIELDS.map((key) => [key, fields[key].value])));
      desk.toast(t("done.companySaved"));
      await saved();
    } catch (refusal) {
      submit.disabled = false;
      (errors[refusal.field] ?? general).textContent = errorText(refusal, t);
      fields[refusal.field]?.focus();
    }
  });
  return form;
}
