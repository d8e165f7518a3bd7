// Which hotel's guests the salon charges visits to their room (`#/salon-setup`), where one owner runs both: a
// choice among the hotels the signed-in account works at, or none. Only a manager of both may save it, which
// the server decides; saved, the property is read again, so the checkout offers "charge to room" at once.
// No section for an account that works at no hotel, unless the salon is linked to one already.

import { call, errorText } from "../../api.js";
import { h } from "../../../common/dom.js";

/**
 * @param {object} desk the app (`i18n`, `property`, `properties`, `may`, `toast`, `reloadProperty`)
 * @returns {HTMLElement|null}
 */
export function roomChargesSection(desk) {
  const { t } = desk.i18n;
  const hotels = (desk.properties ?? []).filter((p) => p.kind === "hotel");
  const linked = desk.property.chargesHotelId ?? null;
  if (!hotels.length && !linked) return null;
  const hotel = h(
    "select",
    { id: "room-charges-hotel" },
    h("option", { value: "", text: t("roomCharges.none") }),
    hotels.map((p) => h("option", { value: String(p.id), selected: p.id === linked, text: p.name })),
  );
  const message = h("p", { class: "desk-form-error", role: "alert", id: "room-charges-error" });
  const save = h("button", { type: "submit", class: "desk-button is-primary", id: "room-charges-save", text: t("roomCharges.save") });
  const form = h(
    "form",
    { class: "free-form" },
    h("div", { class: "free-form-row", dataset: { field: "hotelId" } }, h("label", { for: hotel.id, text: t("roomCharges.hotel") }), hotel),
    message,
    h("div", { class: "desk-row" }, save),
  );
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    message.textContent = "";
    save.disabled = true;
    try {
      await call("PUT", `/api/v1/properties/${desk.property.id}/room-charges`, { body: hotel.value ? { hotelId: Number(hotel.value) } : {} });
      await desk.reloadProperty();
      desk.toast(t("done.saved"));
    } catch (error) {
      message.textContent = errorText(error, t);
    } finally {
      save.disabled = false;
    }
  });
  return h(
    "section",
    { class: "settings-section setup-section", "aria-labelledby": "setup-roomCharges" },
    h("h2", { id: "setup-roomCharges", text: t("roomCharges.title") }),
    h("p", { class: "desk-hint", text: t("roomCharges.hint") }),
    form,
  );
}
