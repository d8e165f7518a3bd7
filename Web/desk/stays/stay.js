// A stay: its guest, dates, room and state; the next steps (check in, check out, cancel, no-show,
// move room from a night); its details edited through the `stay` form; and its folio (charges,
// payments, reversals, balance) with its invoices and receipts; its history; and the messages sent to
// the guest (message-list.js). A hotel's stay shows what the guest sent by checking in online, and a
// booked one offers the link to do so (online-check-in.js). Forms are the server's declarations (`GET /api/v1/forms/{name}`) rendered
// by form.js, so the server checks what they send the same way.

import { payCodeFigure } from "../../common/pay-code.js";
import { call, declaredForm, errorText, get, OtherProperty, passableRefusal } from "../api.js";
import { h, fill, typingKept } from "../../common/dom.js";
import { textLength } from "../../common/limits.js";
import { dayNumber, todayIn } from "../../common/dates.js";
import { countryName } from "../../common/i18n.js";
import { roomTypeChangeNote } from "./room-type-change.js";
import { renderForm } from "../shared/form.js";
import { lineLabel, taxLabel } from "../folio/folio-lines.js";
import { itemState } from "../outbox.js";
import { messageSection, readConsent } from "../shared/message-list.js";
import { documentsPart } from "./stay-documents.js";
import { checkInLinkPart, onlineCheckInSection } from "./online-check-in.js";

export async function mount(main, desk, route) {
  const { t } = desk.i18n;
  const i18n = desk.i18n;
  const id = route.id;
  const property = desk.property;
  const rooms = new Map((property.rooms ?? []).map((r) => [r.id, r]));
  const page = h("div", { class: "stay-page" });
  fill(main, page);
  let stay = null;
  let folio = null;
  let history = { entries: [] };
  let documents = [];
  let messages = { messages: [] };
  let consent = null;
  const message = h("p", { class: "desk-form-error", role: "alert", id: "stay-message" });
  const pending = h("section", { class: "stay-pending no-print", "aria-labelledby": "stay-pending-title", hidden: true });
  // The check-in link once asked for stays shown across the page's redraws.
  const checkInLink = checkInLinkPart(id, desk, message);

  // A change made elsewhere redraws the page: what the desk was typing stays.
  const typing = typingKept(page);

  async function load({ keepTyping = false } = {}) {
    const response = await call("GET", `/api/v1/stays/${id}`);
    stay = { ...response.data, version: response.version ?? response.data.version };
    if (stay.propertyId !== property.id) throw new OtherProperty(stay.propertyId);
    // Housekeeping reads no money: no folio, no invoices.
    const money = desk.readsMoney;
    [folio, history, { documents }, messages, consent] = await Promise.all([
      money ? get(`/api/v1/stays/${id}/folio`) : null,
      get(`/api/v1/stays/${id}/history`),
      money ? get(`/api/v1/stays/${id}/documents`) : { documents: [] },
      // What was sent to the guest: a read that fails says so in its section, the stay still shows.
      get(`/api/v1/stays/${id}/messages`).catch((error) => error),
      readConsent(property.id, stay.guest?.email),
    ]);
    if (keepTyping) typing.redraw(draw);
    else draw();
  }

  function roomName(roomId) {
    return roomId ? rooms.get(roomId)?.number ?? String(roomId) : t("state.unassigned");
  }

  function draw() {
    const editable = desk.canEdit;
    const facts = stayFacts(stay, desk, roomName);
    const actions = h("div", { class: "desk-row no-print" });
    const step = (path, key, done, className = "is-primary", body = {}) =>
      h("button", {
        type: "button", class: `desk-button ${className}`, text: t(key), dataset: { step: path },
        onclick: (event) => act(event.currentTarget, path, body, done),
      });
    // Cancel and No-show free the room: the desk asks first.
    const asking = (path, key, done, question) =>
      h("button", {
        type: "button", class: "desk-button is-danger", text: t(key),
        onclick: (event) =>
          ask(event.currentTarget, t(question, { name: stay.guest?.name ?? "" }), t, (button) => act(button, path, {}, done)),
      });
    // What this member may do now, as the server says (`actions`).
    const may = (action) => (stay.actions ?? []).includes(action);
    if (may("checkIn")) actions.append(step("check-in", "action.checkIn", "done.checkedIn"));
    if (may("cancel")) {
      actions.append(
        h("button", {
          type: "button", class: "desk-button is-danger", text: t("action.cancel"),
          onclick: (event) => askCancel(event.currentTarget, stay, i18n, (button, body) => act(button, "cancel", body, "done.cancelled")),
        }),
      );
    }
    if (may("noShow")) actions.append(asking("no-show", "action.noShow", "done.noShow", "confirm.noShow"));
    if (may("reinstate")) actions.append(step("reinstate", "action.reinstate", "done.reinstated"));
    if (may("checkOut")) actions.append(step("check-out", "action.checkOut", "done.checkedOut"));
    // A booked guest may check in online until their arrival day: the desk gives them the link.
    if (may("giveCheckInLink")) actions.append(checkInLink.button());
    else checkInLink.box.hidden = true;
    actions.append(h("button", { type: "button", class: "desk-button", text: t("stay.print"), onclick: () => window.print() }));

    drawPending();
    const sections = [
      pending,
      h(
        "section",
        { "aria-labelledby": "stay-title" },
        h("a", { class: "desk-button is-quiet no-print", href: "#/today", text: `← ${t("stay.back")}` }),
        h(
          "h1",
          { id: "stay-title" },
          `${stay.guest?.name ?? ""} `,
          h("span", { class: `desk-state is-${stay.state}`, text: i18n.state(stay.state) }),
        ),
        h("p", { class: "desk-code", text: t("stay.title", { code: stay.confirmationCode }) }),
        facts,
        actions,
        message,
        checkInLink.box,
      ),
      stay.onlineCheckIn ? onlineCheckInSection(stay.onlineCheckIn, i18n, property.timeZone) : null,
      folio ? folioSection() : null,
      historySection(history, desk),
      messageSection(messages, desk, {
        id: "stay-messages", mayResend: desk.may("managing"), reload: () => load({ keepTyping: true }), consent,
      }),
    ];
    if ((stay.actions ?? []).includes("change")) {
      sections.push(formSection("move", "action.move"));
      sections.push(formSection("stay", "stay.edit"));
    }
    // What the police registration of foreign guests asks, kept whatever the stay's state.
    if (editable && property.kind === "hotel") sections.push(registrationSection());
    fill(page, ...sections);
  }

  /** The folio's lines and totals, its documents, and (to who may post) the charge and payment forms. */
  function folioSection() {
    const section = h(
      "section",
      { "aria-labelledby": "folio-title", class: "folio" },
      h("h2", { id: "folio-title", text: t("stay.folio") }),
      folioTable(folio, i18n, mayPost() ? reverse : null),
    );
    if (folio.entries.length === 0) section.append(h("p", { id: "folio-balance", hidden: true, text: i18n.money(folio.balance) }));
    // The code to pay the balance, drawn by the server where the property is paid by one.
    if (folio.payCode) {
      const words = { amount: i18n.money(folio.payCode.amount), reference: folio.payCode.reference, holder: folio.payCode.holder };
      section.append(payCodeFigure(folio.payCode, { caption: t("payCode.caption", words), alt: t(`payCode.alt.${folio.payCode.scheme}`, words) }));
    }
    section.append(documentsPart({ documents, folio, canPost: mayPost(), stayId: id, message, desk }));
    if (mayPost()) {
      const forms = h("div", { class: "folio-forms no-print" });
      section.append(forms);
      for (const name of ["charge", "payment"]) {
        // A payment starts at what is owed: the balance, or a deposit still open before arrival.
        const owed = Math.max(0, folio.balance.amount, stay.deposit?.open.amount ?? 0);
        mountForm(forms, name, name === "payment" ? { amount: { amount: owed, currency: folio.currency } } : {}, async (values) => {
          const body = folioBody(name, values);
          const label = `${stay.guest?.name ?? ""} · ${t(name === "charge" ? "form.charge.title" : "form.payment.title")} · ${
            name === "charge" ? body.description : t(`method.${body.method}`)} ${i18n.money(body.amount)}`;
          const sent = await desk.outbox.send("POST", `/api/v1/stays/${id}/${name === "charge" ? "charges" : "payments"}`, {
            body, label, stayId: id,
          });
          if (sent.queued) return queued();
          desk.toast(t(name === "charge" ? "done.charged" : "done.paid"));
          await load();
        });
      }
    }
    return section;
  }

  /** The guest's nationality, passport or card number and date of birth, for the police registration. */
  function registrationSection() {
    const section = h("section", { class: "no-print", "aria-label": t("form.registration.title") }, h("h2", { text: t("form.registration.title") }));
    const start = {
      "guest.nationality": stay.guest?.nationality ?? "", "guest.documentNumber": stay.guest?.documentNumber ?? "",
      "guest.birthDate": stay.guest?.birthDate ?? "",
    };
    mountForm(section, "registration", start, async (values) => {
      const guest = {
        nationality: (values["guest.nationality"] ?? "").trim().toUpperCase(),
        documentNumber: (values["guest.documentNumber"] ?? "").trim(),
        birthDate: values["guest.birthDate"] ?? "",
      };
      await call("PATCH", `/api/v1/stays/${id}`, { body: { guest }, version: stay.version });
      desk.toast(t("done.saved"));
      await load();
    });
    return section;
  }

  function formSection(name, titleKey) {
    const section = h("section", { class: "no-print", "aria-label": t(titleKey) }, h("h2", { text: t(titleKey) }));
    const start =
      name === "stay"
        ? {
            "guest.name": stay.guest?.name ?? "", "guest.email": stay.guest?.email ?? "", "guest.phone": stay.guest?.phone ?? "",
            arrival: stay.arrival, departure: stay.departure, adults: stay.adults, children: stay.children,
            infants: stay.infants ?? 0, notes: stay.notes,
          }
        : { fromDate: stay.arrival > todayOf() ? stay.arrival : todayOf(), roomId: stay.roomId ?? undefined };
    mountForm(section, name, start, async (values) => {
      if (name === "move") {
        const label = `${stay.guest?.name ?? ""} · ${t("action.move")} → ${rooms.get(Number(values.roomId))?.number ?? values.roomId}`;
        const sent = await desk.outbox.send("POST", `/api/v1/stays/${id}/move`, {
          body: { roomId: Number(values.roomId), fromDate: values.fromDate }, version: stay.version, label, stayId: id,
        });
        if (sent.queued) return queued();
        desk.toast([t("done.moved"), roomTypeChangeNote(sent.data.roomTypeChange, desk.i18n)].filter(Boolean).join(" "));
      } else {
        const body = {
          arrival: values.arrival, departure: values.departure, adults: values.adults, children: values.children,
          infants: values.infants, notes: values.notes,
          guest: { name: values["guest.name"], email: values["guest.email"] ?? "", phone: values["guest.phone"] ?? "" },
        };
        await call("PATCH", `/api/v1/stays/${id}`, { body, version: stay.version });
        desk.toast(t("done.saved"));
      }
      await load();
    });
    return section;
  }

  /**
   * A change kept for later (the server cannot be reached): said so, the page drawn again with
   * empty forms and the change in the stay's list of what waits to be sent.
   */
  function queued() {
    desk.toast(t("offline.queued"));
    draw();
  }

  /**
   * What waits in the desk's outbox for this stay, or was refused when sent: drawn in place as the
   * outbox changes, so that nothing typed in the forms is touched.
   */
  function drawPending() {
    const mine = desk.outbox.items.filter((item) => item.stayId === id);
    pending.hidden = mine.length === 0;
    fill(
      pending,
      h("h2", { id: "stay-pending-title", text: t("offline.forThisStay") }),
      h(
        "ul",
        { id: "stay-pending" },
        mine.map((item) =>
          h("li", { class: `is-${item.state}` }, item.label, " · ", itemState(item, t)),
        ),
      ),
    );
  }

  /** Whether the server lets this member post to the folio: charges, payments, reversals, documents. */
  function mayPost() {
    return (stay.actions ?? []).includes("post");
  }

  /** The hotel's today, in its zone. */
  function todayOf() {
    return todayIn(desk.property.timeZone);
  }

  /** Renders a declared form into `parent` once its declaration (and, to move, the free rooms) arrives. */
  function mountForm(parent, name, values, submit) {
    const holder = h("div", { class: "stay-form", dataset: { form: name } });
    parent.append(holder);
    Promise.all([declaredForm(name), name === "move" ? roomsToMoveTo(stay, rooms, property.id, values.fromDate) : []])
      .then(([declared, free]) => {
        const rendered = renderForm(declared, {
          values, t,
          options: {
            currency: folio?.currency ?? property.currency,
            rooms: free.map((room) => roomChoice(room, property, t)),
          },
          onSubmit: submit,
        });
        holder.append(rendered.element);
      })
      .catch((error) => holder.append(h("p", { class: "desk-error", text: error.message })));
  }

  async function act(button, path, body, done) {
    button.disabled = true;
    message.textContent = "";
    try {
      await call("POST", `/api/v1/stays/${id}/${path}`, { body, version: stay.version });
      desk.toast(t(done, { name: stay.guest?.name ?? "" }));
      await load();
    } catch (error) {
      button.disabled = false;
      message.textContent = errorText(error, t);
      const retry = passableRefusal(error, stay.actions);
      if (retry) {
        message.append(
          " ",
          h("button", {
            type: "button", class: "desk-button", text: t(retry.label),
            onclick: (event) => act(event.currentTarget, path, retry.body, done),
          }),
        );
      }
    }
  }

  async function reverse(entry) {
    const reason = window.prompt(t("stay.reverseReason"), entry.description);
    if (reason === null) return;
    try {
      await call("POST", `/api/v1/stays/${id}/reversals`, { body: { entryId: entry.id, reason: reason || entry.description } });
      await load();
    } catch (error) {
      message.textContent = error.message;
    }
  }

  // The outbox sends what waited once the server is back: the page follows.
  const outboxListeners = new AbortController();
  desk.outbox.addEventListener("change", drawPending, { signal: outboxListeners.signal });
  const reload = () => load({ keepTyping: true }).catch(() => {});
  desk.outbox.addEventListener("sent", (event) => event.detail.item.stayId === id && reload(), { signal: outboxListeners.signal });
  const unsubscribe = desk.live.subscribe({
    event: (event) => {
      if ((event.kind.startsWith("stay.") || event.kind.startsWith("folio.")) && event.entityId === id) reload();
    },
    reload,
  });
  await load();
  return {
    unmount() {
      unsubscribe();
      outboxListeners.abort();
    },
  };
}

// MARK: - The parts of the page, drawn from what the server said

/** The stay's facts: guest, dates, room type, plan, deposit (to who reads money), rooms, party, source, notes. */
function stayFacts(stay, desk, roomName) {
  const { t } = desk.i18n;
  const i18n = desk.i18n;
  const roomTypes = new Map((desk.property.roomTypes ?? []).map((r) => [r.id, r]));
  const facts = h("dl", { class: "desk-facts" });
  const fact = (label, value) => value && facts.append(h("dt", { text: label }), h("dd", { text: value }));
  fact(t("stay.guest"), stay.guest?.name);
  fact(t("stay.email"), stay.guest?.email);
  fact(t("stay.phone"), stay.guest?.phone);
  fact(t("stay.nationality"), stay.guest?.nationality && countryName(stay.guest.nationality, i18n.locale));
  fact(t("stay.document"), stay.guest?.documentNumber);
  fact(t("stay.birthDate"), stay.guest?.birthDate && i18n.date(stay.guest.birthDate));
  fact(t("stay.dates"), `${i18n.dateLong(stay.arrival)} → ${i18n.dateLong(stay.departure)} (${i18n.nights(stay.nights)})`);
  fact(t("stay.roomType"), roomTypes.get(stay.roomTypeId)?.name);
  fact(t("stay.plan"), stay.ratePlanName && desk.property.word(stay.ratePlanName));
  const deposit = desk.readsMoney ? stay.deposit : null;
  if (deposit) {
    const owed = deposit.open.amount > 0;
    fact(t("stay.deposit"), t(owed ? "stay.depositOpen" : "stay.depositPaid", {
      amount: i18n.money(deposit.amount), open: i18n.money(deposit.open), date: i18n.dateLong(deposit.dueBy),
    }));
    facts.lastElementChild.id = "stay-deposit";
    facts.lastElementChild.classList.toggle("is-owed", owed);
  }
  fact(
    t("stay.room"),
    stay.segments.length > 1
      ? stay.segments.map((s) => `${roomName(s.roomId)} (${i18n.dayMonth(s.arrival)} – ${i18n.dayMonth(s.departure)})`).join(", ")
      : roomName(stay.roomId),
  );
  fact(t("stay.guests"), [
    `${t("stay.adults")} ${i18n.number(stay.adults)}`,
    `${t("stay.children")} ${i18n.number(stay.children)}`,
    ...(stay.infants ? [`${t("stay.infants")} ${i18n.number(stay.infants)}`] : []),
  ].join(" · "));
  fact(t("stay.source"), t(`source.${stay.source}`));
  fact(t("stay.notes"), stay.notes);
  return facts;
}

/** Every change of the stay and every folio line, who made it and when, in the hotel's time. */
function historySection(history, desk) {
  const { t } = desk.i18n;
  const i18n = desk.i18n;
  const when = new Intl.DateTimeFormat(i18n.locale, { dateStyle: "medium", timeStyle: "short", timeZone: desk.property.timeZone });
  return h(
    "section",
    { "aria-labelledby": "history-title", class: "stay-history no-print" },
    h("h2", { id: "history-title", text: t("stay.history") }),
    h(
      "ol",
      { id: "stay-history" },
      history.entries.map((entry) =>
        h(
          "li",
          {},
          h("time", { datetime: entry.at, text: when.format(new Date(entry.at)) }),
          ` · ${entry.by ?? t("history.guestSite")} · ${t(`history.${entry.action}`)}`,
          entry.line ? ` · ${lineLabel(entry.line, i18n)} ${i18n.money(entry.line.amount)}` : "",
        ),
      ),
    ),
  );
}

/**
 * The folio's lines (each tax inside a price under its line) and its totals, or that it has none;
 * `reverse(entry)`, to who may post, is the Reverse button of a line the server says may be reversed.
 */
function folioTable(folio, i18n, reverse) {
  const { t } = i18n;
  const rows = folio.entries.map((entry) => {
    const reversal = entry.kind === "reversal";
    const sign = entry.kind === "payment" ? -1 : 1;
    const detail = entry.category ? t(`category.${entry.category}`) : entry.method ? t(`method.${entry.method}`) : reversal ? t("stay.reversal") : "";
    return h(
      "tr",
      { class: `folio-entry is-${entry.kind}${entry.reversed ? " is-reversed" : ""}`, dataset: { entryId: String(entry.id) } },
      h("td", { text: entry.night ? i18n.dayMonth(entry.night) : "" }),
      h(
        "th",
        { scope: "row" },
        lineLabel(entry, i18n),
        // Each tax inside the price (a VAT-inclusive rate), under the line.
        (entry.includedTaxes ?? []).map((tax) =>
          h("small", { class: "folio-included", text: t("folio.included", { tax: taxLabel(tax, i18n), amount: i18n.money(tax.amount) }) }),
        ),
      ),
      h("td", { text: detail }),
      h("td", { class: "desk-number", text: reversal ? "" : i18n.money({ ...entry.amount, amount: sign * entry.amount.amount }) }),
      h(
        "td",
        { class: "desk-actions-cell no-print" },
        reverse && entry.reversible
          ? h("button", {
              type: "button", class: "desk-button is-quiet", text: t("stay.reverse"),
              "aria-label": `${t("stay.reverse")}: ${entry.description}`, onclick: () => reverse(entry),
            })
          : entry.reversed
            ? t("stay.reversed")
            : "",
      ),
    );
  });
  const total = (key, money, id) =>
    h("tr", { class: "folio-total" }, h("td"), h("th", { scope: "row", text: t(key) }), h("td"), h("td", { class: "desk-number", id, text: i18n.money(money) }), h("td"));
  if (!folio.entries.length) return h("p", { class: "desk-empty", text: t("stay.noEntries") });
  return h(
    "table",
    { class: "desk-table" },
    h("tbody", {}, rows),
    h(
      "tfoot",
      {},
      total("stay.charges", folio.totalCharges, "folio-charges"),
      total("stay.payments", folio.totalPayments, "folio-payments"),
      total("stay.balance", folio.balance, "folio-balance"),
    ),
  );
}

/** What a charge or payment form sends. */
function folioBody(name, values) {
  if (name === "charge") {
    return { description: values.description, amount: values.amount, category: values.category, taxClass: values.taxClass };
  }
  return { amount: values.amount, method: values.method, description: values.description || undefined };
}

// MARK: - Moving to another room

/**
 * The rooms a guest can move to from `from` to the stay's departure: not the room they are in, nor
 * one that another stay, an imported block or a block out of service holds on any of those nights
 * (the board says which), each with its housekeeping status as the board reads it now. If the board
 * cannot be read, every other room; the server still refuses a taken one.
 * @param {Map<number, object>} rooms the property's rooms by id
 */
async function roomsToMoveTo(stay, rooms, propertyId, from) {
  const others = [...rooms.values()].filter((room) => room.id !== stay.roomId);
  const start = dayNumber(from);
  const end = dayNumber(stay.departure);
  if (start >= end) return others;
  try {
    const board = await get(`/api/v1/properties/${propertyId}/board?from=${from}&to=${stay.departure}`);
    const taken = new Set();
    // Runs come as words of six: segment, row (a room's id, or minus its type's), arrival, departure, style, stay.
    for (let index = 0; index < board.items.length; index += 6) {
      const [row, arrival, departure] = board.items.slice(index + 1, index + 4);
      if (row > 0 && board.items[index + 5] !== stay.id && arrival < end && departure > start) taken.add(row);
    }
    for (const block of board.blocks) {
      if (dayNumber(block.from) < end && dayNumber(block.to) > start) taken.add(block.roomId);
    }
    const now = new Map(board.rooms.map((room) => [room.id, room.housekeeping]));
    return others.filter((room) => !taken.has(room.id)).map((room) => ({ ...room, housekeeping: now.get(room.id) ?? room.housekeeping }));
  } catch {
    return others;
  }
}

/** A room as the Move list names it: number, type and whether it is ready. */
function roomChoice(room, property, t) {
  const type = property.roomTypes?.find((roomType) => roomType.id === room.roomTypeId)?.name;
  return { value: room.id, label: [room.number, type, t(`housekeeping.${room.housekeeping}`)].filter(Boolean).join(" · ") };
}

// MARK: - Questions asked in place

/** Asks `question` beside `button`, in place: Yes does `yes(button)`, No puts focus back. */
function ask(button, question, t, yes) {
  button.parentElement.querySelector(".desk-confirm")?.remove();
  const box = h("div", { class: "desk-confirm", role: "alertdialog", "aria-label": question });
  const yesButton = h("button", {
    type: "button", class: "desk-button is-danger", text: t("confirm.yes"),
    onclick: () => { box.remove(); yes(button); },
  });
  const keep = h("button", {
    type: "button", class: "desk-button", text: t("confirm.keep"),
    onclick: () => { box.remove(); button.focus(); },
  });
  box.append(h("p", { text: question }), yesButton, keep);
  button.parentElement.after(box);
  keep.focus();
}

/**
 * Cancelling asks first. When the terms charge a fee now (the server says how much), the desk chooses:
 * charge it, or waive it for a reason the stay keeps. `cancel(button, body)` sends the cancellation.
 */
function askCancel(button, stay, i18n, cancel) {
  const { t } = i18n;
  const question = t("confirm.cancel", { name: stay.guest?.name ?? "" });
  const fee = stay.cancellationFee;
  if (!(fee?.amount > 0)) return ask(button, question, t, (yes) => cancel(yes, {}));
  button.parentElement.querySelector(".desk-confirm")?.remove();
  const box = h("div", { class: "desk-confirm", role: "alertdialog", "aria-label": question });
  const reason = h("input", { type: "text", id: "cancel-reason", ...textLength("stay.cancelReason"), "aria-label": t("cancel.reason") });
  const charge = h("button", {
    type: "button", class: "desk-button is-danger", id: "cancel-charge", text: t("cancel.charge", { fee: i18n.money(fee) }),
    onclick: () => { box.remove(); cancel(button, { fee: "apply" }); },
  });
  const waive = h("button", {
    type: "button", class: "desk-button", id: "cancel-waive", text: t("cancel.waive"),
    onclick: () => {
      if (!reason.value.trim()) {
        reason.setAttribute("aria-invalid", "true");
        reason.focus();
        return;
      }
      box.remove();
      cancel(button, { fee: "waive", reason: reason.value.trim() });
    },
  });
  const keep = h("button", {
    type: "button", class: "desk-button", text: t("confirm.keep"),
    onclick: () => { box.remove(); button.focus(); },
  });
  box.append(
    h("p", { text: question }),
    h("p", { id: "cancel-fee", text: t("cancel.feeNow", { fee: i18n.money(fee) }) }),
    charge,
    h("label", { class: "desk-field" }, h("span", { text: t("cancel.reason") }), reason),
    waive,
    keep,
  );
  button.parentElement.after(box);
  keep.focus();
}
