// A salon visit by its code and email: its confirmation right after booking (`#/visit/{code}`), and
// managing it (`#/visit`): the services with their times on the salon's clock, the stylist, the total,
// the deposit asked at booking (予約金) and whether the salon has it, the fees its terms charge for not
// keeping it (`fees`, as the server works them out) and what becomes of a deposit paid, and cancelling
// while the server allows it (`cancellation.allowed`), the fee it costs now asked about first; its
// refusal after the notice is worded. A wrong email and an unknown code get the same answer.

import { h, fill } from "../common/dom.js";
import { call, errorText, get } from "../common/api.js";
import { refusalText } from "../common/refusals.js";
import { payPart, readKept } from "./manage-page.js";
import { durationText, salonClock } from "./salon-page.js";
import { VISIT_KEY } from "./salon-visit-form.js";

/**
 * A visit's fees (`VisitFees`) as sentences: what cancelling costs now, or from when it costs what (the
 * most it comes to when `several` services each turn late at their own time), and what not coming costs.
 * Shared with the waitlist's offer (offer-page.js), which books a visit on the same terms.
 */
export function visitFeeSentences(i18n, fees, clock, { several = false } = {}) {
  const { t } = i18n;
  const { lateFrom, lateCancellation, noShow, cancellingNow } = fees;
  const sentences = [];
  if (!lateCancellation?.amount) sentences.push(t("salon.feesFree"));
  else if (cancellingNow?.amount > 0) {
    sentences.push(cancellingNow.amount < lateCancellation.amount
      ? t("visit.feeNowRising", { fee: i18n.money(cancellingNow), most: i18n.money(lateCancellation) })
      : t("visit.feeNow", { fee: i18n.money(cancellingNow) }));
  } else {
    sentences.push(t(several ? "visit.feeFromUpTo" : "visit.feeFrom", { time: clock.dateTime(lateFrom), fee: i18n.money(lateCancellation) }));
  }
  if (noShow?.amount > 0) sentences.push(t("visit.feeNoShow", { fee: i18n.money(noShow) }));
  return sentences;
}

export async function mount(main, site, route) {
  const i18n = site.i18n;
  const { t } = i18n;
  const kept = readKept(VISIT_KEY);
  const code = route.id ?? route.params.get("code") ?? "";
  const justBooked = Boolean(route.id && kept?.booked && kept.code === code);
  const codeInput = h("input", { id: "visit-code", type: "text", value: code, autocomplete: "off", required: true, spellcheck: false });
  const emailInput = h("input", { id: "visit-email", type: "email", autocomplete: "email", required: true, value: kept?.code === code ? kept.email : route.params.get("email") ?? "" });
  const message = h("p", { class: "site-form-error", role: "alert", id: "visit-error" });
  const result = h("div", { class: "manage-booking", id: "visit-result", "aria-live": "polite" });
  const form = h("form", { class: "manage-form", "aria-labelledby": "visit-title" },
    h("div", { class: "site-field" }, h("label", { for: "visit-code", text: t("manage.code") }), codeInput),
    h("div", { class: "site-field" }, h("label", { for: "visit-email", text: t("manage.email") }), emailInput),
    message,
    h("button", { type: "submit", class: "site-button is-primary", id: "visit-find", text: t("manage.find") }),
  );
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    find(codeInput.value.trim(), emailInput.value.trim());
  });
  fill(main, h("div", { class: "manage-page visit-page" },
    h("h1", { id: "visit-title", text: t(justBooked ? "confirm.title" : "visit.manageTitle") }),
    result,
    justBooked ? null : form,
  ));

  const read = (code, email) => get(`/api/v1/public/visits/${encodeURIComponent(code)}?${new URLSearchParams({ email, lang: i18n.code })}`);

  async function find(code, email) {
    message.textContent = "";
    try {
      const visit = await read(code, email);
      sessionStorage.setItem(VISIT_KEY, JSON.stringify({ code, email, booked: justBooked }));
      show(visit, email);
    } catch (error) {
      fill(result);
      message.textContent = error.status === 404 ? t("visit.notFound") : errorText(error, t);
    }
  }

  function show(visit, email) {
    const clock = salonClock(i18n.locale, visit.salon.timeZone);
    const cancellation = visit.cancellation ?? {};
    const cancelMessage = h("p", { class: "site-form-error", role: "alert", id: "visit-cancel-error" });
    const cancel = h("button", {
      type: "button", class: "site-button is-danger", id: "visit-cancel", text: t("visit.cancel"),
      onclick: async () => {
        cancel.disabled = true;
        // What cancelling costs is asked afresh: the page may have stayed open into the late window.
        const current = await read(visit.code, email).catch(() => visit);
        if (current.state !== visit.state || current.cancellation?.allowed !== cancellation.allowed) {
          show(current, email);
          return;
        }
        const fee = current.fees?.cancellingNow;
        const question = [
          fee?.amount > 0 ? t("visit.cancelConfirmFee", { fee: i18n.money(fee) }) : t("visit.cancelConfirm"),
          depositOnCancelling(current),
        ].filter(Boolean).join(" ");
        if (!window.confirm(question)) {
          cancel.disabled = false;
          return;
        }
        try {
          const { data } = await call("POST", `/api/v1/public/visits/${encodeURIComponent(visit.code)}/cancel?lang=${i18n.code}`, { body: { email } });
          show(data, email);
          result.querySelector(".manage-state")?.append(" ", h("span", { text: t("visit.cancelled") }));
        } catch (error) {
          cancel.disabled = false;
          cancelMessage.textContent = errorText(error, t);
        }
      },
    });
    // The server says why a booked visit can no longer be cancelled in English words only (`reason`
    // is its message, without params): the salon's notice is the time from `until` to the visit.
    const notice = Math.round((Date.parse(visit.start) - Date.parse(cancellation.until)) / 60_000);
    const terms = cancellation.allowed
      ? t("visit.cancelUntil", { time: clock.dateTime(cancellation.until) })
      : visit.state === "booked" && Number.isFinite(notice)
        ? refusalText(i18n, "visit.cancelClosed", { minutes: String(notice) })
        : "";
    const several = visit.services.length > 1;
    const fees = visit.state === "booked" && visit.fees
      ? [...visitFeeSentences(i18n, visit.fees, clock, { several }), depositOnCancelling(visit)].filter(Boolean)
      : [];
    const deposit = visit.deposit;
    const depositPaid = deposit?.paid?.amount > 0;
    const end = (service) => new Date(Date.parse(service.start) + service.durationMinutes * 60_000);
    fill(result,
      h("dl", { class: "manage-facts" },
        h("dt", { text: t("confirm.code") }), h("dd", { class: "manage-code", id: "confirmation-code", text: visit.code }),
        h("dt", { text: t("manage.state") }), h("dd", { class: "manage-state", id: "visit-state", dataset: { state: visit.state }, text: t(`state.${visit.state}`) }),
        h("dt", { text: t("book.name") }), h("dd", { text: visit.customerName }),
        h("dt", { text: t("visit.when") }), h("dd", { id: "visit-day", text: clock.date(visit.start) }),
        h("dt", { text: t("visit.stylist") }), h("dd", { id: "visit-stylist", text: visit.staff.name }),
        deposit && (depositPaid || deposit.asked?.amount > 0)
          ? [
              h("dt", { text: t("visit.deposit") }),
              h("dd", {
                id: "visit-deposit", dataset: { paid: String(depositPaid) },
                text: depositPaid ? t("visit.depositPaid", { amount: i18n.money(deposit.paid) }) : t("visit.depositToPay", { amount: i18n.money(deposit.asked) }),
              }),
            ]
          : null,
      ),
      h("p", { class: "book-place" }, h("strong", { text: visit.salon.name })),
      h("ol", { class: "visit-services", id: "visit-services" }, visit.services.map((service) =>
        h("li", { dataset: { serviceId: String(service.serviceId) } },
          h("span", { class: "visit-service-time", text: `${clock.time(service.start)}–${clock.time(end(service))}` }),
          h("strong", { text: service.name }),
          h("span", { class: "visit-service-facts", text: `${durationText(i18n.locale, service.durationMinutes)} · ${i18n.money(service.price)}` }),
        ),
      )),
      h("p", { class: "salon-total", id: "visit-total", text: `${t("price.total")}: ${i18n.money(visit.total)}` }),
      visit.payCode ? payPart(i18n, visit.payCode) : null,
      justBooked ? h("p", { class: "manage-keep", text: t("visit.keep") }) : null,
      justBooked ? h("a", { class: "site-button", id: "visit-manage", href: `#/visit?${new URLSearchParams({ code: visit.code })}`, text: t("visit.manage") }) : null,
      fees.length ? h("ul", { class: "manage-terms visit-fees", id: "visit-fees", "aria-label": t("salon.fees") }, fees.map((text) => h("li", { text }))) : null,
      terms ? h("p", { class: "manage-terms", id: "visit-terms", text: terms }) : null,
      cancellation.allowed && visit.state === "booked" ? cancel : null,
      cancelMessage,
    );
  }

  /**
   * What cancelling now does to a deposit paid: kept towards what it costs, or refunded when it costs
   * nothing (the server's `cancellingNow` counts the deposit kept). Null without a deposit paid.
   */
  function depositOnCancelling(visit) {
    const paid = visit.deposit?.paid;
    if (!(paid?.amount > 0) || visit.state !== "booked") return null;
    const amount = i18n.money(paid);
    return visit.fees?.cancellingNow?.amount > 0 ? t("visit.depositKept", { amount }) : t("visit.depositRefunded", { amount });
  }

  if (code && emailInput.value) await find(code, emailInput.value);
  else (code ? emailInput : codeInput).focus();
  return { unmount() {} };
}
