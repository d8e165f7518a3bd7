// Online check-in before arrival (`#/check-in/{token}?lang=th`, the link of the pre-arrival email or
// the one the desk copies): for each adult of the stay, their name as in the passport, nationality,
// passport or ID number and date of birth; then the expected arrival time and requests. The server
// decides everything (whose link it is, whether check-in is still open, what each field takes): its
// refusals are said under the field they name (`guests[1].documentNumber`), nothing typed is lost, and
// once sent the page says the guest is checked in, the details still open to correction while the
// server says `open`. A link that is not valid, or has expired, shows the refusal instead of the form.

import { h, fill } from "../common/dom.js";
import { call, errorText, get, unreachable } from "../common/api.js";
import { countries } from "../common/i18n.js";
import { refusalText } from "../common/refusals.js";

/** What the police registration asks of each adult, in the order the form asks it. */
const GUEST_FIELDS = ["name", "nationality", "documentNumber", "birthDate"];

export async function mount(main, site, route) {
  const i18n = site.i18n;
  const { t } = i18n;
  const path = `/api/v1/public/check-in/${encodeURIComponent(route.id ?? "")}?lang=${i18n.code}`;
  const page = h("div", { class: "book-page check-in-page", id: "check-in" });
  fill(main, page);

  try {
    draw(await get(path));
  } catch (error) {
    refused(error);
  }
  return { unmount() {} };

  /** A link the server does not take (not valid, expired), or a server out of reach: said instead of the form. */
  function refused(error) {
    if (unreachable(error)) return site.sayUnreachable(page);
    fill(page,
      h("section", { class: "book-summary", "aria-labelledby": "check-in-title" },
        h("h1", { id: "check-in-title", text: t("checkIn.title") }),
        h("p", { class: "site-error", role: "alert", id: "check-in-refused", text: errorText(error, t) }),
      ),
    );
  }

  /** The booking, what the guest sent (or that check-in is closed), and the form; `sent` just after sending. */
  function draw(checkIn, { sent = false } = {}) {
    const status = statusOf(checkIn);
    const { form, firstEmpty } = formOf(checkIn);
    fill(page,
      h("section", { class: "book-summary", "aria-labelledby": "check-in-title" },
        h("h1", { id: "check-in-title", text: t("checkIn.title") }),
        h("p", { class: "book-place" }, h("strong", { text: checkIn.property }), ` · ${checkIn.roomType}`),
        h("p", { class: "book-dates", id: "check-in-dates", text: [
          `${i18n.date(checkIn.arrival)} – ${i18n.date(checkIn.departure)}`, i18n.nights(checkIn.nights),
          t("checkIn.adults", { count: checkIn.adults }),
        ].join(" · ") }),
        h("dl", { class: "manage-facts" },
          h("dt", { text: t("confirm.code") }), h("dd", { class: "manage-code", id: "confirmation-code", text: checkIn.confirmationCode }),
          checkIn.checkInTime ? [h("dt", { text: t("checkIn.hotelTime") }), h("dd", { id: "check-in-time", text: checkIn.checkInTime })] : null,
        ),
        checkIn.open && !checkIn.submittedAt ? h("p", { class: "check-in-intro", text: t("checkIn.intro") }) : null,
      ),
      status,
      form,
    );
    if (sent && status) {
      status.focus({ preventScroll: true });
      status.scrollIntoView({ block: "start", behavior: "smooth" });
    } else if (checkIn.open && !checkIn.submittedAt) {
      // The first answer missing, focused without scrolling: on a phone the guest reads whose booking this is first.
      firstEmpty?.focus({ preventScroll: true });
    }
  }

  /** That the guest is checked in online (and may still correct it), or that check-in is closed. */
  function statusOf(checkIn) {
    if (!checkIn.open) {
      return h("div", { class: "check-in-status is-closed", id: "check-in-status", role: "status", tabindex: "-1" },
        h("p", { id: "check-in-closed", text: refusalText(i18n, "checkIn.closed") }),
      );
    }
    if (!checkIn.submittedAt) return null;
    return h("div", { class: "check-in-status is-done", id: "check-in-status", role: "status", tabindex: "-1" },
      h("p", { class: "check-in-done", id: "check-in-done", text: t("checkIn.done", { date: i18n.dateLong(checkIn.arrival) }) }),
      h("p", { text: t("checkIn.correct") }),
    );
  }

  /** The form, filled with what the server keeps; read-only once check-in is closed. */
  function formOf(checkIn) {
    const controls = new Map();
    const field = (key, label, control, hint) => {
      // `guests[1].documentNumber` is the control `check-in-guest-1-documentNumber`.
      control.id = `check-in-${key.replace(/^guests\[(\d+)\]\./, "guest-$1-")}`;
      control.name = key;
      const error = h("p", { class: "site-field-error", id: `${control.id}-error` });
      control.setAttribute("aria-describedby", error.id);
      controls.set(key, { control, error });
      return h("div", { class: "site-field", dataset: { field: key } }, h("label", { for: control.id, text: label }), hint, control, error);
    };
    const choices = countries(i18n.locale);
    const guests = checkIn.guests.map((guest, index) => {
      const key = (name) => `guests[${index}].${name}`;
      const nationality = h("select", { autocomplete: index === 0 ? "country" : "off" },
        h("option", { value: "", text: t("checkIn.chooseCountry") }),
        // A code the list does not name is kept as the server has it.
        guest.nationality && !choices.some((c) => c.code === guest.nationality) ? h("option", { value: guest.nationality, text: guest.nationality }) : null,
        choices.map(({ code, name }) => h("option", { value: code, text: name })),
      );
      nationality.value = guest.nationality ?? "";
      return h("fieldset", { class: "check-in-guest", dataset: { guest: String(index) } },
        h("legend", { text: t("checkIn.adult", { number: index + 1 }) }),
        field(key("name"), t("checkIn.name"), h("input", { type: "text", value: guest.name ?? "", autocomplete: index === 0 ? "name" : "off", spellcheck: "false" })),
        field(key("nationality"), t("checkIn.nationality"), nationality),
        field(key("documentNumber"), t("checkIn.document"), h("input", {
          type: "text", value: guest.documentNumber ?? "", autocomplete: "off", autocapitalize: "characters", spellcheck: "false",
        })),
        field(key("birthDate"), t("checkIn.birthDate"), h("input", { type: "date", value: guest.birthDate ?? "", autocomplete: index === 0 ? "bday" : "off" })),
      );
    });
    const arrivalTime = h("input", { type: "time", step: 900, value: checkIn.arrivalTime ?? "" });
    const requests = h("textarea", { rows: 3, text: checkIn.requests ?? "" });
    const message = h("div", { class: "site-form-error", role: "alert", id: "check-in-error" });
    const submitText = t(checkIn.submittedAt ? "checkIn.resubmit" : "checkIn.submit");
    const submit = h("button", { type: "submit", class: "site-button is-primary", id: "check-in-submit", text: submitText });
    const form = h("form", { class: "book-form check-in-form", novalidate: true, "aria-labelledby": "check-in-details-title" },
      h("h2", { id: "check-in-details-title", text: t("checkIn.details") }),
      // Closed, the details read as sent and cannot be changed.
      h("fieldset", { class: "check-in-fields", disabled: !checkIn.open },
        guests,
        field("arrivalTime", t("book.arrivalTime"), arrivalTime, checkIn.checkInTime ? h("small", { class: "check-in-hint", text: t("checkIn.arrivalHint", { time: checkIn.checkInTime }) }) : null),
        field("requests", t("book.requests"), requests),
      ),
      message,
      checkIn.open ? submit : null,
    );

    const clear = () => {
      fill(message);
      for (const { control, error } of controls.values()) {
        error.textContent = "";
        control.removeAttribute("aria-invalid");
      }
    };
    /** Says a refusal under the field it names, or under the form. */
    const say = (error) => {
      const spot = controls.get(error.field);
      if (!spot) {
        fill(message, h("p", { text: errorText(error, t) }));
        return;
      }
      spot.error.textContent = error.message;
      spot.control.setAttribute("aria-invalid", "true");
      spot.control.focus({ preventScroll: true });
      spot.control.scrollIntoView({ block: "center" });
    };

    let sending = false;
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      if (sending || !checkIn.open) return;
      clear();
      // An empty answer is left out: the server says what is missing, in the page's language.
      const typed = (key) => controls.get(key).control.value.trim() || undefined;
      const body = {
        guests: checkIn.guests.map((_, index) =>
          Object.fromEntries(GUEST_FIELDS.map((name) => [name, typed(`guests[${index}].${name}`) ?? (name === "name" ? "" : undefined)])),
        ),
        arrivalTime: typed("arrivalTime"),
        requests: requests.value.trim(),
      };
      sending = true;
      submit.disabled = true;
      submit.textContent = t("checkIn.working");
      try {
        const { data } = await call("PUT", path, { body });
        draw(data, { sent: true });
      } catch (error) {
        sending = false;
        submit.disabled = false;
        submit.textContent = submitText;
        if (error.status === 404 || error.status === 403) refused(error);
        else if (error.reason === "checkIn.closed") {
          // Closed meanwhile (the guest arrived, or the booking was cancelled): the details as kept.
          const kept = await get(path).catch(() => null);
          if (kept) draw(kept);
          else say(error);
        } else say(error);
      }
    });
    return { form, firstEmpty: [...controls].find(([key, { control }]) => key.startsWith("guests[") && !control.value)?.[1].control };
  }
}
