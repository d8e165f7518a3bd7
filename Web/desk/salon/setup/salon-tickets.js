// The ticket books (回数券) and prepaid balances (プリペイド) the salon sells at checkout: each offer's name, kind
// (visits of some services, or an amount to pay with), how many visits or how much it holds, its price and the
// months it is valid from its sale, in a row, and a form adding one. As with products (salon-products.js), the
// server keeps the list whole (one PUT): a change or a removal sends the offers on sale again, the one changed as
// edited or the one removed left out, which the server then keeps off sale so that the books sold of it keep
// their terms. Only those on sale are shown. Which services may be chosen is the salon's menu as last read.

import { call } from "../../api.js";
import { h, fill } from "../../../common/dom.js";
import { currencyDigits, currencySign, toMajorUnits, toMinorUnits } from "../../../common/money.js";
import { numberRange, textLength } from "../../../common/limits.js";
import { catalogueNew, catalogueRow, keptRows, labelled } from "./salon-setup-form.js";

const KINDS = ["visits", "amount"];

/** An offer as the list sends it back unchanged. */
const kept = ({ id, name, kind, serviceIds, units, price, months }) => ({ id, name, kind, serviceIds, units, price, months });

/** A number typed, or null when nothing is, for the server to refuse under the field. */
const count = (input) => (input.value.trim() === "" ? null : Number(input.value));

/** The services an offer of visits pays for, a checkbox each, named "Blow-dry ×10 covers Cut & blow". */
function serviceChoice(t, services, chosen, of) {
  const boxes = services.map((service) => ({
    id: service.id,
    name: service.name,
    box: h("input", { type: "checkbox", checked: chosen.includes(service.id), "aria-label": t("setup.ticketServiceOf", { offer: of, service: service.name }) }),
  }));
  const error = h("p", { class: "desk-form-error", role: "alert" });
  const element = h(
    "fieldset",
    { class: "setup-field is-wide setup-ticket-services" },
    h("legend", { text: t("setup.ticketServices") }),
    h("div", { class: "setup-checks" }, boxes.map(({ box, name }) => h("label", {}, box, h("span", { text: name })))),
    error,
  );
  return { element, error, value: () => boxes.filter(({ box }) => box.checked).map(({ id }) => id) };
}

/**
 * An offer's fields, named for whose they are (`of`), each with the place for its refusal. What it holds is
 * visits (a count) or an amount (in the salon's currency, sent in minor units): its words follow the kind
 * chosen, and the services are asked only of visits.
 */
function offerFields(desk, shown, of) {
  const { t, locale } = desk.i18n;
  const currency = desk.property.currency;
  const digits = currencyDigits(currency);
  const sign = currencySign(currency, locale);
  const amountStep = toMajorUnits(1, digits);
  const name = h("input", { type: "text", ...textLength("ticketOffer.name"), autocomplete: "off", value: shown.name, "aria-label": t("setup.ticketNameOf", { offer: of }) });
  const kind = h(
    "select",
    { "aria-label": t("setup.ticketKindOf", { offer: of }) },
    KINDS.map((k) => h("option", { value: k, selected: k === shown.kind, text: t(`setup.ticketKind.${k}`) })),
  );
  const units = h("input", { type: "number", min: "0", inputmode: "decimal" });
  const price = h("input", {
    type: "number", min: "0", step: amountStep, value: toMajorUnits(shown.price?.amount, digits), "aria-label": t("setup.ticketPriceOf", { offer: of }),
  });
  const months = h("input", { type: "number", ...numberRange("ticketOffer.months"), step: "1", value: String(shown.months ?? ""), "aria-label": t("setup.ticketMonthsOf", { offer: of }) });
  const services = serviceChoice(t, desk.property.services ?? [], shown.serviceIds ?? [], of);
  const fields = {
    name: labelled(t("setup.serviceName"), name),
    kind: labelled(t("setup.ticketKind"), kind),
    units: labelled("", units),
    price: labelled(t("setup.price", { sign }), price),
    months: labelled(t("setup.ticketMonths"), months),
    serviceIds: services,
  };
  const visits = () => kind.value === "visits";
  // Visits are counted, an amount is money: the field's words, its step and its name follow the kind.
  const showKind = () => {
    fields.units.element.querySelector(".setup-field-label > span").textContent = visits() ? t("setup.ticketVisits") : t("setup.ticketValue", { sign });
    units.step = visits() ? "1" : amountStep;
    // Visits have the domain's bounds; an amount is bounded by the server's refusal.
    const { min, max } = visits() ? numberRange("ticketOffer.visits") : { min: "0" };
    units.min = min;
    if (max) units.max = max;
    else units.removeAttribute("max");
    units.setAttribute("aria-label", t(visits() ? "setup.ticketVisitsOf" : "setup.ticketValueOf", { offer: of }));
    services.element.hidden = !visits();
  };
  units.value = shown.units == null ? "" : shown.kind === "amount" ? toMajorUnits(shown.units, digits) : String(shown.units);
  kind.addEventListener("change", showKind);
  showKind();
  return {
    elements: Object.values(fields).map((f) => f.element),
    focus: () => name.focus(),
    value: () => ({
      name: name.value.trim(),
      kind: kind.value,
      serviceIds: visits() ? services.value() : [],
      units: visits() ? count(units) : toMinorUnits(units.value, digits),
      price: { amount: toMinorUnits(price.value, digits), currency },
      months: count(months),
    }),
    // `offers[2].price.amount` is the price of the third offer sent, `offers[0].serviceIds[1]` its services.
    errorAt: (field) => fields[field.replace(/^offers\[\d+\]\./, "").replace(/[.[].*$/, "")]?.error ?? null,
  };
}

/**
 * The offers on sale, a row each, and a form adding one; each change is one PUT of the whole list, whose
 * answer the list is drawn again from. `redraw()` follows the menu as last read (`desk.property.services`).
 * @param {object} desk the app
 * @param {object[]} offers the salon's offers as the server lists them (those off sale among them)
 * @returns {{element: HTMLElement, redraw: () => void}}
 */
export function ticketOffersPart(desk, offers) {
  const { t } = desk.i18n;
  const path = `/api/v1/properties/${desk.property.id}/ticket-offers`;
  let stored = offers;
  const onSale = () => stored.filter((offer) => offer.active);
  const put = async (list) => {
    const { data } = await call("PUT", path, { body: { offers: list } });
    stored = data.offers;
  };
  const rows = keptRows();
  const list = h("div", { class: "setup-tickets" });
  const menuOf = () => JSON.stringify((desk.property.services ?? []).map((service) => [service.id, service.name]));
  let menu = menuOf();

  const redraw = () => {
    const drawn = rows(onSale(), {
      key: (offer) => offer.id,
      signature: (offer) => JSON.stringify([kept(offer), menu]),
      make: (offer) => offerRow(offer),
    });
    fill(list, drawn.length ? drawn : h("p", { class: "desk-hint", text: t("setup.noTickets") }));
  };

  function offerRow(offer) {
    const fields = offerFields(desk, offer, offer.name);
    return catalogueRow(desk, {
      shown: kept(offer),
      fields,
      form: { className: "is-ticket", dataset: { offerId: String(offer.id) } },
      words: {
        save: t("setup.saveTicket", { offer: offer.name }),
        remove: t("setup.removeTicketOf", { offer: offer.name }),
        question: t("setup.confirmRemoveTicket", { offer: offer.name }),
        removed: t("setup.ticketRemoved", { offer: offer.name }),
      },
      save: (edited) => put(onSale().map((other) => (other.id === offer.id ? { id: offer.id, ...edited } : kept(other)))),
      drop: () => put(onSale().filter((other) => other.id !== offer.id).map(kept)),
      changed: async () => redraw(),
    });
  }

  const addForm = () =>
    catalogueNew(desk, {
      title: t("setup.newTicket"),
      submit: t("setup.addTicket"),
      className: "is-ticket",
      fields: () =>
        offerFields(desk, { name: "", kind: "visits", serviceIds: [], units: null, price: null, months: null }, t("setup.newTicket")),
      async add(added) {
        await put([...onSale().map(kept), added]);
        return t("setup.ticketAdded", { offer: added.name });
      },
      redraw,
    });

  redraw();
  const element = h("div", {}, list, addForm().element);
  return {
    element,
    // The services or the staff changed: when the menu did, the rows and the new one offer its services (what
    // is typed into the new one is lost only then).
    redraw() {
      if (menuOf() === menu) return;
      menu = menuOf();
      redraw();
      element.querySelector(":scope > .setup-catalogue-new").replaceWith(addForm().element);
    },
  };
}
