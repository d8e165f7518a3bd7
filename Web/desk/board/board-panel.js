// The panel beside the board: the tapped booking's details and its next steps (open, check in,
// check out; an appointment's state, its deposit, and its checkout, お会計, when the server offers it; an appointment
// just called off with a fee, that fee's receipt), or the form for a booking being created by a drag: a
// few fields for a stay, the server's declared `appointment` form for an appointment, where the salon's
// customers are suggested as the name or phone is typed (customer-picker.js) and a regular's visits may
// repeat every so many weeks (定期予約, appointment-series.js). A stay whose guest checked in online says
// so, with the time they said they arrive (online-check-in.js).

import { call, declaredForm, errorText, get, pressing } from "../api.js";
import { h, fill } from "../../common/dom.js";
import { numberRange } from "../../common/limits.js";
import { languageChoices } from "../../common/i18n.js";
import { instantOfWallClock, wallClock } from "../../common/dates.js";
import { refusalText } from "../../common/refusals.js";
import { customerPicker } from "../salon/customers/customer-picker.js";
import { renderForm } from "../shared/form.js";
import { isStep, moveAppointment, nextStates } from "../salon/appointments/appointment-actions.js";
import { depositWords } from "../salon/appointments/appointment-deposit.js";
import { repeatBooking } from "../salon/appointments/appointment-series.js";
import { appointmentCustomer } from "../salon/customers/booking-customer.js";
import { saleList } from "../salon/checkout/sale-list.js";
import { onlineCheckInBadge } from "../stays/online-check-in.js";

export class BookingPanel {
  /** The panel of the board `screen`, drawn in `element` (panel-slot.js's, placed with the board). */
  constructor(screen, element) {
    this.screen = screen;
    this.item = null;
    this.element = element;
  }

  get t() {
    return this.screen.t;
  }

  close() {
    this.item = null;
    this.element.hidden = true;
    fill(this.element);
  }

  /** Shows a booking (or a room out of service); `quiet` leaves the keyboard focus where it is. */
  async show(item, { quiet = false } = {}) {
    this.item = item;
    this.element.hidden = false;
    if (item.blockId) return this.showBlock(item, { quiet });
    const { t } = this;
    const screen = this.screen;
    const i18n = screen.desk.i18n;
    const data = screen.data;
    const title = h("h2", { id: "board-panel-title", tabindex: "-1", text: item.name || "—" });
    const facts = h("dl", { class: "desk-facts" });
    const message = h("p", { class: "desk-form-error", role: "alert" });
    const actions = h("div", { class: "desk-row" });
    const asking = h("div", { class: "appointment-asking" });
    const state = screen.styleName(item.style);
    const fact = (label, value) => facts.append(h("dt", { text: label }), h("dd", { text: value }));
    if (screen.hotel) {
      fact(t("stay.dates"), `${i18n.date(item.start)} → ${i18n.date(item.end)} (${i18n.nights(item.end - item.start)})`);
      fact(t(item.rowId > 0 ? "stay.room" : "stay.roomType"), data.rowName(item.rowId));
    } else {
      fact(t("appointment.time"), `${screen.clock(item.start)} – ${screen.clock(item.end)}`);
      fact(t("board.staff"), data.rowName(item.rowId));
      const service = data.services.get(item.serviceId);
      if (service) fact(t("appointment.service"), [service.name, service.price && i18n.money(service.price)].filter(Boolean).join(" · "));
    }
    fact(t("stay.state"), screen.desk.stateWord(state));
    const open = h("a", { class: "desk-button", href: data.detailHash(item), text: t("action.open") });
    actions.append(open);
    actions.append(h("button", { type: "button", class: "desk-button is-quiet", text: t("common.close"), onclick: () => this.close() }));
    fill(this.element, title, facts, actions, asking, message);
    if (!quiet) title.focus();
    if (!screen.desk.canEdit) return;
    if (screen.hotel && item.style !== 4) {
      const stay = await data.fetch(item.stayId).catch(() => null);
      if (!stay || this.item !== item) return;
      if (stay.guest?.phone) fact(t("stay.phone"), stay.guest.phone);
      fact(t("stay.guests"), i18n.t("guests", { count: stay.adults + stay.children }));
      fact(t("today.code"), stay.confirmationCode);
      // One room of a booking of several: its page holds them together.
      if (stay.groupId) actions.append(h("a", { class: "desk-button", id: "board-panel-group", href: `#/groups/${stay.groupId}`, text: t("group.open") }));
      const online = onlineCheckInBadge(stay.onlineCheckIn, t);
      if (online) facts.after(h("p", { class: "board-panel-online", id: "board-panel-online" }, online));
      const step = (path, key, done) =>
        h("button", {
          type: "button", class: "desk-button is-primary", text: t(key),
          onclick: (event) => this.act(event.currentTarget, message, `/api/v1/stays/${stay.id}/${path}`, stay.version, stay.guest?.name, done),
        });
      // What this member may do to it now, as the server says.
      if (stay.actions?.includes("checkIn")) actions.prepend(step("check-in", "action.checkIn", "done.checkedIn"));
      if (stay.actions?.includes("checkOut")) actions.prepend(step("check-out", "action.checkOut", "done.checkedOut"));
    } else if (!screen.hotel) {
      const response = await call("GET", `/api/v1/appointments/${item.id}`).catch(() => null);
      if (!response || this.item !== item) return;
      // Its deposit, asked or held (taken on the appointment's page).
      const deposit = depositWords(i18n, response.data.deposit);
      if (deposit) fact(t("appointment.deposit"), deposit);
      // One visit of a repeat series (定期予約): cancelling it asks whether the later visits go with it.
      if (response.data.seriesId) fact(t("appointment.series"), t("series.part"));
      // What this member may do to it now, as the server says: the day's steps first, then calling it off
      // (which asks first when it charges a fee). Called off, it leaves the board; its fee, if any, shows here.
      const send = async (body) => {
        const { data: after } = await call("PATCH", `/api/v1/appointments/${item.id}`, {
          body, version: response.version ?? response.data.version,
        });
        screen.applyEntity(after);
        screen.desk.toast(screen.desk.stateWord(body.state));
        if (!isStep(body.state)) await this.showCalledOff(item);
      };
      actions.prepend(
        ...nextStates(response.data.actions).map((stateName) =>
          h("button", {
            type: "button", class: `desk-button${isStep(stateName) ? " is-primary" : " is-danger"}`,
            text: t(`appointment.to.${stateName}`),
            onclick: (event) =>
              moveAppointment(i18n, { appointment: response.data, state: stateName, button: event.currentTarget, place: asking, message, send }),
          }),
        ),
      );
      if (response.data.actions?.includes("pay")) {
        open.before(h("a", { class: "desk-button is-primary", id: "board-panel-pay", href: `#/checkout?appointments=${(response.data.visit ?? [item.id]).join(",")}`, text: t("appointment.pay") }));
      }
    }
  }

  /**
   * An appointment just called off, which the board no longer draws: its state and, when calling it off
   * charged a fee, the fee's receipt with what is still owed. Free of any fee, the panel closes.
   */
  async showCalledOff(item) {
    const { t } = this;
    const desk = this.screen.desk;
    const shown = (this.item = { calledOff: item.id });
    const response = await call("GET", `/api/v1/appointments/${item.id}`).catch(() => null);
    if (this.item !== shown) return;
    const appointment = response?.data;
    if (!appointment?.sales?.length) return this.close();
    this.element.hidden = false;
    const title = h("h2", { id: "board-panel-title", tabindex: "-1", text: item.name || "—" });
    fill(
      this.element,
      title,
      h("dl", { class: "desk-facts" }, h("dt", { text: t("stay.state") }), h("dd", { text: desk.stateWord(appointment.state) })),
      h("h3", { text: t("appointment.sales") }),
      saleList(appointment.sales, desk, "board-panel-sales"),
      h(
        "div",
        { class: "desk-row" },
        h("a", { class: "desk-button", href: `#/appointments/${item.id}`, text: t("action.open") }),
        h("button", { type: "button", class: "desk-button is-quiet", text: t("common.close"), onclick: () => this.close() }),
      ),
    );
    title.focus();
  }

  /** A room out of service: why, which nights, and putting it back in service from today. */
  showBlock(item, { quiet }) {
    const { t } = this;
    const i18n = this.screen.desk.i18n;
    const title = h("h2", { id: "board-panel-title", tabindex: "-1", text: i18n.state("out_of_service") });
    const message = h("p", { class: "desk-form-error", role: "alert" });
    const facts = h(
      "dl",
      { class: "desk-facts" },
      h("dt", { text: t("stay.room") }), h("dd", { text: this.screen.data.rowName(item.rowId) }),
      h("dt", { text: t("block.reason") }), h("dd", { text: item.name }),
      h("dt", { text: t("stay.dates") }),
      h("dd", { text: `${i18n.date(item.start)} → ${i18n.date(item.end)} (${i18n.nights(item.end - item.start)})` }),
    );
    const actions = h(
      "div",
      { class: "desk-row" },
      this.screen.desk.canEdit
        ? h("button", {
            type: "button", class: "desk-button is-primary", text: t("block.return"),
            onclick: (event) =>
              pressing(event.currentTarget, message, t, async () => {
                await call("POST", `/api/v1/room-blocks/${item.blockId}/return`);
                this.screen.desk.toast(t("block.returned", { room: this.screen.data.rowName(item.rowId) }));
                this.close();
                await this.screen.reload();
              }),
          })
        : null,
      h("a", { class: "desk-button", href: "#/housekeeping", text: t("nav.housekeeping") }),
      h("button", { type: "button", class: "desk-button is-quiet", text: t("common.close"), onclick: () => this.close() }),
    );
    fill(this.element, title, facts, actions, message);
    if (!quiet) title.focus();
  }

  async act(button, message, path, version, name, done) {
    button.disabled = true;
    message.textContent = "";
    try {
      await call("POST", path, { body: {}, version });
      this.screen.desk.toast(this.t(done, { name: name ?? "" }));
      const stay = await get(path.replace(/\/[a-z-]+$/, ""));
      this.screen.applyEntity(stay);
    } catch (error) {
      button.disabled = false;
      message.textContent = errorText(error, this.t);
    }
  }

  /** Shows the booking again after a change (its dates or state may have moved). */
  /** Shows the booking's panel as the board now has it; with `entityId`, only when the change was this booking's. */
  refresh(entityId) {
    // An appointment called off is no longer on the board: its panel stays until closed.
    if (!this.item || this.creating || this.item.calledOff) return;
    if (entityId !== undefined && entityId !== this.item.stayId) return;
    const item = this.screen.data.items.get(this.item.id) ?? this.screen.data.itemsOfEntity(this.item.stayId)[0];
    if (item) this.show(item, { quiet: true });
    else this.close();
  }

  /**
   * The form for a booking made by a drag on empty space. Resolves to the details typed, or null
   * when cancelled; what was typed stays when the server refuses it.
   * @param {{ rowId, start, end }} target
   * @param {(details) => Promise<void>} save throws an APIError to show
   */
  askNew(target, save) {
    if (!this.screen.hotel) return this.askNewAppointment(target, save);
    const { t } = this;
    const screen = this.screen;
    const i18n = screen.desk.i18n;
    const data = screen.data;
    this.creating = true;
    this.item = null;
    this.element.hidden = false;
    return new Promise((resolve) => {
      const field = (id, label, input) => [h("label", { for: id, text: label }), input];
      const name = h("input", { id: "new-name", required: true, autocomplete: "off" });
      const message = h("p", { class: "desk-form-error", role: "alert" });
      const inputs = [];
      let extra = [];
      if (screen.hotel) {
        const email = h("input", { id: "new-email", type: "email", autocomplete: "off" });
        const phone = h("input", { id: "new-phone", type: "tel", autocomplete: "off" });
        const adults = h("input", { id: "new-adults", type: "number", ...numberRange("stay.adults"), value: "2" });
        // The property's rate plans, when it has any: the standard rate unless one is chosen.
        const plan = h("select", { id: "new-plan" }, h("option", { value: "", text: t("board.planStandard") }));
        const planField = field("new-plan", t("stay.plan"), plan);
        for (const node of planField) node.hidden = true;
        data.ratePlans().then((plans) => {
          plan.append(...plans.map((p) => h("option", { value: String(p.id), text: data.property.word?.(p.name) ?? p.name })));
          for (const node of planField) node.hidden = plans.length === 0;
        });
        // The guest's confirmation goes to their email in the language chosen (the desk's own at first), or none.
        const language = h(
          "select",
          { id: "new-language" },
          h("option", { value: "", text: t("board.noConfirmation") }),
          languageChoices(i18n.locale).map(({ code, name }) => h("option", { value: code, text: name, selected: code === i18n.code })),
        );
        inputs.push(["email", email], ["phone", phone], ["adults", adults], ["ratePlanId", plan], ["language", language]);
        extra = [
          ...field("new-email", t("stay.email"), email), ...field("new-phone", t("stay.phone"), phone), ...field("new-adults", t("stay.adults"), adults),
          ...planField, ...field("new-language", t("board.confirmationLanguage"), language),
        ];
      } else {
        const service = h(
          "select",
          { id: "new-service" },
          [...data.services.values()].map((s) => h("option", { value: String(s.id), text: `${s.name} (${s.durationMinutes}′)` })),
        );
        inputs.push(["serviceId", service]);
        extra = field("new-service", t("appointment.service"), service);
      }
      const when =
        screen.hotel
          ? `${data.rowName(target.rowId)} · ${i18n.date(target.start)} → ${i18n.date(target.end)} (${i18n.nights(target.end - target.start)})`
          : `${data.rowName(target.rowId)} · ${screen.clock(target.start)} – ${screen.clock(target.end)}`;
      const finish = (value) => {
        this.creating = false;
        this.close();
        resolve(value);
      };
      const submit = h("button", { type: "submit", class: "desk-button is-primary", text: t("common.save") });
      const form = h(
        "form",
        { class: "board-new", "aria-labelledby": "board-panel-title", novalidate: true },
        h("h2", { id: "board-panel-title", text: t(screen.hotel ? "board.newStay" : "board.newAppointment") }),
        h("p", { class: "board-new-when", text: when }),
        ...field("new-name", t(screen.hotel ? "stay.guest" : "appointment.customer"), name),
        ...extra,
        message,
        h("div", { class: "desk-row" }, submit, h("button", { type: "button", class: "desk-button", text: t("common.cancel"), onclick: () => finish(null) })),
      );
      form.addEventListener("submit", async (event) => {
        event.preventDefault();
        if (!name.value.trim()) {
          message.textContent = t("board.nameRequired");
          name.focus();
          return;
        }
        const details = { name: name.value.trim() };
        for (const [key, input] of inputs) details[key] = ["adults", "serviceId", "ratePlanId"].includes(key) ? Number(input.value) : input.value.trim();
        submit.disabled = true;
        try {
          await save(details);
          finish(details);
        } catch (error) {
          submit.disabled = false;
          message.textContent = error.message;
        }
      });
      fill(this.element, form);
      name.focus();
    });
  }

  /**
   * The declared `appointment` form, filled from the drag: its staff member, start and length, and
   * the service whose duration matches (else the first). What was typed stays when the server refuses. A
   * customer chosen among those suggested is booked on their record (`details.customerId`).
   */
  askNewAppointment(target, save) {
    const { t } = this;
    const screen = this.screen;
    const i18n = screen.desk.i18n;
    const data = screen.data;
    this.creating = true;
    this.item = null;
    this.element.hidden = false;
    return new Promise((resolve) => {
      let picker = null;
      const finish = (value) => {
        picker?.stop();
        this.creating = false;
        this.close();
        resolve(value);
      };
      const holder = h(
        "div",
        { class: "board-new" },
        h("h2", { id: "board-panel-title", text: t("board.newAppointment") }),
        h("p", { class: "board-new-when", text: `${data.rowName(target.rowId)} · ${screen.clock(target.start)} – ${screen.clock(target.end)}` }),
      );
      fill(this.element, holder);
      const cancel = h("button", { type: "button", class: "desk-button", text: t("common.cancel"), onclick: () => finish(null) });
      const zone = data.timeZone;
      const services = [...data.services.values()];
      const length = target.end - target.start;
      const service = services.find((s) => s.durationMinutes === length) ?? services[0];
      // Repeat (定期予約): the form's button checks the times first; "Book N visits" books those chosen.
      let intent = "check";
      let form = null;
      const series = repeatBooking(i18n, {
        propertyId: data.property.id, timeZone: zone,
        // The form's checks first; its submission reads the intent at once, so a refused check leaves none.
        askToBook: () => {
          intent = "book";
          form.element.requestSubmit();
          intent = "check";
        },
        booked: (appointments, details) => {
          for (const appointment of appointments) screen.applyEntity(appointment, details.name);
          const said = t("series.booked", { count: appointments.length });
          screen.say(said);
          screen.desk.toast(said);
          finish(details);
        },
      });
      declaredForm("appointment")
        .then((declared) => {
          form = renderForm(declared, {
            t,
            refusal: (reason, params) => refusalText(i18n, reason, params),
            values: {
              serviceId: service?.id, staffId: target.rowId, start: wallClock(data.instant(target.start), zone),
              durationMinutes: length, language: i18n.code,
            },
            options: {
              services: services.map((s) => ({ value: s.id, label: `${s.name} (${s.durationMinutes}′)` })),
              staff: [...data.staff.values()].map((s) => ({ value: s.id, label: s.name })),
              languages: languageChoices(i18n.locale).map(({ code, name }) => ({ value: code, label: name })),
            },
            onSubmit: async (values) => {
              const details = {
                customerId: picker.chosenId(values), stayId: picker.chosenStayId(values),
                name: values["customer.name"], reading: values["customer.reading"], phone: values["customer.phone"],
                serviceId: values.serviceId, staffId: values.staffId,
                start: instantOfWallClock(values.start, zone), durationMinutes: values.durationMinutes,
                notes: values.notes, outsideWorkingHours: values.outsideWorkingHours, language: values.language,
              };
              if (series.on) {
                if (intent === "book") return series.book({ ...details, customer: appointmentCustomer(details) });
                return series.check(details);
              }
              await save(details);
              finish(details);
            },
          });
          // The salon's customers suggested as the name or phone is typed: a regular is booked on their record.
          picker = customerPicker(form, screen.desk);
          const submit = form.element.querySelector("button[type=submit]");
          const saveWords = submit.textContent;
          submit.previousElementSibling.before(series.box); // before the form's own refusal and button
          series.onToggle((on) => (submit.textContent = on ? t("series.check") : saveWords));
          // A plan is for a member, service, start and length: another of them, or another rule, plans again.
          const planned = ["staffId", "serviceId", "start", "durationMinutes"];
          const stale = (event) => {
            if (series.box.contains(event.target) || planned.includes(event.target.closest?.(".free-form-row")?.dataset.key)) series.forget();
          };
          form.element.addEventListener("input", stale);
          form.element.addEventListener("change", stale);
          holder.append(form.element, series.list, h("div", { class: "desk-row" }, cancel));
          form.element.querySelector('[data-key="customer.name"] input')?.focus();
        })
        .catch((error) => holder.append(h("p", { class: "desk-error", role: "alert", text: errorText(error, t) }), cancel));
    });
  }
}
