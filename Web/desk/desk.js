// The front desk for someone signed in (app.js opens it once the session is known): keeps the chosen
// property and language, draws the top bar and routes `#/today`, `#/board`, `#/stays/{id}`, `#/documents/{id}`, `#/housekeeping`, `#/dashboard`,
// `#/rates`, `#/settings`, `#/staff`, `#/reports`, `#/bank` (bank statements), `#/audit` (the night audit, a salon's day close),
// and a salon's `#/appointments/{id}`, `#/checkout?appointments={id,…}` (お会計), `#/sales/{id}` (its
// receipt), `#/customers`, `#/customers/{id}`, `#/waitlist` and `#/salon-setup` to their screens. Each
// screen is a module exporting `mount(main, desk) -> { unmount() }`; `desk` is what screens share: the
// words, the property, the signed-in member of staff, the live event stream, `navigate` and `toast`.

import { call, get, getEarly, onSessionLost, OtherProperty, unreachable, wordRefusals } from "./api.js";
import { loadRefusals, refusalText } from "../common/refusals.js";
import { networkIndicator, Outbox } from "./outbox.js";
import { h, fill, svg } from "../common/dom.js";
import { LANGUAGES, loadI18n, rememberLanguage } from "../common/i18n.js";
import { loadLimits } from "../common/limits.js";
import { LiveStream } from "./live.js";
import { showLogin } from "./login.js";
import { routes as today } from "./today/routes.js";
import { routes as board } from "./board/routes.js";
import { routes as stays } from "./stays/routes.js";
import { routes as housekeeping } from "./housekeeping/routes.js";
import { routes as folio } from "./folio/routes.js";
import { routes as reports } from "./reports/routes.js";
import { routes as settings } from "./settings/routes.js";
import { routes as appointments } from "./salon/appointments/routes.js";
import { routes as checkout } from "./salon/checkout/routes.js";
import { routes as customers } from "./salon/customers/routes.js";
import { routes as waitlist } from "./salon/waitlist/routes.js";
import { routes as salonSetup } from "./salon/setup/routes.js";

const PROPERTY_KEY = "frontdesk.property";

// The screens a salon has no use for: opening one there goes to the board.
const HOTEL_ONLY = new Set(["today", "housekeeping", "dashboard", "rates", "settings", "companies", "company-invoices", "groups"]);
// And those a hotel has no use for.
const SALON_ONLY = new Set(["customers", "waitlist", "salon-setup", "checkout", "sales"]);
// The events of a change to a salon's set-up, after which the desk reads its property again.
const SET_UP_EVENTS = ["salon.", "staff_member.", "service."];

// The screens' modules by route, as each feature's folder names its own in its routes.js (by their versions,
// through the page's import map).
const SCREENS = {
  ...today, ...board, ...stays, ...housekeeping, ...folio, ...reports, ...settings,
  ...appointments, ...checkout, ...customers, ...waitlist, ...salonSetup,
};

/** The module of the screen `name` (common/early.js), after `retries` failed fetches. */
function loadScreen(name, retries = 0) {
  return globalThis.frontdeskEarly.load(SCREENS[name], retries);
}

/**
 * The screens' stylesheets (index.html's `data-screens`, which the sign-in does not ask for) asked for, each
 * in its place among the page's, and applied once each has come (or failed to: a screen away from the server
 * says so in the desk's own styles).
 */
function screenStyles() {
  return Promise.all([...document.querySelectorAll("link[data-screens]")].map((link) => {
    if (link.sheet) return null;
    const come = new Promise((resolve) => {
      link.addEventListener("load", resolve, { once: true });
      link.addEventListener("error", resolve, { once: true });
    });
    if (!link.getAttribute("href")) link.setAttribute("href", link.dataset.href);
    return come;
  }));
}

/** What the bar shows of a property: drawn again only when this changes. */
function barOf(property) {
  return JSON.stringify([property.id, property.kind, property.readsMoney === true, property.may ?? []]);
}

export class Desk {
  /** The desk drawn in `root`, speaking as `i18n` (the words app.js read with the session). */
  constructor(root, i18n) {
    this.root = root;
    /** The desk's words, dates and money. */
    this.i18n = i18n;
    this.user = null;
    this.properties = [];
    this.property = null;
    this.live = null;
    this.screen = null;
    this._route = "";
    this._toastTimer = 0;
    this._retries = 0;
    this.outbox = new Outbox();
    /**
     * What waits for the first screen to be drawn: a mark for the tests and benchmarks (what came before it
     * was the first screen's), then asking whether the server is there (outbox.js).
     */
    this._afterFirstScreen = [() => performance.mark("frontdesk-first-screen"), () => this.outbox.probe()];
    this.outbox.addEventListener("online", () => {
      // A screen that could not open while the server was away opens now.
      if (document.documentElement.dataset.ready === "error") this.route(true);
    });
    // The screens' styles, the fields' bounds and the screen the address names (its module run, ready to
    // mount) come with the desk's modules, before the first screen asks for them.
    this._styles = screenStyles();
    loadLimits().catch(() => {});
    const named = location.hash.replace(/^#\/?/, "").split(/[/?]/)[0];
    if (SCREENS[named]) loadScreen(named).catch(() => {});
    window.addEventListener("hashchange", () => this.route());
    onSessionLost(() => {
      if (this.user) this.signedOut(this.i18n.t("error.session"));
    });
    // The server's refusals in the desk's language, whichever it is when they arrive; a refusal that comes
    // before the words waits for them.
    wordRefusals((reason, params) => refusalText(this.i18n, reason, params), () => this.refusals());
  }

  /** The refusals' words in the desk's language, read once (again after a failed read). */
  refusals() {
    return loadRefusals(this.i18n.code, this._retries ? `?retry=${this._retries}` : "");
  }

  /**
   * The app's files and last answers for a network drop, and the manifest that installs the desk on a home
   * screen. Registered once a screen is drawn, so that the worker's copy of every file does not compete with
   * that screen's.
   */
  workOffline() {
    if (this._offline) return;
    this._offline = true;
    const manifest = document.querySelector('link[rel="manifest"]:not([href])');
    manifest?.setAttribute("href", manifest.dataset.href);
    (globalThis.requestIdleCallback ?? setTimeout)(() =>
      navigator.serviceWorker?.register("sw.js").catch((error) => console.warn("no offline cache:", error)));
  }

  signedOut(message) {
    this.user = null;
    this.live?.close();
    this.live = null;
    this.screen?.unmount?.();
    this.screen = null;
    this.root.removeAttribute("aria-busy");
    showLogin(this.root, this, message);
    document.documentElement.dataset.screen = "login";
  }

  /**
   * Opens the desk for `user`, on the property last used when it is still theirs. `properties`, when
   * given, are theirs as the sign-in answered; else they are read (taking the read early.js started with
   * the page for someone who has used a property here, as the property's own).
   */
  async signedIn(user, properties = null) {
    this.user = user;
    this.primeOfflineCache(properties !== null);
    // The refusals' words come after the first screen (one refused before waits for them).
    this._afterFirstScreen.push(() => this.refusals().catch(() => {}));
    this.properties = properties ?? (await getEarly("/api/v1/properties")).properties;
    const stored = Number(localStorage.getItem(PROPERTY_KEY));
    const chosen =
      this.properties.find((p) => p.id === stored) ?? this.properties.find((p) => p.kind === "hotel") ?? this.properties[0];
    await this.useProperty(chosen?.id, { early: true });
  }

  /**
   * Switches the desk to property `id`; `early` when it is the first the page opens, which takes the read
   * early.js started with the page (a later switch reads it afresh).
   */
  async useProperty(id, { early = false } = {}) {
    if (id === undefined) {
      // Someone on no property's staff (taken off, or not yet added) can still sign out.
      fill(
        this.root,
        h(
          "main",
          { class: "desk-main" },
          h("p", { class: "desk-empty", text: this.i18n.t("desk.noProperties") }),
          h("button", { type: "button", class: "desk-button", onclick: () => this.signOut(), text: this.i18n.t("nav.signOut") }),
        ),
      );
      document.documentElement.dataset.screen = "none";
      this.root.removeAttribute("aria-busy");
      document.documentElement.dataset.ready = "true";
      return;
    }
    localStorage.setItem(PROPERTY_KEY, String(id));
    // The board, when it is the screen to open, is read beside the property rather than after it
    // (board-data.js takes it with getEarly), unless the page has started it already (early.js).
    const kind = this.properties.find((p) => p.id === id)?.kind;
    if (this.currentRoute(kind).name === "board") globalThis.frontdeskEarly?.read(`/api/v1/properties/${id}/board`);
    // Not ready while the property is read: the screen on show is still the last property's (and is
    // again, should the read fail). With none on show (the sign-in's form), the bar is drawn from the list
    // of properties while the property is read, and the form comes back should the read fail.
    const page = document.documentElement.dataset;
    const before = page.ready;
    page.ready = "false";
    const path = `/api/v1/properties/${id}`;
    const read = early ? getEarly(path) : get(path);
    const shown = this.screen ? null : { nodes: [...this.root.childNodes], nav: this.nav, main: this.main, bar: this._bar };
    if (shown) {
      this.drawShell(this.properties.find((p) => p.id === id));
      fill(this.main, h("p", { class: "desk-loading", text: this.i18n.t("common.loading") }));
    }
    try {
      this.property = await read;
    } catch (error) {
      page.ready = before;
      if (shown) {
        this.root.replaceChildren(...shown.nodes);
        ({ nav: this.nav, main: this.main, bar: this._bar } = shown);
      }
      throw error;
    }
    this.wordProperty();
    this.live?.close();
    this.live = new LiveStream(id);
    // A salon's menu, staff or hours changed at another desk: screens opened from now on show them.
    this.live.subscribe({
      event: (event) => {
        if (SET_UP_EVENTS.some((prefix) => event.kind.startsWith(prefix))) this.reloadProperty().catch(() => {});
      },
    });
    // The bar drawn from the list stays unless the property read shows it otherwise.
    if (!shown || this._bar !== barOf(this.property)) this.drawShell();
    this._route = "";
    this.route();
  }

  /**
   * Reads the property chosen again, after a change to what it has (a salon's services or staff, on
   * Set-up): every screen opened from now on (the board, an appointment) shows it as the server keeps it.
   * The screen on show is not drawn again; it follows the answer itself.
   */
  async reloadProperty() {
    this.property = await get(`/api/v1/properties/${this.property.id}`);
    this.wordProperty();
    return this.property;
  }

  /**
   * The property's own texts in the page's language, as its manager worded them on Settings: its room
   * types' and services' names in place, and `property.word(text)` (also `i18n.stored`) for the rest
   * (a fee or a tax on a folio, a room type in a list the server sends). A text without a wording in
   * the language reads as stored.
   */
  wordProperty() {
    const property = this.property;
    if (!property) return;
    const { code } = this.i18n;
    const translations = property.translations ?? {};
    property.word = (text) => translations[text]?.[code] || text;
    for (const named of [...(property.roomTypes ?? []), ...(property.services ?? [])]) {
      named.storedName ??= named.name;
      named.name = property.word(named.storedName);
    }
    this.i18n.stored = property.word;
  }

  /**
   * Whether the property is a hotel or a salon: the one place the desk reads the property's kind, so that a
   * screen shared by both (the board, the reports, the day's close) asks the router rather than the data.
   */
  get hotel() {
    return this.property?.kind === "hotel";
  }

  get salon() {
    return this.property?.kind === "salon";
  }

  /** A state in the property's words: a salon's customer has arrived where a hotel's guest is in house. */
  stateWord(state) {
    return this.i18n.t(this.salon && state === "checked_in" ? "state.arrived" : `state.${state}`);
  }

  /**
   * The property chosen in the bar: the same screen there, except a stay's, an appointment's, a
   * document's, a checkout, a receipt or a customer's record, which belong to the property left; those
   * give way to its first screen.
   */
  switchProperty(id) {
    const { name, id: shown } = this.currentRoute();
    const own = ["stays", "appointments", "documents", "checkout", "sales"];
    if (own.includes(name) || (name === "customers" && shown)) history.replaceState(null, "", "#/");
    return this.useProperty(id);
  }

  /** The signed-in member of staff's role at the property chosen (the account's own before one is). */
  get role() {
    return this.property?.role ?? this.user?.role;
  }

  /**
   * Whether the server says their role here (or at `property`) does a kind of work (`reading`, `deskWork`,
   * `housekeeping`, `managing`, `accounts`): the desk shows what it is told and keeps no copy of the roles'
   * rules.
   */
  may(work, property = this.property) {
    return property?.may?.includes(work) === true;
  }

  /** Whether they book, change stays and appointments, and post to folios here. */
  get canEdit() {
    return this.may("deskWork");
  }

  /** Whether their role here reads money (folios, invoices, rates, the ledger), as the server says. */
  get readsMoney() {
    return this.property?.readsMoney === true;
  }

  /** Whether their role here lets them mark rooms and take them out of service. */
  get canKeepHouse() {
    return this.may("housekeeping");
  }

  /**
   * The bar for `property` (the property chosen, or its entry in the list of properties, which holds what
   * the bar shows), and an empty main for the screen.
   */
  drawShell(property = this.property) {
    const { t } = this.i18n;
    const { kind } = property;
    const readsMoney = property.readsMoney === true;
    this._bar = barOf(property);
    const propertySelect = h(
      "select",
      { id: "desk-property", "aria-label": t("nav.property"), onchange: (event) => this.switchProperty(Number(event.target.value)) },
      this.properties.map((p) => h("option", { value: String(p.id), selected: p.id === property.id, text: p.name })),
    );
    const languageSelect = h(
      "select",
      { id: "desk-language", "aria-label": t("nav.language"), onchange: (event) => this.useLanguage(event.target.value) },
      LANGUAGES.map((l) => h("option", { value: l.code, selected: l.code === this.i18n.code, lang: l.code, text: l.name })),
    );
    const link = (route, key) => h("a", { href: `#/${route}`, dataset: { route }, text: t(key) });
    this.nav = h(
      "nav",
      { class: "desk-nav", "aria-label": t("nav.main") },
      kind === "hotel" ? link("today", "nav.today") : null,
      link("board", "nav.board"),
      kind === "salon" ? link("customers", "nav.customers") : null,
      kind === "salon" ? link("waitlist", "nav.waitlist") : null,
      kind === "hotel" ? link("housekeeping", "nav.housekeeping") : null,
      kind === "hotel" ? link("dashboard", "nav.dashboard") : null,
      kind === "hotel" && readsMoney ? link("rates", "nav.rates") : null,
      // A salon has no dashboard to reach them from: its day close (日締め), which leads to its reports.
      kind === "salon" && readsMoney ? link("audit", "nav.dayClose") : null,
      kind === "salon" && this.may("managing", property) ? link("salon-setup", "nav.salonSetup") : null,
      // Staff too is a manager's rare visit: an icon, so the bar keeps one line in every language.
      this.may("managing", property)
        ? h(
            "a",
            { href: "#/staff", class: "desk-nav-icon", dataset: { route: "staff" }, title: t("nav.staff"), "aria-label": t("nav.staff") },
            svg(
              "svg",
              { viewBox: "0 0 24 24", width: 22, height: 22, fill: "currentColor", "aria-hidden": "true" },
              svg("circle", { cx: 9, cy: 8, r: 3.2 }),
              svg("path", { d: "M3 19c0-3.3 2.7-5.5 6-5.5s6 2.2 6 5.5z" }),
              svg("circle", { cx: 17, cy: 9, r: 2.6 }),
              svg("path", { d: "M15.6 13.7c.5-.1 .9-.2 1.4-.2 2.8 0 5 1.9 5 4.8v.7h-5.3c0-2-.4-3.7-1.1-5.3z" }),
            ),
          )
        : null,
      // Settings is visited rarely: a gear named in the page's language, so the bar keeps one line.
      kind === "hotel"
        ? h("a", {
            href: "#/settings", class: "desk-nav-icon", dataset: { route: "settings" }, text: "\u2699\uFE0E",
            title: t("nav.settings"), "aria-label": t("nav.settings"),
          })
        : null,
    );
    this.main = h("main", { id: "desk-main", class: "desk-main", tabindex: "-1" });
    this._shellListeners?.abort();
    this._shellListeners = new AbortController();
    const network = networkIndicator(this.outbox, {
      t, toast: (message, kind) => this.toast(message, kind), signal: this._shellListeners.signal,
    });
    fill(
      this.root,
      h(
        "header",
        { class: "desk-bar" },
        h("span", { class: "desk-brand", text: t("app.name") }),
        propertySelect,
        this.nav,
        h("span", { class: "desk-spacer" }),
        network,
        h("span", { class: "desk-user", text: this.user.name }),
        languageSelect,
        h("button", { type: "button", class: "desk-button", title: this.user.name, onclick: () => this.signOut(), text: t("nav.signOut") }),
      ),
      this.main,
    );
    this.root.removeAttribute("aria-busy");
  }

  /**
   * Reads what a reload opens the desk with (the session, the fields' bounds, the member's properties, the
   * one chosen and the desk's words) once through the service worker, so that a reload while the server is away still
   * opens it: when the worker takes the page, or once the first screen is drawn when it took the page after
   * the page's first reads (early.js says whether they passed it) or when `signedInHere` (the sign-in is a
   * POST, which is never cached, and answered the properties).
   */
  primeOfflineCache(signedInHere) {
    const worker = navigator.serviceWorker;
    if (!worker) return;
    const prime = () => {
      const reads = ["/api/v1/session", "/api/v1/public/limits", "/api/v1/properties"];
      if (this.property) reads.push(`/api/v1/properties/${this.property.id}`);
      // The desk's words in its language, by their versions (the worker keeps English's at install).
      const { code } = this.i18n;
      const words = code === "en" ? [] : [`./messages/${code}.js`, `../common/refusals/${code}.js`];
      Promise.all([...reads.map((path) => get(path)), ...words.map((file) => fetch(import.meta.resolve(file)))]).catch(() => {});
    };
    if (!worker.controller) worker.addEventListener("controllerchange", prime, { once: true });
    else if (signedInHere || !globalThis.frontdeskEarly?.readThroughWorker) this._afterFirstScreen.push(prime);
  }

  /**
   * The desk's words in `code`, and English's for a key it lacks: only these languages' modules are
   * fetched, under a new address after a failed fetch (as a screen's are).
   */
  async words(code) {
    const retry = this._retries ? `?retry=${this._retries}` : "";
    // The refusals' words come with the page's, side by side.
    const [i18n] = await Promise.all([
      loadI18n(code, (language) => import(`./messages/${language}.js${retry}`)),
      loadRefusals(code, retry),
    ]);
    return i18n;
  }

  /** Speaks `code` from now on; the screen is drawn again once its words have come. */
  async useLanguage(code) {
    const page = document.documentElement.dataset;
    const before = page.ready;
    page.ready = "false";
    let i18n;
    try {
      i18n = await this.words(code);
    } catch (error) {
      // Away from the server, without the worker's copy: the desk keeps the language it speaks.
      console.error(error);
      this._retries++;
      page.ready = before;
      document.getElementById("desk-language").value = this.i18n.code;
      this.toast(this.i18n.t("error.network"), "error");
      return;
    }
    rememberLanguage(code);
    this.i18n = i18n;
    document.documentElement.lang = this.i18n.code;
    this.wordProperty();
    this.drawShell();
    this._route = "";
    this.route();
  }

  async signOut() {
    try {
      await call("DELETE", "/api/v1/session");
      // What the offline cache kept of this member of staff's answers goes with the session.
      await globalThis.caches?.delete("frontdesk-desk-api");
    } finally {
      this.signedOut();
    }
  }

  /** The current route: `{ name, id, params }` from `#/name/id?params`, for a property of `kind`. */
  currentRoute(kind = this.property?.kind) {
    const hash = location.hash.replace(/^#\/?/, "");
    const [path, query = ""] = hash.split("?");
    const [name, id] = path.split("/");
    const fallback = kind === "hotel" ? "today" : "board";
    const known = SCREENS[name] && !(HOTEL_ONLY.has(name) && kind !== "hotel") && !(SALON_ONLY.has(name) && kind !== "salon");
    return { name: known ? name : fallback, id: id ? Number(id) : undefined, params: new URLSearchParams(query) };
  }

  navigate(hash) {
    if (location.hash === hash) this.route(true);
    else location.hash = hash;
  }

  async route(force = false) {
    if (!this.user || !this.property) return;
    const route = this.currentRoute();
    // A screen the property does not have shows its first screen, and the address says so.
    if (!location.hash.replace(/^#\/?/, "").startsWith(route.name)) history.replaceState(null, "", `#/${route.name}`);
    const key = `${route.name}/${route.id ?? ""}?${route.params}`;
    if (!force && key === this._route) return;
    this._route = key;
    for (const a of this.nav.querySelectorAll("a")) {
      if (a.dataset.route === route.name) a.setAttribute("aria-current", "page");
      else a.removeAttribute("aria-current");
    }
    this.screen?.unmount?.();
    this.screen = null;
    fill(this.main, h("p", { class: "desk-loading", text: this.i18n.t("common.loading") }));
    document.documentElement.dataset.screen = route.name;
    document.documentElement.dataset.ready = "false";
    try {
      // No screen draws a field before the server has said what each takes.
      const [module] = await Promise.all([
        loadScreen(route.name, this._retries), loadLimits(), this._styles,
      ]);
      if (this._route !== key) return;
      fill(this.main);
      this.screen = await module.mount(this.main, this, route);
      document.documentElement.dataset.ready = "true";
      this.workOffline();
      // What waits for the first screen waits for it to be painted too.
      const after = this._afterFirstScreen.splice(0);
      if (after.length) requestAnimationFrame(() => setTimeout(() => after.forEach((task) => task())));
    } catch (error) {
      if (error instanceof OtherProperty && this.properties.some((p) => p.id === error.propertyId)) {
        await this.useProperty(error.propertyId);
        return;
      }
      console.error(error);
      // Away from the server (a request, or the screen's module, that could not be fetched): say so
      // in the page's words, and open the screen when the server answers again.
      const away = unreachable(error);
      if (away) this._retries++;
      fill(this.main, h("p", { class: "desk-error", role: "alert", text: away ? this.i18n.t("offline.screen") : error.message }));
      document.documentElement.dataset.ready = "error";
      if (away) this.outbox.probe();
    }
  }

  /** A short message in the status line (read out by screen readers). */
  toast(message, kind = "info") {
    const node = document.getElementById("desk-toast");
    node.textContent = message;
    node.dataset.kind = kind;
    node.classList.add("is-shown");
    clearTimeout(this._toastTimer);
    this._toastTimer = setTimeout(() => node.classList.remove("is-shown"), 5000);
  }
}
