// A customer's record (カルテ): their name and its reading, how to reach them, their allergies (shown
// first, as a warning), what they still owe (a fee for a visit not kept, each receipt a link), notes and
// figures; their ticket books (回数券) and prepaid balances with what is left of each (to roles that read
// money); their appointments to come and their past visits, each with its stylist's notes (the colour
// formula); and what may be done to it: edit it through the declared `customer` form, merge a duplicate
// into it (customer-merge.js), export it, erase it at their request. Times are the salon's
// (`desk.property.timeZone`).

import { call, declaredForm, errorText, OtherProperty, pressing } from "../../api.js";
import { h, fill } from "../../../common/dom.js";
import { refusalText } from "../../../common/refusals.js";
import { customerChange, formValues, lastVisit, serviceName } from "./customer-facts.js";
import { mergePicker } from "./customer-merge.js";
import { renderForm } from "../../shared/form.js";
import { saleList } from "../checkout/sale-list.js";
import { leftWords } from "../checkout/ticket-books.js";
import { endingForm } from "./ticket-ending.js";

export async function mountRecord(main, desk, route) {
  const { t } = desk.i18n;
  const i18n = desk.i18n;
  const property = desk.property;
  const id = route.id;
  const page = h("div", { class: "customer-page", dataset: { customerId: String(id) } });
  const message = h("p", { class: "desk-form-error", role: "alert", id: "customer-message" });
  // The edit form or the merge, under the record's buttons: one at a time.
  const work = h("div", { class: "customer-work", id: "customer-work", hidden: true });
  const zone = property.timeZone;
  const day = new Intl.DateTimeFormat(i18n.locale, { dateStyle: "medium", timeZone: zone });
  const when = new Intl.DateTimeFormat(i18n.locale, { dateStyle: "medium", timeStyle: "short", timeZone: zone });
  const refusal = (reason, params) => refusalText(i18n, reason, params);
  let record = null;
  let version = 0;
  let books = [];
  // How an ended book may be paid back: the server's list.
  let endingMethods = [];
  fill(main, page);

  async function load() {
    // Their books are read beside the record by those whose role reads money, whom the server lets read them;
    // a record of another property's is opened there, whatever the books' answer.
    const tickets = desk.readsMoney ? call("GET", `/api/v1/customers/${id}/ticket-books`).then((answer) => answer, (error) => ({ error })) : null;
    const response = await call("GET", `/api/v1/customers/${id}`);
    record = response.data;
    if (record.propertyId !== property.id) throw new OtherProperty(record.propertyId);
    const answered = await tickets;
    if (answered?.error) throw answered.error;
    books = answered?.data.ticketBooks ?? [];
    endingMethods = answered?.data.endingMethods ?? [];
    version = response.version ?? record.version;
    draw();
  }

  function draw() {
    message.textContent = "";
    closeWork();
    const facts = h("dl", { class: "desk-facts customer-facts" });
    const fact = (label, value) => value && facts.append(h("dt", { text: label }), h("dd", { text: value }));
    fact(t("form.customer.phone"), record.phone);
    fact(t("form.customer.email"), record.email);
    fact(t("form.customer.birthday"), record.birthday ? i18n.date(record.birthday) : "");
    fact(t("form.customer.notes"), record.notes);
    fill(
      page,
      h(
        "section",
        { class: "customer-card", "aria-labelledby": "customer-title" },
        h("a", { class: "desk-button is-quiet", href: "#/customers", text: `← ${t("customer.back")}` }),
        h("p", { class: "customer-kind", text: t("customer.record") }),
        h(
          "h1",
          { id: "customer-title" },
          h("span", { class: "customer-name", text: record.erased ? t("customer.erasedName") : record.name }),
          record.reading ? h("span", { class: "customer-reading", text: record.reading }) : null,
        ),
        record.erased ? h("p", { class: "customer-erased", id: "customer-erased", role: "note", text: t("customer.erasedNotice") }) : null,
        record.allergies
          ? h(
              "div",
              { class: "customer-allergies", id: "customer-allergies", role: "note" },
              h("strong", { text: t("form.customer.allergies") }),
              h("p", { text: record.allergies }),
            )
          : null,
        record.owing?.length ? owingNotice(record.owing) : null,
        facts,
        figures(),
        actions(),
        message,
        work,
      ),
      books.length ? ticketsSection() : null,
      visitsSection("customer-upcoming", "customer.upcoming", record.upcoming, "customer.noUpcoming"),
      visitsSection("customer-visits", "customer.visits", record.visits, "customer.noVisits"),
    );
  }

  /** What the customer still owes, in all, and each sale owed with its receipt (to roles that read money). */
  function owingNotice(owing) {
    const due = { ...owing[0].due, amount: owing.reduce((sum, sale) => sum + sale.due.amount, 0) };
    return h(
      "div",
      { class: "customer-owing", id: "customer-owing", role: "note" },
      h("strong", { id: "customer-owes", text: t("customer.owes", { amount: i18n.money(due) }) }),
      saleList(owing, desk, "customer-owing-sales"),
    );
  }

  /** Visits in the last year, what they spent (to roles that read money), their last visit and the next. */
  function figures() {
    const last = lastVisit(record.visits);
    const next = record.upcoming[0];
    const figure = (key, value) => h("div", { class: "customer-figure" }, h("dt", { text: t(key) }), h("dd", { text: value }));
    return h(
      "dl",
      { class: "customer-figures", id: "customer-figures" },
      figure("customer.visitsLastYear", i18n.number(record.visitsLastYear)),
      record.spent ? figure("customer.spent", i18n.money(record.spent)) : null,
      figure("customer.lastVisit", last ? day.format(new Date(last.start)) : t("customer.noneYet")),
      figure("customer.nextAppointment", next ? when.format(new Date(next.start)) : t("customer.noneYet")),
    );
  }

  /** Edit and merge (to who books, while the record is someone's), export, and erase (a manager's act). */
  function actions() {
    const row = h("div", { class: "desk-row customer-actions" });
    const opening = (buttonId, key, open, className = "") =>
      h("button", {
        type: "button", class: `desk-button ${className}`, id: buttonId, text: t(key),
        "aria-expanded": "false", "aria-controls": "customer-work", onclick: (event) => toggle(event.currentTarget, open),
      });
    if (desk.canEdit && !record.erased) {
      row.append(opening("customer-edit", "customer.edit", editForm, "is-primary"), opening("customer-merge", "customer.merge", merge));
    }
    // The session is a cookie: the browser downloads the file itself, under a name the server does not give.
    // For those the server lets read the accounts, as the salon's other exports; in the desk's language.
    if (desk.may("accounts")) {
      row.append(
        h("a", {
          class: "desk-button", id: "customer-export", href: `/api/v1/customers/${id}/export?lang=${desk.i18n.code}`,
          download: `customer-${id}.csv`, text: t("customer.export"),
        }),
      );
    }
    if (desk.may("managing") && !record.erased) {
      row.append(
        h("button", {
          type: "button", class: "desk-button is-danger", id: "customer-erase", text: t("customer.erase"),
          onclick: (event) => erase(event.currentTarget),
        }),
      );
    }
    return row;
  }

  /** Opens `open`'s work under the buttons, or closes it when it is what shows. */
  function toggle(button, open) {
    const shown = button.getAttribute("aria-expanded") === "true";
    closeWork();
    if (shown) return;
    button.setAttribute("aria-expanded", "true");
    work.hidden = false;
    open();
  }

  function closeWork() {
    work.hidden = true;
    fill(work);
    for (const button of page.querySelectorAll(".customer-actions [aria-expanded]")) button.setAttribute("aria-expanded", "false");
  }

  /** The `customer` form filled with the record; only what changed is sent, with the version read. */
  function editForm() {
    fill(work, h("p", { class: "desk-loading", text: t("common.loading") }));
    declaredForm("customer")
      .then((declared) => {
        const form = renderForm(declared, {
          t,
          values: formValues(record),
          refusal,
          onSubmit: async (values) => {
            const body = customerChange(record, values);
            if (body) {
              try {
                await call("PATCH", `/api/v1/customers/${id}`, { body, version });
              } catch (error) {
                if (error.status !== 412) throw error;
                stale();
                return;
              }
            }
            desk.toast(t("done.saved"));
            await load();
          },
        });
        const cancel = h("button", { type: "button", class: "desk-button", text: t("common.cancel"), onclick: closeWork });
        fill(work, h("h2", { text: t("customer.edit") }), form.element, h("div", { class: "desk-row" }, cancel));
        form.element.querySelector('[data-key="name"] input')?.focus();
      })
      .catch((error) => fill(work, h("p", { class: "desk-error", role: "alert", text: errorText(error, t) })));
  }

  /** Someone else saved the record meanwhile: say so, with the way to read it again. */
  function stale() {
    fill(
      message,
      t("customer.changedMeanwhile"),
      " ",
      h("button", { type: "button", class: "desk-button", text: t("customer.reload"), onclick: () => load().catch(showError) }),
    );
  }

  function merge() {
    fill(
      work,
      mergePicker(record, desk, {
        merged: async () => {
          desk.toast(t("customer.merged"));
          await load();
        },
        cancel: closeWork,
      }),
    );
  }

  function erase(button) {
    if (!confirm(t("customer.confirmErase", { name: record.name }))) return;
    pressing(button, message, t, async () => {
      await call("DELETE", `/api/v1/customers/${id}`);
      desk.toast(t("customer.erased"));
      desk.navigate("#/customers");
    });
  }

  /**
   * Their ticket books, newest first as the server lists them: what is left of each, when it was sold and
   * until when it is valid, the last day to cancel it where the law gives one, and "not usable" where the
   * server says it may not be drawn (spent, or past its last day); one ended, the day, why, and its receipt;
   * and "End and refund" (to who does desk work) where the server says it may be ended (`endingFeeLimit`).
   */
  function ticketsSection() {
    const word = (text) => i18n.stored?.(text) ?? text;
    return h(
      "section",
      { class: "customer-card", id: "customer-tickets", "aria-labelledby": "customer-tickets-title" },
      h("h2", { id: "customer-tickets-title", text: t("customer.tickets") }),
      h(
        "ul",
        { class: "customer-ticket-list" },
        books.map((book) =>
          h(
            "li",
            { class: `customer-ticket${book.usable ? "" : " is-unusable"}`, dataset: { ticketBookId: String(book.id) } },
            h(
              "p",
              { class: "customer-ticket-head" },
              h("strong", { text: word(book.name) }),
              " ",
              h("span", { class: "ticket-left", text: leftWords(book, i18n, book.price.currency) }),
            ),
            h(
              "p",
              { class: "customer-ticket-dates" },
              [
                t("ticket.soldOn", { date: i18n.date(book.soldOn) }),
                t("ticket.validUntil", { date: i18n.date(book.lastDay) }),
                book.coolingOffUntil ? t("ticket.coolingOff", { date: i18n.date(book.coolingOffUntil) }) : null,
                book.usable || book.ending ? null : t("ticket.notUsable"),
              ].filter(Boolean).join(" · "),
            ),
            book.ending
              ? h(
                  "p",
                  { class: "customer-ticket-ended", id: `ticket-ended-${book.id}` },
                  t("ticket.endedOn", { date: i18n.date(book.ending.day), reason: book.ending.reason }),
                  " ",
                  h("a", { href: `#/sales/${book.ending.saleId}`, text: t("ticket.endedReceipt") }),
                )
              : null,
            book.endingFeeLimit && desk.may("deskWork") ? endingPlace(book) : null,
          ),
        ),
      ),
    );
  }

  /** "End and refund" and, pressed, its form under the book; the ending's receipt opens once it is stored. */
  function endingPlace(book) {
    const place = h("div", { class: "ticket-end", id: `ticket-end-${book.id}` });
    const open = h("button", {
      type: "button", class: "desk-button is-danger", id: `ticket-end-open-${book.id}`, text: t("ticket.end"),
      "aria-expanded": "false", "aria-controls": `ticket-end-${book.id}-form`,
      onclick: () => {
        const shown = open.getAttribute("aria-expanded") === "true";
        open.setAttribute("aria-expanded", String(!shown));
        fill(place, open, shown ? null : form());
      },
    });
    const form = () =>
      endingForm(book, desk, {
        customerId: id,
        methods: endingMethods,
        ended: (sale) => {
          desk.toast(t("ticket.endDone", { reference: sale.reference }));
          desk.navigate(`#/sales/${sale.id}`);
        },
        endedMeanwhile: () => load().catch(showError),
        cancel: () => open.click(),
      });
    fill(place, open);
    return place;
  }

  /** Appointments as the record lists them, each linking to its appointment's page. */
  function visitsSection(sectionId, titleKey, visits, emptyKey) {
    return h(
      "section",
      { class: "customer-card", id: sectionId, "aria-labelledby": `${sectionId}-title` },
      h("h2", { id: `${sectionId}-title`, text: t(titleKey) }),
      visits.length > 0
        ? h("ol", { class: "customer-visit-list" }, visits.map(visitItem))
        : h("p", { class: "desk-empty", text: t(emptyKey) }),
    );
  }

  function visitItem(visit) {
    const what = [serviceName(visit, property.services), visit.staffName, `${i18n.number(visit.durationMinutes)}′`];
    if (visit.price) what.push(i18n.money(visit.price));
    return h(
      "li",
      { class: `customer-visit is-${visit.state}`, dataset: { appointmentId: String(visit.appointmentId) } },
      h(
        "p",
        { class: "customer-visit-head" },
        h("a", { href: `#/appointments/${visit.appointmentId}`, text: when.format(new Date(visit.start)) }),
        " ",
        h("span", { class: `desk-state is-${visit.state}`, text: desk.stateWord(visit.state) }),
      ),
      h("p", { class: "customer-visit-what", text: what.join(" · ") }),
      visit.notes
        ? h("p", { class: "customer-visit-notes" }, h("span", { class: "customer-label", text: t("customer.bookingNotes") }), visit.notes)
        : null,
      visit.visitNotes
        ? h(
            "div",
            { class: "customer-visit-formula" },
            h("span", { class: "customer-label", text: t("customer.visitNotes") }),
            h("p", { text: visit.visitNotes }),
          )
        : null,
    );
  }

  function showError(error) {
    message.textContent = errorText(error, t);
  }

  await load();
  return { unmount() {} };
}
