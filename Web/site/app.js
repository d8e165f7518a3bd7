// The guest site: a public page where a guest picks a destination, dates and guests, narrows by
// price, sees the places on a map, opens one and books it. It routes `#/` (the search form),
// `#/search?…` (results), `#/places/{id}?…` (a place), `#/book/{id}?…` (the booking form),
// `#/bookings/{code}` (confirmation) and `#/manage` (a booking by code and email); for salons,
// `#/salons?q=` (finding one), `#/salon/{id}?services=…&staff=…&day=…` (choosing and booking a visit)
// and `#/visit/{code}` (a visit's confirmation, and managing it); `#/check-in/{token}` (a hotel guest's
// online check-in before arrival, from the link the hotel sends); `#/offer?token=…` (a time a salon's
// waitlist offers, from the link of its email). Each page is a module exporting
// `mount(main, site, route) -> { unmount(), update?(route) }`: a page with `update` follows a change of
// its own hash's parameters (a choice it put there, or Back) without being drawn again; `site` is
// what pages share: the words,
// `navigate`, and what the results list already knows about each place (the detail's first view).

import { h, fill } from "../common/dom.js";
import { LANGUAGES, loadI18n, preferredLanguage, rememberLanguage } from "../common/i18n.js";
import { get, getEarly, unreachable, wordRefusals } from "../common/api.js";
import { loadLimits } from "../common/limits.js";
import { loadRefusals, refusalText } from "../common/refusals.js";
import { queryOf } from "./search-bar.js";

// Each page's module, by the route's name (by its version, through the page's import map).
const PAGES = {
  "": import.meta.resolve("./search-page.js"),
  search: import.meta.resolve("./results-page.js"),
  places: import.meta.resolve("./place-page.js"),
  book: import.meta.resolve("./book-page.js"),
  bookings: import.meta.resolve("./manage-page.js"),
  manage: import.meta.resolve("./manage-page.js"),
  salons: import.meta.resolve("./salons-page.js"),
  salon: import.meta.resolve("./salon-page.js"),
  visit: import.meta.resolve("./visit-page.js"),
  "check-in": import.meta.resolve("./check-in-page.js"),
  offer: import.meta.resolve("./offer-page.js"),
};


// The pages whose first screen words one of the server's rules (a hotel's restriction, a cancellation
// closed): the rules' words come with them. Other pages read them once their first screen is drawn.
const WORDING_RULES = new Set(["places", "bookings", "manage", "visit", "check-in", "offer"]);

/** A route from a hash: `#/places/12?arrival=…` -> `{name: "places", id: "12", params}`. */
export function parseRoute(hash) {
  const [path, query = ""] = hash.replace(/^#\/?/, "").split("?");
  const [name = "", id] = path.split("/");
  return { name: name in PAGES ? name : "", id: id ? decodeURIComponent(id) : undefined, params: new URLSearchParams(query) };
}

class Site {
  constructor(root) {
    this.root = root;
    /** The page's words, dates and money: set by `start` once the language's words have come. */
    this.i18n = null;
    this.page = null;
    /** @type {Map<number, object>} places as the results list had them, by id */
    this.known = new Map();
    /** @type {Map<string, Promise<object>>} detail requests started by a tap, by URL */
    this.requests = new Map();
    /** @type {Map<string, object>} names of cities and regions in each language, by stored name */
    this.labels = new Map();
    /** The first day any place sells (the hotels' today, not the guest's), as the server says it. */
    this.today = null;
    /** What one online booking may hold (nights, guests, how far ahead), as the server says it. */
    this.limits = null;
    this._retries = 0;
    this._probe = 0;
  }

  async start() {
    this.regions().catch(() => {});
    loadLimits().catch(() => {});
    // The page's own module comes while the words do, not after them.
    const first = parseRoute(location.hash).name;
    if (PAGES[first]) this.preload(first);
    // A link from a message opens in the language the message was written in (`#/manage?lang=th`).
    const linked = parseRoute(location.hash).params.get("lang");
    this.i18n = await this.words(LANGUAGES.some((l) => l.code === linked) ? linked : preferredLanguage());
    // The server's refusals in the page's language, whichever it is when they arrive: their words come
    // with a page whose first screen words a rule, or once the first page is drawn, or with the first
    // refusal if it comes sooner.
    wordRefusals((reason, params) => refusalText(this.i18n, reason, params), () => this.refusals());
    this.drawShell();
    window.addEventListener("hashchange", () => this.route());
    await this.route();
    // For the tests and benchmarks: what came before this was the first screen's.
    performance.mark("frontdesk-first-screen");
    // What a first screen leaves for later: the refusals' words, and the calendar a search's dates open.
    (globalThis.requestIdleCallback ?? setTimeout)(() => {
      this.refusals().catch(() => {});
      globalThis.frontdeskEarly?.preload("/site/calendar.js");
    });
  }

  /** The refusals' words in the page's language, and English's for a rule it lacks. */
  refusals() {
    return loadRefusals(this.i18n.code, this._retries ? `?retry=${this._retries}` : "");
  }

  /**
   * The site's words in `code`, and English's for a key it lacks: only these languages' modules are
   * fetched, under a new address after a failed fetch (as a page's are).
   */
  words(code) {
    const retry = this._retries ? `?retry=${this._retries}` : "";
    return loadI18n(code, (language) => import(`./messages/${language}.js${retry}`));
  }

  /** The suggestions for a blank query (the destinations most sold), asked for once. */
  regions() {
    this._regions ??= get("/api/v1/public/regions?q=").then((answer) => {
      this.today = answer.today;
      this.limits = answer.limits;
      return answer;
    });
    this._regions.catch(() => (this._regions = null));
    return this._regions;
  }

  /** Fetches a page's module ahead of the tap that opens it, so that the tap draws at once. */
  preload(name) {
    this.module(name).catch(() => {});
    if (WORDING_RULES.has(name) && this.i18n) this.refusals().catch(() => {});
  }

  /**
   * A page's module, with every module it imports asked for at once; under a new address after a failed
   * fetch (`reload`: a failed import is remembered by its address until the page reloads).
   */
  module(name) {
    return globalThis.frontdeskEarly.load(PAGES[name], this._retries);
  }

  /**
   * Says in `target` that the server cannot be reached, with a button to try again; the page opens
   * again by itself once the server answers.
   */
  sayUnreachable(target) {
    const { t } = this.i18n;
    fill(target, h("div", { class: "site-offline", role: "alert", id: "site-offline" },
      h("p", { text: t("error.network") }),
      h("button", { type: "button", class: "site-button", id: "site-retry", text: t("common.retry"), onclick: () => this.reload() }),
    ));
    if (this._probe) return;
    const route = this._route;
    this._probe = setInterval(async () => {
      try {
        if (!(await fetch("/healthz", { cache: "no-store" })).ok) return;
      } catch {
        return;
      }
      clearInterval(this._probe);
      this._probe = 0;
      if (this._route === route) this.reload();
    }, 2000);
  }

  /** Opens the page again, its module fetched anew if it failed before. */
  reload() {
    clearInterval(this._probe);
    this._probe = 0;
    this._retries++;
    this._route = null;
    this._pageOf = null;
    this.route();
  }

  drawShell() {
    const { t, code } = this.i18n;
    document.documentElement.lang = code;
    document.title = t("site.name");
    const language = h(
      "select",
      {
        id: "site-language", "aria-label": t("site.language"),
        onchange: (event) => this.useLanguage(event.target.value),
      },
      LANGUAGES.map((l) => h("option", { value: l.code, text: l.name, selected: l.code === code })),
    );
    this.main = h("main", { id: "site-main", tabindex: "-1" });
    fill(
      this.root,
      h(
        "header",
        { class: "site-bar" },
        h("a", { class: "site-brand", href: "#/", text: t("site.name") }),
        h("nav", { class: "site-nav", "aria-label": t("site.home") },
          h("a", { href: "#/manage", text: t("site.manage") }),
          // On a phone the select shows as the language's code; its list still names each language.
          h("label", { class: "site-language" }, h("span", { class: "site-language-code", "aria-hidden": "true", text: code.toUpperCase() }), language),
        ),
      ),
      this.main,
      h("footer", { class: "site-footer" },
        h("a", { href: "/desk/", text: t("site.staff") }),
      ),
    );
    this.root.removeAttribute("aria-busy");
  }

  /** Speaks `code` from now on; the page is drawn again once its words have come. */
  async useLanguage(code) {
    this.main.setAttribute("aria-busy", "true");
    try {
      this.i18n = await this.words(code);
    } catch (error) {
      // Away from the server: the page keeps its language, and says why.
      console.error(error);
      document.getElementById("site-language").value = this.i18n.code;
      this.sayUnreachable(this.main);
      this.main.removeAttribute("aria-busy");
      return;
    }
    rememberLanguage(code);
    this.drawShell();
    this._route = null;
    this._pageOf = null;
    this.route();
  }

  navigate(hash) {
    if (location.hash === hash) this.route();
    else location.hash = hash;
  }

  /** Keeps the names of cities and regions in every language, as an answer's `labels` give them. */
  learn(labels = {}) {
    for (const [name, label] of Object.entries(labels)) this.labels.set(name, label);
  }

  /** A city's or region's name in the page's language, as stored when the server gave none. */
  placeName(name) {
    return this.labels.get(name)?.[this.i18n.code] ?? name;
  }

  /**
   * What a guest typed for a city or region, in the page's language when it is one of the names
   * learnt in any language ("Chiang Mai" on a Thai page reads เชียงใหม่); otherwise as typed.
   */
  typedPlace(typed) {
    const wanted = typed.trim().toLowerCase();
    for (const [name, label] of this.labels) {
      if ([name, ...Object.values(label)].some((form) => form.toLowerCase() === wanted)) return this.placeName(name);
    }
    return typed;
  }

  /** Remembers places as a list shows them, so that opening one draws it at once. */
  remember(places) {
    for (const place of places) this.known.set(place.property.id, place);
  }

  /**
   * A place's detail, requested once: a tap on a result starts it as the navigation starts, and the
   * detail page picks up the same request.
   */
  placeDetail(id, params) {
    const query = new URLSearchParams();
    for (const key of ["arrival", "departure", "adults", "children", "rooms"]) if (params.get(key)) query.set(key, params.get(key));
    // The place's own texts (summary, amenities, room types, taxes) as its manager worded them.
    query.set("lang", this.i18n.code);
    const url = `/api/v1/public/properties/${id}?${queryOf(query)}`;
    if (!this.requests.has(url)) {
      // The page's own first read, if it started one (site/early.js).
      const request = getEarly(url);
      request.catch(() => this.requests.delete(url));
      this.requests.set(url, request);
      // Kept for a minute: long enough for the page to take it, short enough for prices to stay fresh.
      setTimeout(() => this.requests.delete(url), 60_000);
    }
    return this.requests.get(url);
  }

  /** Drops what is kept of a place's answers: a booking refused for it says they are out of date. */
  forgetPlace(id) {
    for (const url of this.requests.keys()) if (url.startsWith(`/api/v1/public/properties/${id}?`)) this.requests.delete(url);
  }

  async route() {
    const hash = location.hash || "#/";
    if (hash === this._route) return;
    this._route = hash;
    clearInterval(this._probe);
    this._probe = 0;
    const route = parseRoute(hash);
    const pageOf = `${route.name}/${route.id ?? ""}`;
    if (this.page?.update && this._pageOf === pageOf) {
      this.page.update(route);
      return;
    }
    this._pageOf = pageOf;
    this.page?.unmount?.();
    this.page = null;
    document.documentElement.dataset.page = route.name || "home";
    this.main.setAttribute("aria-busy", "true");
    try {
      // No page draws before the server has said which day it is, what a booking may hold and what
      // each field takes.
      const [module] = await Promise.all([
        this.module(route.name), this.regions(), loadLimits(),
        // Without them (the server away), a rule reads in the server's words.
        WORDING_RULES.has(route.name) ? this.refusals().catch(() => null) : null,
      ]);
      if (this._route !== hash) return;
      this.page = await module.mount(this.main, this, route);
    } catch (error) {
      console.error(error);
      if (unreachable(error)) this.sayUnreachable(this.main);
      else fill(this.main, h("p", { class: "site-error", role: "alert", text: error.message }));
    } finally {
      if (this._route === hash) this.main.removeAttribute("aria-busy");
    }
  }
}

const root = globalThis.document?.getElementById("site");
if (root) {
  new Site(root).start().catch((error) => {
    console.error(error);
    root.textContent = error.message;
  });
}
