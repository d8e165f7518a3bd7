// An appointment: its customer (a link to their record, カルテ), service, stylist and time, its deposit
// (予約金) asked or held and taking it while the server offers it (appointment-deposit.js), its state
// changes (calling it off with a fee asks first, appointment-actions.js), its checkout (お会計) while the
// server offers it (`pay`) and the receipts of its sales (a fee still owed among them), the
// stylist's notes on the visit through the declared `visit-notes` form (a colour formula,
// kept on the customer's record), and its staff member, start, length and notes changed through the
// declared `appointment-change` form (what a drag on the board does, by keyboard or finger). Times in
// the form are the salon's wall clock. A visit of a repeat series (定期予約) says so, and a change or a
// cancellation asks whether it is for this visit only or this and all later ones (appointment-series.js).
// A visit booked for a hotel guest's stay names their room and whether they are in the house. Under it, the
// messages sent to the customer about the visit (message-list.js).

import { call, declaredForm, errorText, get, OtherProperty } from "../../api.js";
import { h, fill } from "../../../common/dom.js";
import { instantOfWallClock, wallClock } from "../../../common/dates.js";
import { refusalText } from "../../../common/refusals.js";
import { renderForm } from "../../shared/form.js";
import { isStep, moveAppointment, nextStates } from "./appointment-actions.js";
import { depositForm, depositWords } from "./appointment-deposit.js";
import { askWhichVisits, changeFollowing } from "./appointment-series.js";
import { saleList } from "../checkout/sale-list.js";
import { messageSection, readConsent } from "../../shared/message-list.js";


export async function mount(main, desk, route) {
  const { t } = desk.i18n;
  const i18n = desk.i18n;
  const property = desk.property;
  const page = h("div", { class: "stay-page" });
  const message = h("p", { class: "desk-form-error", role: "alert" });
  fill(main, page);
  const time = new Intl.DateTimeFormat(i18n.locale, { dateStyle: "full", timeStyle: "short", timeZone: property.timeZone });
  // The deposit's sale just taken: said once, with its receipt to open and print.
  let depositTaken = null;

  async function load() {
    const [response, messages] = await Promise.all([
      call("GET", `/api/v1/appointments/${route.id}`),
      // What was sent to the customer: a read that fails says so in its section, the appointment still shows.
      get(`/api/v1/appointments/${route.id}/messages`).catch((error) => error),
    ]);
    const appointment = response.data;
    if (appointment.propertyId !== property.id) throw new OtherProperty(appointment.propertyId);
    const consent = await readConsent(property.id, appointment.customer?.email);
    const version = response.version ?? appointment.version;
    const staff = (property.staff ?? []).find((s) => s.id === appointment.staffId);
    const service = (property.services ?? []).find((s) => s.id === appointment.serviceId);
    const facts = h("dl", { class: "desk-facts" });
    const fact = (label, value) => value && facts.append(h("dt", { text: label }), h("dd", {}, value));
    // The customer's name opens their record (カルテ): their visits, allergies and earlier formulas.
    const customer = appointment.customer?.name;
    const record = customer && appointment.customerId ? `#/customers/${appointment.customerId}` : null;
    fact(t("appointment.customer"), record ? h("a", { href: record, id: "appointment-customer", text: customer }) : customer);
    // What the customer reacts to, from their record: before anything is mixed.
    if (appointment.allergies) {
      fact(t("form.customer.allergies"), h("strong", { class: "appointment-allergies", id: "appointment-allergies", text: appointment.allergies }));
    }
    // A guest of the hotel the salon charges: their room, and whether they are in the house to charge it now.
    const guest = appointment.roomGuest;
    if (guest) {
      fact(
        t("appointment.hotelGuest"),
        h("span", { id: "appointment-room-guest", text: `${t("checkout.roomGuest", { room: guest.room, name: guest.name })} · ${t(guest.inHouse ? "appointment.inHouse" : "appointment.arriving")}` }),
      );
    }
    fact(t("appointment.service"), service ? [service.name, service.price && i18n.money(service.price)].filter(Boolean).join(" · ") : "");
    fact(t("board.staff"), staff?.name);
    fact(t("appointment.start"), time.format(new Date(appointment.start)));
    fact(t("appointment.duration"), `${i18n.number(appointment.durationMinutes)}′`);
    fact(t("stay.notes"), appointment.notes);
    if (appointment.seriesId) fact(t("appointment.series"), h("span", { id: "appointment-series", text: t("series.part") }));
    const asking = h("div", { class: "appointment-asking" });
    const deposit = depositWords(i18n, appointment.deposit);
    const mayTakeDeposit = appointment.actions?.includes("deposit") && appointment.deposit?.asked?.amount > 0;
    if (deposit) {
      const open = mayTakeDeposit
        ? h("button", {
            type: "button", class: "desk-button", id: "appointment-deposit-open", text: t("appointment.takeDeposit"),
            onclick: () => {
              message.textContent = "";
              const form = depositForm(i18n, appointment, desk.property.paymentMethods ?? [], {
                // Said under the actions (a status, read out) with its receipt to open, rather than a toast.
                taken: async (sale) => {
                  depositTaken = sale;
                  await load();
                },
                held: load,
                close: () => {
                  fill(asking);
                  open.focus();
                },
              });
              fill(asking, form.element);
              form.focus();
            },
          })
        : null;
      fact(t("appointment.deposit"), [h("span", { id: "appointment-deposit", text: deposit }), open ? [" ", open] : null]);
    }
    // The stylist's notes: a form where they may still be written, else as they were left.
    const mayRecord = appointment.actions?.includes("record");
    if (!mayRecord && appointment.visitNotes) {
      fact(t("customer.visitNotes"), h("span", { class: "appointment-visit-notes", text: appointment.visitNotes }));
    }
    // The day's steps, the checkout (お会計) when the server offers it, then calling the appointment off.
    const states = nextStates(appointment.actions);
    const stateButton = (state) =>
      h("button", {
        type: "button", class: `desk-button${isStep(state) ? " is-primary" : " is-danger"}`,
        text: t(`appointment.to.${state}`),
        onclick: (event) =>
          moveAppointment(i18n, {
            appointment, state, button: event.currentTarget, place: asking, message,
            send: async (body) => {
              await call("PATCH", `/api/v1/appointments/${route.id}`, { body, version });
              await load();
            },
          }),
      });
    const actions = h(
      "div",
      { class: "desk-row" },
      states.filter(isStep).map(stateButton),
      appointment.actions?.includes("pay")
        ? h("a", { class: "desk-button is-primary", id: "appointment-pay", href: `#/checkout?appointments=${(appointment.visit ?? [appointment.id]).join(",")}`, text: t("appointment.pay") })
        : null,
      states.filter((state) => !isStep(state)).map(stateButton),
    );
    const notes = h("div", { class: "stay-form", dataset: { form: "visit-notes" } });
    if (mayRecord) {
      declaredForm("visit-notes")
        .then((declared) => notes.append(visitNotesForm(declared, appointment, version).element))
        .catch((error) => notes.append(h("p", { class: "desk-error", text: errorText(error, t) })));
    }
    const change = h("div", { class: "stay-form", dataset: { form: "appointment-change" } });
    const mayChange = appointment.actions?.includes("change");
    if (mayChange) {
      // Where a visit of a series asks which visits a change is for, and says a later one refused.
      const changeAsking = h("div", { class: "appointment-asking", id: "appointment-change-asking" });
      declaredForm("appointment-change")
        .then((declared) => change.append(changeForm(declared, appointment, version, changeAsking).element, changeAsking))
        .catch((error) => change.append(h("p", { class: "desk-error", text: errorText(error, t) })));
    }
    fill(
      page,
      h(
        "section",
        { "aria-labelledby": "appointment-title" },
        h("a", { class: "desk-button is-quiet", href: "#/board", text: `← ${t("stay.back")}` }),
        h("h1", { id: "appointment-title" }, `${t("appointment.title")} `, h("span", { class: `desk-state is-${appointment.state}`, text: desk.stateWord(appointment.state) })),
        facts,
        actions,
        asking,
        depositTaken ? takenNote(depositTaken) : null,
        message,
      ),
      appointment.sales?.length
        ? h(
            "section",
            { "aria-labelledby": "appointment-sales-title" },
            h("h2", { id: "appointment-sales-title", text: t("appointment.sales") }),
            saleList(appointment.sales, desk, "appointment-sales"),
          )
        : null,
      messageSection(messages, desk, { id: "appointment-messages", mayResend: desk.may("managing"), reload: load, consent }),
      mayRecord ? h("section", { class: "stay-forms", "aria-label": t("form.visitNotes.title") }, notes) : null,
      mayChange ? h("section", { class: "stay-forms", "aria-label": t("form.appointmentChange.title") }, change) : null,
    );
  }

  /** The deposit just taken, once: its receipt's number, and the receipt to open (and print). */
  function takenNote(sale) {
    depositTaken = null;
    return h(
      "p",
      { class: "desk-hint", id: "appointment-deposit-taken", role: "status" },
      `${t("appointment.depositTaken", { reference: sale.reference })} `,
      h("a", { class: "desk-button", id: "appointment-deposit-receipt", href: `#/sales/${sale.id}`, text: t("appointment.openReceipt") }),
    );
  }

  /** The stylist's notes on the visit, as they are; saved with the appointment's version. */
  function visitNotesForm(declared, appointment, version) {
    return renderForm(declared, {
      t,
      values: { visitNotes: appointment.visitNotes ?? "" },
      refusal: (reason, params) => refusalText(i18n, reason, params),
      onSubmit: async (values) => {
        await call("PATCH", `/api/v1/appointments/${route.id}`, { body: { visitNotes: values.visitNotes ?? "" }, version });
        desk.toast(t("done.saved"));
        await load();
      },
    });
  }

  /**
   * The change form, filled with the appointment as it is; a refusal shows under the row it names. For a visit
   * of a series, `asking` first asks whether the change is for this visit only or this and all later ones.
   */
  function changeForm(declared, appointment, version, asking) {
    const zone = property.timeZone;
    return renderForm(declared, {
      t,
      values: {
        staffId: appointment.staffId, start: wallClock(appointment.start, zone),
        durationMinutes: appointment.durationMinutes, notes: appointment.notes ?? "", outsideWorkingHours: false,
      },
      options: { staff: (property.staff ?? []).map((s) => ({ value: s.id, label: s.name })) },
      onSubmit: async (values) => {
        const body = {
          staffId: values.staffId, start: instantOfWallClock(values.start, zone),
          durationMinutes: values.durationMinutes, notes: values.notes ?? "",
          outsideWorkingHours: values.outsideWorkingHours || undefined,
        };
        const send = async (sent) => {
          await call("PATCH", `/api/v1/appointments/${route.id}`, { body: sent, version });
          desk.toast(t("done.saved"));
          await load();
        };
        if (appointment.seriesId) {
          const applyTo = await askWhichVisits(i18n, asking, "series.changeWhich");
          if (!applyTo) return;
          if (applyTo === "following") return changeFollowing(i18n, { place: asking, timeZone: zone, body, send });
        }
        await send(body);
      },
    });
  }
  await load();
  return { unmount() {} };
}
