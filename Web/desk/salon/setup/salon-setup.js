// A salon's set-up (`#/salon-setup`), for those the server lets change it: its opening hours, its menu,
// the products it sells, the ticket books and prepaid balances it sells, its staff, its resources, its window for online booking, its fees for appointments
// not kept, each member's shifts, how each service is booked, the hotel whose guests it charges to their room,
// the salon's own texts in other languages, the messages it sends its customers and the webhooks its events
// are sent to.
// Each part saves by itself and is drawn again from the server's answer; what the server refuses is said
// next to the field it names. Nothing here decides what is allowed: the server does.

import { errorText, get } from "../../api.js";
import { h, fill } from "../../../common/dom.js";
import { membersPart } from "./salon-members.js";
import { menuPart } from "./salon-menu.js";
import { drawOpeningHours, drawResources, drawWindow, salonPut } from "./salon-places.js";
import { productsPart } from "./salon-products.js";
import { ticketOffersPart } from "./salon-tickets.js";
import { roomChargesSection } from "./salon-room-charges.js";
import { savingForm } from "./salon-setup-form.js";
import { servicesPart } from "./salon-services.js";
import { drawTerms, termsPut } from "./salon-terms.js";
import { shiftsPart } from "./salon-shifts.js";
import { issuerSection } from "../../settings/settings-issuer.js";
import { paymentsSection } from "../../settings/settings-payments.js";
import { messagesSection, SALON_MESSAGES } from "../../settings/settings-messages.js";
import { taxesSection } from "../../settings/settings-taxes.js";
import { textsSection } from "../../settings/settings-texts.js";
import { SALON_WEBHOOKS, webhooksSection } from "../../settings/settings-webhooks.js";

/** A titled section of the page with its hint. */
function section(t, name, ...content) {
  return h(
    "section",
    { class: "settings-section setup-section", "aria-labelledby": `setup-${name}` },
    h("h2", { id: `setup-${name}`, text: t(`setup.${name}`) }),
    h("p", { class: "desk-hint", text: t(`setup.${name}Hint`) }),
    ...content,
  );
}

/** The salon's texts in other languages (Settings' section, which a salon has here): read again by `redraw()`. */
async function textsPart(desk) {
  const place = h("div", { class: "setup-texts" });
  const redraw = async () => {
    const texts = await textsSection(desk);
    texts.classList.add("setup-section");
    fill(place, texts);
  };
  await redraw();
  return { element: place, redraw };
}

export async function mount(main, desk) {
  const { t } = desk.i18n;
  const title = h("h1", { text: t("setup.title") });
  if (!desk.may("managing")) {
    fill(main, h("div", { class: "settings-page setup-page" }, title, h("p", { class: "desk-hint", text: t("setup.managersOnly") })));
    return { unmount() {} };
  }
  const path = `/api/v1/properties/${desk.property.id}/salon`;
  let setup;
  let texts;
  let products;
  let offers;
  let messages;
  let webhooks;
  let issuer;
  let taxes;
  let payments;
  try {
    [setup, texts, { products }, { offers }, messages, webhooks, issuer, taxes, payments] = await Promise.all([
      get(path), textsPart(desk), get(`/api/v1/properties/${desk.property.id}/products`),
      get(`/api/v1/properties/${desk.property.id}/ticket-offers`), messagesSection(desk, SALON_MESSAGES),
      webhooksSection(desk, SALON_WEBHOOKS), issuerSection(desk),
      // A salon's words on taxes speak of its prices, not of rooms and nights.
      taxesSection(desk, { hint: "settings.taxesHintSalon" }), paymentsSection(desk),
    ]);
  } catch (error) {
    fill(main, h("div", { class: "settings-page setup-page" }, title, h("p", { class: "desk-error", role: "alert", text: errorText(error, t) })));
    return { unmount() {} };
  }
  let services = null;
  const saved = (answer) => {
    setup = answer;
  };
  // Opening hours, resources and the window are one PUT: each sends the others as last answered, and
  // new resources are offered to the services at once.
  const salonForm = (part, draw) =>
    savingForm(desk, {
      save: t(`setup.save.${part}`),
      draw,
      send: (value) => salonPut(desk, part, value, setup),
      saved: (answer) => {
        saved(answer);
        if (part === "resources") services.redraw(answer);
      },
    });
  const hours = salonForm("openingHours", drawOpeningHours(desk));
  const resources = salonForm("resources", drawResources(desk));
  const window = salonForm("window", drawWindow(desk));
  // Settings' sections, each saved by itself with its own calls; spaced as the set-up's own.
  for (const part of [messages, webhooks, issuer, taxes, payments]) part?.classList.add("setup-section");
  // The salon's fees, a PUT of their own.
  const terms = savingForm(desk, { save: t("setup.save.terms"), draw: drawTerms(desk), send: (value) => termsPut(desk, value), saved });
  for (const form of [hours, resources, window, terms]) form.redraw(setup);
  services = servicesPart(desk, setup, saved);
  const shifts = shiftsPart(desk, setup, saved);
  // A service or a member added, changed or removed: the property (which the board and the other screens
  // read) and the set-up as the server now has them, and every part that shows services or members follows.
  const changed = async () => {
    const [, next] = await Promise.all([desk.reloadProperty(), get(path)]);
    setup = next;
    menu.redraw();
    tickets.redraw();
    members.redraw();
    shifts.redraw(setup);
    services.redraw(setup);
    await texts.redraw();
  };
  const toTexts = () => {
    texts.element.scrollIntoView({ block: "start" });
    texts.element.querySelector("input, textarea")?.focus({ preventScroll: true });
  };
  const menu = menuPart(desk, { changed, toTexts });
  const members = membersPart(desk, { changed });
  const tickets = ticketOffersPart(desk, offers);
  fill(
    main,
    h(
      "div",
      { class: "settings-page setup-page" },
      title,
      section(t, "openingHours", hours.element),
      section(t, "menu", menu.element),
      section(t, "products", productsPart(desk, products).element),
      section(t, "ticketOffers", tickets.element),
      section(t, "members", members.element),
      section(t, "resources", resources.element),
      section(t, "window", window.element),
      section(t, "terms", terms.element),
      section(t, "shifts", shifts.element),
      section(t, "services", services.element),
      // Who issues its receipts (登録番号) and its taxes (内消費税): what every receipt prints.
      issuer,
      taxes,
      // Where it is paid by a code (PromptPay, VietQR), where its country has a scheme: its QR payments' codes.
      payments,
      // The hotel whose guests it charges visits to their room, where one owner runs both.
      roomChargesSection(desk),
      texts.element,
      messages,
      webhooks,
    ),
  );
  return { unmount() {} };
}
