// An appointment: its customer, service, stylist and time, and its state changes.

import { call } from "./api.js";
import { h, fill } from "../common/dom.js";

const NEXT = { booked: ["checked_in", "cancelled", "no_show"], checked_in: ["completed"] };

export async function mount(main, desk, route) {
  const { t } = desk.i18n;
  const i18n = desk.i18n;
  const property = desk.property;
  const page = h("div", { class: "stay-page" });
  const message = h("p", { class: "desk-form-error", role: "alert" });
  fill(main, page);
  const time = new Intl.DateTimeFormat(i18n.locale, { dateStyle: "full", timeStyle: "short", timeZone: property.timeZone });

  async function load() {
    const response = await call("GET", `/api/v1/appointments/${route.id}`);
    const appointment = response.data;
    const version = response.version ?? appointment.version;
    const staff = (property.staff ?? []).find((s) => s.id === appointment.staffId);
    const service = (property.services ?? []).find((s) => s.id === appointment.serviceId);
    const facts = h("dl", { class: "desk-facts" });
    const fact = (label, value) => value && facts.append(h("dt", { text: label }), h("dd", { text: value }));
    fact(t("appointment.customer"), appointment.customer?.name);
    fact(t("appointment.service"), service ? `${service.name} · ${i18n.money(service.price)}` : "");
    fact(t("board.staff"), staff?.name);
    fact(t("appointment.start"), time.format(new Date(appointment.start)));
    fact(t("appointment.duration"), `${i18n.number(appointment.durationMinutes)}′`);
    fact(t("stay.notes"), appointment.notes);
    const actions = h("div", { class: "desk-row" });
    if (desk.canEdit) {
      for (const state of NEXT[appointment.state] ?? []) {
        actions.append(
          h("button", {
            type: "button", class: `desk-button${state === "completed" || state === "checked_in" ? " is-primary" : " is-danger"}`,
            text: t(`appointment.to.${state}`),
            onclick: async (event) => {
              event.currentTarget.disabled = true;
              try {
                await call("PATCH", `/api/v1/appointments/${route.id}`, { body: { state }, version });
                await load();
              } catch (error) {
                message.textContent = error.message;
              }
            },
          }),
        );
      }
    }
    fill(
      page,
      h(
        "section",
        { "aria-labelledby": "appointment-title" },
        h("a", { class: "desk-button is-quiet", href: "#/board", text: `← ${t("stay.back")}` }),
        h("h1", { id: "appointment-title" }, `${t("appointment.title")} `, h("span", { class: `desk-state is-${appointment.state}`, text: i18n.state(appointment.state) })),
        facts,
        actions,
        message,
      ),
    );
  }
  await load();
  return { unmount() {} };
}
