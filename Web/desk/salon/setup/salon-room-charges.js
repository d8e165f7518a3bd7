// Which hotel's guests the salon charges visits to their room (`#/salon-setup`), where one owner runs both: a
// choice among the hotels the signed-in account works at, or none, saved as the set-up's other parts are
// (salon-setup-form.js). Only a manager of both may save it, which the server decides; saved, the property is
// read again, so the checkout offers "charge to room" at once. No section for an account that works at no
// hotel, unless the salon is linked to one already.

import { h } from "../../../common/dom.js";
import { savingForm } from "./salon-setup-form.js";

/**
 * @param {object} desk the app (`i18n`, `property`, `properties`, `toast`, `reloadProperty`)
 * @returns {HTMLElement|null}
 */
export function roomChargesSection(desk) {
  const { t } = desk.i18n;
  const hotels = (desk.properties ?? []).filter((p) => p.kind === "hotel");
  if (!hotels.length && !desk.property.chargesHotelId) return null;
  const form = savingForm(desk, {
    save: t("roomCharges.save"),
    draw: ({ hotelId }) => {
      const hotel = h(
        "select",
        { id: "room-charges-hotel" },
        h("option", { value: "", text: t("roomCharges.none") }),
        hotels.map((p) => h("option", { value: String(p.id), selected: p.id === hotelId, text: p.name })),
      );
      const error = h("p", { class: "desk-form-error", role: "alert" });
      return {
        element: h("div", { class: "free-form-row", dataset: { field: "hotelId" } }, h("label", { for: hotel.id, text: t("roomCharges.hotel") }), hotel, error),
        value: () => (hotel.value ? { hotelId: Number(hotel.value) } : {}),
        errorAt: (field) => (field === "hotelId" ? error : null),
      };
    },
    send: (body) => ({ path: `/api/v1/properties/${desk.property.id}/room-charges`, body }),
    // The checkout's ways to pay follow the link: the property is read again.
    saved: () => desk.reloadProperty().catch(() => {}),
  });
  form.redraw({ hotelId: desk.property.chargesHotelId ?? null });
  return h(
    "section",
    { class: "settings-section setup-section", "aria-labelledby": "setup-roomCharges" },
    h("h2", { id: "setup-roomCharges", text: t("roomCharges.title") }),
    h("p", { class: "desk-hint", text: t("roomCharges.hint") }),
    form.element,
  );
}
