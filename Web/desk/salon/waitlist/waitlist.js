// A salon's waitlist (`#/waitlist`, キャンセル待ち): the customers waiting for a time to free up, first come
// first, each with the service and stylist asked for, the days that would do, where they stand, how to
// reach them and the times offered them, an open one with when its hold ends; taken off the list after
// asking, while waiting or offered. Those whose wait ended in the last 30 days follow. The receptionist
// adds a customer who calls or asks at the counter, in the language their offers are emailed in. The
// server decides everything (who is offered what, when an offer passes on): the list follows the live
// stream, and reads itself again when an open offer's hold ends, when the screen is looked at again, and
// on Refresh.

import { stateWords } from "../../shared/message-list.js";
import { call, errorText, get, pressing } from "../../api.js";
import { fieldRefusals } from "../../shared/field-refusals.js";
import { h, fill } from "../../../common/dom.js";
import { textLength } from "../../../common/limits.js";
import { addDays, todayIn } from "../../../common/dates.js";
import { languageChoices } from "../../../common/i18n.js";

/** The states of a customer still waiting: they may be taken off the list. */
export const WAITING = new Set(["waiting", "offered"]);


/**
 * The entries still waiting (as the server orders them: first come first), and those whose wait ended.
 * @param {{state: string}[]} entries
 */
export function splitEntries(entries) {
  return { current: entries.filter((e) => WAITING.has(e.state)), ended: entries.filter((e) => !WAITING.has(e.state)) };
}

/**
 * The body the server takes for a customer added at the desk: the stylist only when one is chosen, the
 * phone only when typed.
 */
export function waitlistBody({ serviceId, staffId, from, to, name, email, phone, language }) {
  const body = { serviceId: Number(serviceId), from, to, customer: { name: name.trim(), email: email.trim() }, language };
  if (staffId) body.staffId = Number(staffId);
  if (phone.trim()) body.customer.phone = phone.trim();
  return body;
}

export async function mount(main, desk) {
  const i18n = desk.i18n;
  const { t } = i18n;
  const property = desk.property;
  const path = `/api/v1/properties/${property.id}/waitlist`;
  const zone = property.timeZone;
  const when = new Intl.DateTimeFormat(i18n.locale, { dateStyle: "medium", timeStyle: "short", hourCycle: "h23", timeZone: zone });
  const clock = new Intl.DateTimeFormat(i18n.locale, { hour: "2-digit", minute: "2-digit", hourCycle: "h23", timeZone: zone });
  const minutes = new Intl.NumberFormat(i18n.locale, { style: "unit", unit: "minute", unitDisplay: "short" });
  const languageNames = new Intl.DisplayNames([i18n.locale], { type: "language" });
  const serviceName = (id) => (property.services ?? []).find((s) => s.id === id)?.name ?? "";
  const staffName = (id) => (property.staff ?? []).find((s) => s.id === id)?.name ?? "";
  let list = null;
  let expiryTimer = 0;

  const message = h("p", { class: "desk-form-error", role: "alert", id: "waitlist-message" });
  const offerMinutes = h("p", { class: "desk-hint waitlist-offer-minutes", id: "waitlist-offer-minutes" });
  const entries = h("div", { class: "waitlist-entries", id: "waitlist-entries", "aria-live": "polite" });
  const adding = h("section", { class: "waitlist-new", id: "waitlist-new", "aria-labelledby": "waitlist-new-title", hidden: true });
  const addButton = h("button", {
    type: "button", class: "desk-button is-primary", id: "waitlist-add", text: t("waitlist.add"),
    "aria-expanded": "false", "aria-controls": "waitlist-new", onclick: () => (adding.hidden ? openNew() : closeNew()),
  });
  const refreshButton = h("button", {
    type: "button", class: "desk-button", id: "waitlist-refresh", text: t("waitlist.refresh"),
    onclick: async () => {
      refreshButton.disabled = true;
      message.textContent = "";
      await load().catch((error) => (message.textContent = errorText(error, t)));
      refreshButton.disabled = false;
    },
  });
  fill(main,
    h("div", { class: "waitlist-page" },
      h("div", { class: "desk-toolbar" }, h("h1", { text: t("waitlist.title") }), desk.canEdit ? addButton : null, refreshButton),
      offerMinutes,
      message,
      adding,
      entries,
    ),
  );

  async function load() {
    list = await get(path);
    draw();
  }

  function draw() {
    offerMinutes.textContent = t("waitlist.offerMinutes", { count: list.offerMinutes });
    const { current, ended } = splitEntries(list.entries);
    fill(entries,
      h("section", { class: "waitlist-section", "aria-labelledby": "waitlist-current-title" },
        h("h2", { id: "waitlist-current-title" }, t("waitlist.current"), " ", h("span", { class: "desk-count", text: i18n.number(current.length) })),
        current.length
          ? h("ul", { class: "waitlist-list", id: "waitlist-current" }, current.map(entryItem))
          : h("p", { class: "desk-empty", id: "waitlist-empty", text: t("waitlist.empty") }),
      ),
      ended.length
        ? h("section", { class: "waitlist-section", "aria-labelledby": "waitlist-ended-title" },
          h("h2", { id: "waitlist-ended-title", text: t("waitlist.ended") }),
          h("ul", { class: "waitlist-list is-ended", id: "waitlist-ended" }, ended.map(entryItem)),
        )
        : null,
    );
    tick();
    // The server passes an offer on once its hold ends: the list is read again just after the first one ends
    // (for a minute after it, while the server's round comes).
    clearTimeout(expiryTimer);
    const ends = list.entries.flatMap((e) => e.offers).filter((o) => o.state === "open")
      .map((o) => Date.parse(o.expiresAt)).filter((end) => end > Date.now() - 60_000);
    if (ends.length) expiryTimer = setTimeout(refresh, Math.max(0, Math.min(...ends) - Date.now()) + 3000);
  }

  function entryItem(entry) {
    const { customer } = entry;
    const days = entry.from === entry.to ? i18n.date(entry.from) : `${i18n.date(entry.from)} – ${i18n.date(entry.to)}`;
    const stylist = entry.staffId ? staffName(entry.staffId) : t("waitlist.anyone");
    const remove = h("button", {
      type: "button", class: "desk-button waitlist-remove", text: t("waitlist.remove"),
      "aria-label": t("waitlist.removeOf", { name: customer.name }),
      onclick: (event) => {
        if (!window.confirm(t("waitlist.confirmRemove", { name: customer.name }))) return;
        pressing(event.currentTarget, message, t, async () => {
          try {
            await call("DELETE", `/api/v1/waitlist/${entry.id}`);
          } catch (error) {
            // Their wait ended meanwhile (booked, or their days passed): the list says how it stands.
            if (error.status === 409 || error.status === 404) await load().catch(() => {});
            throw error;
          }
          desk.toast(t("waitlist.removed", { name: customer.name }));
          await load();
        });
      },
    });
    return h("li", { class: `waitlist-entry is-${entry.state}`, dataset: { entryId: String(entry.id), state: entry.state } },
      h("div", { class: "waitlist-entry-head" },
        h("strong", { class: "waitlist-name", text: customer.name || t("customer.erasedName") }),
        h("span", { class: `desk-state waitlist-state is-${entry.state}`, text: t(`waitlist.state.${entry.state}`) }),
        desk.canEdit && WAITING.has(entry.state) ? remove : null,
      ),
      h("p", { class: "waitlist-wants" },
        h("span", { class: "waitlist-service", text: serviceName(entry.serviceId) }),
        h("span", { class: "waitlist-stylist", text: stylist }),
        h("span", { class: "waitlist-days", text: days }),
      ),
      h("p", { class: "waitlist-contact" },
        customer.phone ? h("a", { class: "waitlist-phone", href: `tel:${customer.phone.replace(/[^\d+]/g, "")}`, text: customer.phone }) : null,
        customer.email ? h("a", { class: "waitlist-email", href: `mailto:${customer.email}`, text: customer.email }) : null,
        h("span", { class: "waitlist-language", text: t("waitlist.writesIn", { language: languageNames.of(entry.language) ?? entry.language }) }),
        h("span", { class: "waitlist-since", text: t("waitlist.since", { time: when.format(new Date(entry.createdAt)) }) }),
      ),
      entry.offers.length
        ? h("ol", { class: "waitlist-offers", "aria-label": t("waitlist.offers") }, entry.offers.map(offerItem))
        : null,
    );
  }

  function offerItem(offer) {
    const status = offer.state === "open"
      ? h("span", { class: "waitlist-offer-left", dataset: { expires: offer.expiresAt } })
      : offer.answeredAt
        ? h("span", { class: "waitlist-offer-when", text: t("waitlist.answered", { time: when.format(new Date(offer.answeredAt)) }) })
        : offer.state === "lapsed"
          ? h("span", { class: "waitlist-offer-when", text: t("waitlist.passedOn", { time: when.format(new Date(offer.expiresAt)) }) })
          : null;
    return h("li", { class: `waitlist-offer is-${offer.state}`, dataset: { offerId: String(offer.id), state: offer.state } },
      h("span", { class: "waitlist-offer-time", text: `${when.format(new Date(offer.start))} · ${staffName(offer.staffId)}` }),
      h("span", { class: `waitlist-offer-state is-${offer.state}`, text: t(`waitlist.offer.${offer.state}`) }),
      status,
      // How its email went: the customer hears of the offer from it alone.
      offer.message
        ? h("span", { class: "waitlist-offer-email", dataset: { messageState: offer.message.state }, text: t("waitlist.emailState", { state: stateWords(offer.message, t, clock) }) })
        : null,
    );
  }

  /** An open offer's hold: until when, and the minutes left, as time goes by. */
  function tick() {
    for (const span of entries.querySelectorAll(".waitlist-offer-left")) {
      const end = Date.parse(span.dataset.expires);
      const left = Math.max(0, Math.ceil((end - Date.now()) / 60_000));
      // A hold of more than half a day says its day too.
      const time = (left > 12 * 60 ? when : clock).format(new Date(end));
      span.textContent = t("waitlist.heldUntil", { time, left: minutes.format(left) });
    }
  }

  /** The form adding a customer: the service, the stylist or anyone, the days, who, and their language. */
  function openNew() {
    addButton.setAttribute("aria-expanded", "true");
    adding.hidden = false;
    const today = todayIn(zone);
    const general = h("p", { class: "free-form-error", role: "alert", id: "waitlist-new-error" });
    const refusals = fieldRefusals(general);
    const row = (field, label, control, hint) =>
      h("div", { class: "free-form-row", dataset: { field } }, h("label", { for: control.id, text: label }), control, hint, refusals.place(field, control));
    const service = h("select", { id: "waitlist-service", required: true },
      (property.services ?? []).map((s) => h("option", { value: String(s.id), text: s.name })));
    const staff = h("select", { id: "waitlist-staff" },
      h("option", { value: "", text: t("waitlist.anyone") }),
      (property.staff ?? []).map((s) => h("option", { value: String(s.id), text: s.name })));
    const from = h("input", { type: "date", id: "waitlist-from", value: today, min: today, required: true });
    // How far a wait may reach, as the server said with the list.
    const days = list?.waitlistDays ?? 0;
    const to = h("input", { type: "date", id: "waitlist-to", value: today, min: today, max: addDays(today, days), required: true });
    // The last day follows the first: never before it, at most the server's days after it.
    from.addEventListener("change", () => {
      if (!from.value) return;
      to.min = from.value;
      to.max = addDays(from.value, days);
      if (!to.value || to.value < to.min || to.value > to.max) to.value = from.value;
    });
    const name = h("input", { type: "text", id: "waitlist-name", autocomplete: "off", ...textLength("guest.name"), required: true });
    const email = h("input", { type: "email", id: "waitlist-email", autocomplete: "off", ...textLength("guest.email"), required: true });
    const phone = h("input", { type: "tel", id: "waitlist-phone", autocomplete: "off", ...textLength("guest.phone") });
    const language = h("select", { id: "waitlist-language" },
      languageChoices(i18n.locale).map(({ code, name }) => h("option", { value: code, text: name, selected: code === i18n.code })));
    const submit = h("button", { type: "submit", class: "desk-button is-primary", id: "waitlist-submit", text: t("waitlist.addSubmit") });
    const cancel = h("button", { type: "button", class: "desk-button", text: t("common.cancel"), onclick: closeNew });
    const form = h("form", {
      class: "free-form waitlist-form", novalidate: true,
      onsubmit: async (event) => {
        event.preventDefault();
        refusals.clear();
        submit.disabled = true;
        try {
          const body = waitlistBody({
            serviceId: service.value, staffId: staff.value, from: from.value, to: to.value,
            name: name.value, email: email.value, phone: phone.value, language: language.value,
          });
          await call("POST", path, { body });
          desk.toast(t("waitlist.added", { name: body.customer.name }));
          closeNew();
          await load();
        } catch (error) {
          refusals.show(error, t);
        } finally {
          submit.disabled = false;
        }
      },
    },
    row("serviceId", t("waitlist.service"), service),
    row("staffId", t("waitlist.stylist"), staff),
    row("from", t("waitlist.from"), from),
    row("to", t("waitlist.to"), to, h("span", { class: "desk-hint waitlist-to-hint", text: t("waitlist.toHint", { count: days }) })),
    row("customer.name", t("waitlist.name"), name),
    row("customer.email", t("waitlist.email"), email),
    row("customer.phone", t("waitlist.phone"), phone),
    row("language", t("waitlist.language"), language),
    general,
    h("div", { class: "desk-row" }, submit, cancel),
    );
    fill(adding, h("h2", { id: "waitlist-new-title", text: t("waitlist.new") }), form);
    service.focus();
  }

  function closeNew() {
    addButton.setAttribute("aria-expanded", "false");
    adding.hidden = true;
    fill(adding);
  }

  // Another desk's change, or a customer's answer, may move the list: read it again, once per burst.
  let timer = 0;
  function refresh() {
    clearTimeout(timer);
    timer = setTimeout(() => load().then(() => (message.textContent = ""), (error) => (message.textContent = errorText(error, t))), 300);
  }
  // The first answer opens the screen: when it cannot come, the desk says so (and retries) as for any screen.
  await load();
  const unsubscribe = desk.live.subscribe({ event: refresh, reload: refresh });
  // Offers are made by the server's own rounds: a desk coming back to the screen reads what they did meanwhile.
  const onVisible = () => document.visibilityState === "visible" && refresh();
  document.addEventListener("visibilitychange", onVisible);
  const ticking = setInterval(tick, 15_000);
  return {
    unmount() {
      unsubscribe();
      document.removeEventListener("visibilitychange", onVisible);
      clearTimeout(timer);
      clearTimeout(expiryTimer);
      clearInterval(ticking);
    },
  };
}
