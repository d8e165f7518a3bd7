// A salon's set-up (`#/salon-setup`), for those the server lets change it: its opening hours, its
// resources, its window for online booking, each member's shifts and how each service is booked. Each
// part saves by itself and is drawn again from the server's answer; what the server refuses is said
// next to the field it names. Nothing here decides what is allowed: the server does.

import { errorText, get } from "./api.js";
import { h, fill } from "../common/dom.js";
import { drawOpeningHours, drawResources, drawWindow, salonPut } from "./salon-places.js";
import { savingForm } from "./salon-setup-form.js";
import { servicesPart } from "./salon-services.js";
import { shiftsPart } from "./salon-shifts.js";

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

export async function mount(main, desk) {
  const { t } = desk.i18n;
  const title = h("h1", { text: t("setup.title") });
  if (!desk.may("managing")) {
    fill(main, h("div", { class: "settings-page setup-page" }, title, h("p", { class: "desk-hint", text: t("setup.managersOnly") })));
    return { unmount() {} };
  }
  let setup;
  try {
    setup = await get(`/api/v1/properties/${desk.property.id}/salon`);
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
  for (const form of [hours, resources, window]) form.redraw(setup);
  services = servicesPart(desk, setup, saved);
  fill(
    main,
    h(
      "div",
      { class: "settings-page setup-page" },
      title,
      section(t, "openingHours", hours.element),
      section(t, "resources", resources.element),
      section(t, "window", window.element),
      section(t, "shifts", shiftsPart(desk, setup, saved)),
      section(t, "services", services.element),
    ),
  );
  return { unmount() {} };
}
