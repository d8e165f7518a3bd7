// How each service is booked: its buffers before and after (the member and the resource kept busy), who
// performs it, the resource it needs, whether customers book it online, and its fees for a visit not kept
// (the salon's, or its own); a form a service, saved with the service's PUT.

import { h, fill } from "../../../common/dom.js";
import { numberRange } from "../../../common/limits.js";
import { keptRows, labelled, savingForm } from "./salon-setup-form.js";
import { serviceTerms } from "./salon-terms.js";

/** The staff who may perform a service, a checkbox each, named "Cut: Aoi". */
function performerChoice(t, service, staff, performers) {
  const boxes = staff.map((member) => ({
    id: member.id,
    box: h("input", { type: "checkbox", checked: performers.includes(member.id), "aria-label": t("setup.performedBy", { service: service.name, name: member.name }) }),
    name: member.name,
  }));
  const error = h("p", { class: "desk-form-error", role: "alert" });
  const element = h(
    "fieldset",
    { class: "setup-field is-wide setup-performers" },
    h("legend", { text: t("setup.performers") }),
    h("div", { class: "setup-checks" }, boxes.map(({ box, name }) => h("label", {}, box, h("span", { text: name })))),
    error,
  );
  return { element, error, value: () => boxes.filter(({ box }) => box.checked).map(({ id }) => id) };
}

/** A service's booking controls as `booking` has them, among `resources`; its own terms, else the salon's. */
function serviceControls(desk, service, booking, { staff, resources, salonTerms }) {
  const { t } = desk.i18n;
  const minutes = (value, label) => h("input", { type: "number", ...numberRange("service.bufferMinutes"), step: "5", value: String(value), "aria-label": label });
  const before = minutes(booking.bufferBeforeMinutes, t("setup.bufferBeforeOf", { service: service.name }));
  const after = minutes(booking.bufferAfterMinutes, t("setup.bufferAfterOf", { service: service.name }));
  const resource = h(
    "select",
    { "aria-label": t("setup.resourceOf", { service: service.name }) },
    h("option", { value: "", text: t("setup.noResource") }),
    resources.map((r) => h("option", { value: String(r.id), selected: r.id === booking.resourceId, text: r.name })),
  );
  const online = h("input", { type: "checkbox", checked: booking.bookableOnline, "aria-label": t("setup.onlineOf", { service: service.name }) });
  const performers = performerChoice(t, service, staff, booking.performers);
  const terms = serviceTerms(desk, service, booking, salonTerms);
  const fields = {
    bufferBeforeMinutes: labelled(t("setup.bufferBefore"), before),
    bufferAfterMinutes: labelled(t("setup.bufferAfter"), after),
    resourceId: labelled(t("setup.resource"), resource),
    bookableOnline: labelled(t("setup.online"), online),
    performers,
    terms,
  };
  const number = (input) => (input.value === "" ? null : Number(input.value));
  return {
    element: h("div", { class: "setup-service-fields" }, Object.values(fields).map((f) => f.element)),
    value: () => ({
      bufferBeforeMinutes: number(before),
      bufferAfterMinutes: number(after),
      performers: performers.value(),
      ...(resource.value ? { resourceId: Number(resource.value) } : {}),
      bookableOnline: online.checked,
      // Absent, the salon's: sent as it stands, so that saving the buffers keeps the service's own.
      ...(terms.value() ? { terms: terms.value() } : {}),
    }),
    // `terms.noShowFee.basisPoints` is the terms'.
    errorAt: (field) => fields[field.replace(/\[.*$/, "")]?.error ?? terms.errorAt(field),
  };
}

/** One service's form, headed by its name and length. */
function serviceForm(desk, service, setup, saved) {
  const { t } = desk.i18n;
  const staff = desk.property.staff ?? [];
  const form = savingForm(desk, {
    className: "setup-service",
    save: t("setup.saveService", { service: service.name }),
    draw: (next) => {
      const booking = next.services.find((s) => s.serviceId === service.id) ?? { bufferBeforeMinutes: 0, bufferAfterMinutes: 0, performers: [], bookableOnline: false };
      return serviceControls(desk, service, booking, { staff, resources: next.resources, salonTerms: next.terms });
    },
    send: (booking) => ({ path: `/api/v1/properties/${desk.property.id}/salon/services/${service.id}/booking`, body: booking }),
    saved,
  });
  form.redraw(setup);
  return {
    element: h(
      "section",
      { class: "setup-service-part", dataset: { serviceId: String(service.id) } },
      h("h3", { text: `${service.name} · ${t("setup.length", { minutes: service.durationMinutes })}` }),
      form.element,
    ),
    redraw: form.redraw,
  };
}

/**
 * Every service's booking; `redraw(setup)` follows `desk.property` as last read and `setup`: a service's
 * form is drawn again when it, its booking, the staff or the resources to choose from changed, and kept
 * (with its edits) otherwise.
 * @returns {{element: HTMLElement, redraw: (setup: object) => void}}
 */
export function servicesPart(desk, setup, saved) {
  const rows = keptRows();
  const element = h("div", { class: "setup-services" });
  const redraw = (next) => {
    const staff = (desk.property.staff ?? []).map((member) => [member.id, member.name]);
    const drawn = rows(desk.property.services ?? [], {
      key: (service) => service.id,
      signature: (service) =>
        JSON.stringify([service.name, service.durationMinutes, staff, next.resources, next.services.find((s) => s.serviceId === service.id)]),
      make: (service) => serviceForm(desk, service, next, saved).element,
    });
    fill(element, drawn.length ? drawn : h("p", { class: "desk-hint", text: desk.i18n.t("setup.noServices") }));
  };
  redraw(setup);
  return { element, redraw };
}
