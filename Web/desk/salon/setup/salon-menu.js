// The salon's menu: each service's name, length and price, changed with the service's PATCH and taken
// off with its DELETE (asked first; the server keeps one with appointments to come), and a form adding
// one. After each, the page reads the property and the set-up again (`changed`) and follows them.

import { call } from "../../api.js";
import { h, fill } from "../../../common/dom.js";
import { numberRange } from "../../../common/limits.js";
import { currencyDigits, currencySign, toMajorUnits, toMinorUnits } from "../../../common/money.js";
import { catalogueRow, keptRows, labelled, submitting } from "./salon-setup-form.js";

/** A service as its row shows it: the name as stored (not as worded in the page's language), minutes, the price. */
export function shownService(service) {
  return { name: service.storedName ?? service.name, durationMinutes: service.durationMinutes, price: service.price };
}

/** The words over a service's fields: its name, its length, its price in the salon's currency. */
function columns(desk) {
  const { t, locale } = desk.i18n;
  return [t("setup.serviceName"), t("setup.lengthMinutes"), t("setup.price", { sign: currencySign(desk.property.currency, locale) })];
}

/** The list's head: the fields' words once over their columns (each control is named for its service). */
function head(desk) {
  return h("div", { class: "setup-catalogue-row is-service setup-catalogue-head", "aria-hidden": "true" }, columns(desk).map((words) => h("span", { text: words })));
}

/**
 * A service's three fields, labelled as the page shows them and named for whose they are (`of`: "Cut",
 * or "New service"), each with the place for its refusal.
 */
function serviceFields(desk, shown, of) {
  const { t } = desk.i18n;
  const currency = desk.property.currency;
  const digits = currencyDigits(currency);
  const name = h("input", { type: "text", autocomplete: "off", value: shown.name, "aria-label": t("setup.serviceNameOf", { service: of }) });
  const length = h("input", {
    type: "number", ...numberRange("service.durationMinutes"), step: "5", value: String(shown.durationMinutes ?? ""), "aria-label": t("setup.lengthOf", { service: of }),
  });
  const price = h("input", {
    type: "number", min: "0", step: toMajorUnits(1, digits), value: toMajorUnits(shown.price?.amount, digits),
    "aria-label": t("setup.priceOf", { service: of }),
  });
  const [nameWords, lengthWords, priceWords] = columns(desk);
  const fields = {
    name: labelled(nameWords, name),
    durationMinutes: labelled(lengthWords, length),
    price: labelled(priceWords, price),
  };
  return {
    elements: Object.values(fields).map((f) => f.element),
    focus: () => name.focus(),
    value: () => ({
      name: name.value.trim(),
      durationMinutes: length.value === "" ? null : Number(length.value),
      price: { amount: toMinorUnits(price.value, digits), currency },
    }),
    // `price.amount` and `price.currency` are the price's.
    errorAt: (field) => fields[field.replace(/\..*$/, "")]?.error ?? null,
  };
}

/** One service's row: its fields, Save (what changed), and Remove. */
function serviceRow(desk, service, changed) {
  const { t } = desk.i18n;
  const shown = shownService(service);
  return catalogueRow(desk, {
    path: `/api/v1/properties/${desk.property.id}/salon/services/${service.id}`,
    shown,
    fields: serviceFields(desk, shown, service.name),
    form: { className: "is-service", dataset: { serviceId: String(service.id) } },
    words: {
      save: t("setup.saveMenuItem", { service: service.name }),
      remove: t("setup.removeServiceOf", { service: service.name }),
      question: t("setup.confirmRemoveService", { service: service.name }),
      removed: t("setup.serviceRemoved", { service: service.name }),
    },
    changed,
  });
}

/** A new service: its fields blank, and Add. */
function addForm(desk, changed) {
  const { t } = desk.i18n;
  const fields = serviceFields(desk, { name: "", durationMinutes: null, price: null }, t("setup.newService"));
  const message = h("p", { class: "desk-form-error", role: "alert" });
  const button = h("button", { type: "submit", class: "desk-button", text: t("setup.addService") });
  const form = h(
    "form",
    { class: "setup-catalogue-new", novalidate: true },
    h("h3", { text: t("setup.newService") }),
    h("div", { class: "setup-catalogue-row is-service" }, fields.elements, h("div", { class: "desk-row setup-catalogue-actions" }, button)),
    message,
  );
  submitting(desk, {
    form, button, message, errorAt: fields.errorAt,
    async send() {
      const { data } = await call("POST", `/api/v1/properties/${desk.property.id}/salon/services`, { body: fields.value() });
      desk.toast(t("setup.serviceAdded", { service: data.name }));
      // A blank form for the next one.
      const next = addForm(desk, changed);
      form.replaceWith(next.element);
      next.focus();
      await changed();
    },
  });
  return { element: form, focus: fields.focus };
}

/**
 * The menu: a row a service of `desk.property.services`, and a form adding one; `redraw()` follows the
 * property as last read, keeping the rows of services unchanged (and what is typed in them).
 * @param {object} desk the app
 * @param {{changed: () => Promise<void>, toTexts: () => void}} page `changed` reads the property and the
 *   set-up again; `toTexts` shows where the services' names are worded in other languages
 * @returns {{element: HTMLElement, redraw: () => void}}
 */
export function menuPart(desk, { changed, toTexts }) {
  const { t } = desk.i18n;
  const rows = keptRows();
  const list = h("div", { class: "setup-catalogue is-service" });
  const redraw = () => {
    const services = desk.property.services ?? [];
    const drawn = rows(services, {
      key: (service) => service.id,
      signature: (service) => JSON.stringify([service.name, shownService(service)]),
      make: (service) => serviceRow(desk, service, changed),
    });
    fill(list, drawn.length ? [head(desk), drawn] : h("p", { class: "desk-hint", text: t("setup.noServices") }));
  };
  redraw();
  const texts = h("button", { type: "button", class: "desk-button is-quiet setup-to-texts", text: t("setup.menuTexts"), onclick: toTexts });
  return { element: h("div", {}, list, addForm(desk, changed).element, h("p", { class: "desk-hint" }, texts)), redraw };
}
