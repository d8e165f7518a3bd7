// A time offered from a salon's waitlist (`#/offer?token=…&lang=ja`, the link of the offer's email): the
// salon, the service, the stylist and the time on the salon's clock, its price, the fees its terms charge,
// and until when the time is held for the customer, counting down. "Book this time" books it as the
// booking page books a visit (the cancellation terms accepted first when they charge anything); "No
// thanks" passes it to the next customer waiting, the customer staying on the list. An offer answered,
// lapsed or withdrawn says so in words; a link the server does not know is not valid.

import { h, fill } from "../common/dom.js";
import { call, errorText, get, unreachable } from "../common/api.js";
import { refusalText } from "../common/refusals.js";
import { durationText, salonClock } from "./salon-page.js";
import { noticeText } from "./salon-terms.js";
import { payPart } from "./manage-page.js";
import { visitFeeSentences } from "./visit-page.js";

/** Whether an offer's terms charge anything (`VisitFees`): then the customer accepts them to book. */
export function feesCharged(fees) {
  return [fees?.lateCancellation, fees?.noShow, fees?.cancellingNow].some((money) => money?.amount > 0);
}

/** Seconds left as a clock counts them down: "4:05", or "1:04:05" from an hour. */
export function timeLeft(seconds) {
  const pad = (n) => String(n).padStart(2, "0");
  const [hours, minutes] = [Math.floor(seconds / 3600), Math.floor((seconds % 3600) / 60)];
  return hours ? `${hours}:${pad(minutes)}:${pad(seconds % 60)}` : `${minutes}:${pad(seconds % 60)}`;
}

/** What an offer no longer open says, by its state. */
const CLOSED = { accepted: "offer.accepted", declined: "offer.declined", lapsed: "offer.lapsed", withdrawn: "offer.withdrawn" };

export async function mount(main, site, route) {
  const i18n = site.i18n;
  const { t } = i18n;
  const token = route.id ?? route.params.get("token") ?? "";
  const path = `/api/v1/public/waitlist-offers/${encodeURIComponent(token)}`;
  const page = h("div", { class: "book-page offer-page", id: "offer", dataset: { state: "loading" } }, h("p", { text: t("common.loading") }));
  fill(main, page);
  let countdown = 0;
  let reread = 0;
  // Terms that charge nothing need no tick; should the server still ask for one, the box is shown.
  let askTerms = false;
  /** How often the offer was read again after its hold ended, waiting for the server to pass it on. */
  let rereads = 0;

  await read();
  return {
    unmount() {
      clearInterval(countdown);
      clearTimeout(reread);
    },
  };

  /** The offer as the server has it now. */
  async function read() {
    if (!token) return notValid();
    try {
      draw(await get(`${path}?lang=${i18n.code}`));
    } catch (error) {
      refused(error);
    }
  }

  function refused(error) {
    clearInterval(countdown);
    if (unreachable(error)) return site.sayUnreachable(page);
    if (error.status === 404) return notValid();
    page.dataset.state = "error";
    fill(page, h("p", { class: "site-error", role: "alert", id: "offer-refused", text: errorText(error, t) }));
  }

  function notValid() {
    clearInterval(countdown);
    page.dataset.state = "invalid";
    fill(page,
      h("section", { class: "book-summary", "aria-labelledby": "offer-title" },
        h("h1", { id: "offer-title", text: t("offer.linkTitle") }),
        h("p", { class: "site-error", role: "alert", id: "offer-refused", text: t("offer.notFound") }),
      ),
    );
  }

  function draw(offer) {
    clearInterval(countdown);
    clearTimeout(reread);
    const clock = salonClock(i18n.locale, offer.salon.timeZone);
    const open = offer.state === "open";
    const end = Date.parse(offer.start) + offer.durationMinutes * 60_000;
    const where = [offer.salon.city, offer.salon.region].filter(Boolean).join(", ");
    document.title = `${offer.salon.name} · ${t("site.name")}`;
    page.dataset.state = offer.state;
    fill(page,
      h("section", { class: "book-summary offer-summary", "aria-labelledby": "offer-title" },
        h("h1", { id: "offer-title", text: t(open ? "offer.title" : offer.state === "accepted" ? "confirm.title" : "offer.closedTitle") }),
        open ? h("p", { class: "offer-intro", text: t("offer.intro", { name: offer.customerName }) }) : null,
        h("p", { class: "book-place" }, h("strong", { id: "offer-salon", text: offer.salon.name }), where ? ` · ${where}` : ""),
        h("dl", { class: "manage-facts offer-facts" },
          h("dt", { text: t("offer.service") }), h("dd", { id: "offer-service", text: offer.serviceName }),
          offer.staffName ? [h("dt", { text: t("visit.stylist") }), h("dd", { id: "offer-stylist", text: offer.staffName })] : null,
          h("dt", { text: t("visit.when") }), h("dd", { id: "offer-day", text: clock.date(offer.start) }),
          h("dt", { text: t("offer.time") }),
          h("dd", { id: "offer-time", text: `${clock.time(offer.start)}–${clock.time(end)} · ${durationText(i18n.locale, offer.durationMinutes)}` }),
          h("dt", { text: t("offer.price") }), h("dd", { id: "offer-price", text: i18n.money(offer.price) }),
        ),
      ),
      open ? answerForm(offer, clock) : closed(offer, clock),
    );
  }

  /** The time held, counting down; the fees; and the two answers. */
  function answerForm(offer, clock) {
    const left = h("p", { class: "offer-hold", id: "offer-hold", role: "timer" });
    const terms = askTerms || feesCharged(offer.fees);
    const accept = h("input", { type: "checkbox", id: "offer-accept", name: "acceptTerms", "aria-describedby": "offer-fees offer-acceptTerms-error" });
    const acceptError = h("p", { class: "site-field-error", id: "offer-acceptTerms-error" });
    const message = h("div", { class: "site-form-error", role: "alert", id: "offer-error" });
    const book = h("button", { type: "submit", class: "site-button is-primary", id: "offer-book", text: t("offer.book") });
    const decline = h("button", { type: "button", class: "site-button", id: "offer-decline", text: t("offer.decline") });
    const form = h("form", { class: "book-form offer-form", novalidate: true, "aria-labelledby": "offer-title" },
      left,
      h("div", { class: "book-terms salon-fees", id: "offer-fees" },
        h("h2", { text: t(offer.deposit ? "salon.depositAndFees" : "salon.fees") }),
        // The deposit the service asks, and until when the visit may be cancelled online, as the booking page says them.
        offer.deposit ? h("p", { id: "offer-deposit", text: t("salon.deposit", { amount: i18n.money(offer.deposit) }) }) : null,
        h("ul", {}, visitFeeSentences(i18n, offer.fees, clock).map((text) => h("li", { text }))),
        h("p", { id: "offer-terms", text: t("salon.terms", { notice: noticeText(i18n.locale, offer.cancelNoticeMinutes) }) }),
      ),
      terms
        ? h("div", { class: "salon-accept", dataset: { field: "acceptTerms" } },
          h("label", { class: "salon-accept-label" }, accept, h("span", { text: t("salon.accept") })), acceptError)
        : null,
      message,
      h("div", { class: "offer-actions" }, book, decline),
    );

    let expired = false;
    // A hold of more than half a day says its day too.
    const until = Date.parse(offer.expiresAt) - Date.now() > 12 * 3_600_000 ? clock.dateTime(offer.expiresAt) : clock.time(offer.expiresAt);
    const tick = () => {
      const seconds = Math.max(0, Math.round((Date.parse(offer.expiresAt) - Date.now()) / 1000));
      left.textContent = seconds > 0
        ? t("salon.heldUntil", { time: until, left: timeLeft(seconds) })
        : t("offer.holdOver");
      if (seconds || expired) return;
      // The hold is over: the server passes the time on at its next round; the page reads what became of it
      // (a few times, then the answers stand and the server decides).
      expired = true;
      clearInterval(countdown);
      if (rereads++ < 3) reread = setTimeout(() => read(), 5000);
    };
    tick();
    countdown = setInterval(tick, 1000);

    const busy = (working) => {
      book.disabled = decline.disabled = working;
      book.textContent = t(working ? "book.working" : "offer.book");
    };
    /** A refusal: the offer closed meanwhile reads the offer again, the terms go under their box. */
    const say = (error) => {
      if (error.status === 404) return notValid();
      // Closed meanwhile (lapsed, or the salon took them off the list): the offer as it stands says how;
      // the refusal is said only should the server still show it open.
      if (error.status === 409 || error.reason === "waitlist.offerClosed") {
        return read().then(() => page.dataset.state === "open" && fill(page.querySelector("#offer-error"), h("p", { text: error.message })));
      }
      if (error.field === "acceptTerms") {
        if (!terms) {
          askTerms = true;
          draw(offer);
        }
        const box = page.querySelector("#offer-accept");
        page.querySelector("#offer-acceptTerms-error").textContent = error.message;
        box.setAttribute("aria-invalid", "true");
        box.focus();
        return;
      }
      fill(message, h("p", { text: errorText(error, t) }));
    };

    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      if (book.disabled) return;
      fill(message);
      acceptError.textContent = "";
      accept.removeAttribute("aria-invalid");
      if (terms && !accept.checked) {
        return say({ field: "acceptTerms", message: refusalText(i18n, "visit.terms") });
      }
      busy(true);
      try {
        const { data } = await call("POST", `${path}/accept?lang=${i18n.code}`, { body: { acceptTerms: true } });
        booked(data);
      } catch (error) {
        busy(false);
        if (unreachable(error)) fill(message, h("p", { text: errorText(error, t) }));
        else say(error);
      }
    });
    decline.addEventListener("click", async () => {
      if (!window.confirm(t("offer.declineConfirm"))) return;
      fill(message);
      busy(true);
      try {
        const { data } = await call("POST", `${path}/decline?lang=${i18n.code}`);
        draw(data);
      } catch (error) {
        busy(false);
        if (unreachable(error)) fill(message, h("p", { text: errorText(error, t) }));
        else say(error);
      }
    });
    return form;
  }

  /** An offer answered, lapsed or withdrawn: what became of it, and where to go from here. */
  function closed(offer, clock) {
    const manage = offer.visitCode ? `#/visit?${new URLSearchParams({ code: offer.visitCode })}` : null;
    return h("div", { class: `offer-status is-${offer.state}`, id: "offer-status", role: "status" },
      h("p", { id: "offer-closed", text: t(CLOSED[offer.state] ?? "offer.closedTitle", { time: clock.dateTime(offer.expiresAt) }) }),
      offer.visitCode
        ? h("dl", { class: "manage-facts" }, h("dt", { text: t("confirm.code") }), h("dd", { class: "manage-code", id: "confirmation-code", text: offer.visitCode }))
        : null,
      manage
        ? h("a", { class: "site-button", id: "offer-manage", href: manage, text: t("visit.manage") })
        : h("a", { class: "site-button", id: "offer-salon-link", href: `#/salon/${offer.salon.id}?services=${offer.serviceId}`, text: t("offer.otherTimes") }),
    );
  }

  /** Booked: the visit's code (with their email it opens the visit) and what was booked. */
  function booked(visit) {
    clearInterval(countdown);
    clearTimeout(reread);
    const clock = salonClock(i18n.locale, visit.salon.timeZone);
    const toPay = visit.deposit?.asked?.amount > 0 && !(visit.deposit.paid?.amount > 0) ? visit.deposit.asked : null;
    page.dataset.state = "booked";
    fill(page,
      h("section", { class: "book-summary offer-booked", id: "offer-booked", "aria-labelledby": "offer-title", tabindex: "-1" },
        h("h1", { id: "offer-title", text: t("confirm.title") }),
        h("p", { class: "book-place" }, h("strong", { text: visit.salon.name })),
        h("dl", { class: "manage-facts" },
          h("dt", { text: t("confirm.code") }), h("dd", { class: "manage-code", id: "confirmation-code", text: visit.code }),
          h("dt", { text: t("offer.service") }), h("dd", { text: visit.services.map((s) => s.name).join(", ") }),
          visit.staff ? [h("dt", { text: t("visit.stylist") }), h("dd", { text: visit.staff.name })] : null,
          h("dt", { text: t("visit.when") }), h("dd", { text: clock.date(visit.start) }),
          h("dt", { text: t("offer.time") }), h("dd", { text: clock.time(visit.start) }),
          h("dt", { text: t("price.total") }), h("dd", { text: i18n.money(visit.total) }),
          toPay ? [h("dt", { text: t("visit.deposit") }), h("dd", { text: t("visit.depositToPay", { amount: i18n.money(toPay) }) })] : null,
        ),
        visit.payCode ? payPart(i18n, visit.payCode) : null,
        h("p", { class: "manage-keep", id: "offer-sent", text: t("offer.bookedEmail") }),
        h("a", { class: "site-button", id: "offer-manage", href: `#/visit?${new URLSearchParams({ code: visit.code })}`, text: t("visit.manage") }),
      ),
    );
    page.querySelector("#offer-booked").focus({ preventScroll: true });
    window.scrollTo({ top: 0 });
  }
}
