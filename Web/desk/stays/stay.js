// A stay: its guest, dates, room and state; the next steps (check in, check out, cancel, no-show,
// move room from a night); its details edited through the `stay` form; and its folio (charges,
// payments, reversals, balance) with its invoices and receipts; its history; and the messages sent to
// the guest (message-list.js). A hotel's stay shows what the guest sent by checking in online, and a
// booked one offers the link to do so (online-check-in.js). Forms are the server's declarations
// (`GET /api/v1/forms/{name}`) rendered by form.js, so the server checks what they send the same way.
// The page's parts beside it: stay-facts.js (its facts and history), stay-folio.js (the folio and its
// forms), stay-documents.js, stay-move.js (the rooms to move to), stay-questions.js (asking before a step).

import { call, declaredForm, errorText, get, OtherProperty, passableRefusal } from "../api.js";
import { h, fill, typingKept } from "../../common/dom.js";
import { todayIn } from "../../common/dates.js";
import { roomTypeChangeNote } from "./room-type-change.js";
import { renderForm } from "../shared/form.js";
import { itemState } from "../outbox.js";
import { messageSection, readConsent } from "../shared/message-list.js";
import { checkInLinkPart, onlineCheckInSection } from "./online-check-in.js";
import { historySection, stayFacts } from "./stay-facts.js";
import { folioSection } from "./stay-folio.js";
import { roomChoice, roomsToMoveTo } from "./stay-move.js";
import { ask, askCancel } from "./stay-questions.js";

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
  // The companies that pay one of its folios, by id; and the folio shown, kept across redraws.
  let companies = [];
  const folioView = { folio: 1 };
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
    if (folio?.folios?.some((part) => part.payer === "company") || companies.length) {
      companies = (await get(`/api/v1/properties/${property.id}/companies`)).companies;
    }
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
      folio
        ? folioSection({
            stay, stayId: id, folio, documents, companies, view: folioView, message, desk, mountForm, reverse, queued, load,
            redraw: () => typing.redraw(draw),
          })
        : null,
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
    if (editable && desk.hotel) sections.push(registrationSection());
    fill(page, ...sections);
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
