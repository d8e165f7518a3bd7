// The desk's service worker: the app's files and the API's last answers, for when the network
// drops. Every request goes to the network first (so a desk online always runs the newest code and
// reads fresh data); when the server cannot be reached, the files come from the cache filled at
// install, and a GET of the API from the last answer kept for it: today's lists, the board's days,
// a stay, its folio. Changes are never cached or answered here; the desk's outbox keeps them.

const VERSION = "frontdesk-desk-2026-12-05-ticket-endings";
const SHELL_CACHE = `${VERSION}-shell`;
const API_CACHE = "frontdesk-desk-api";

// Every file the desk loads, relative to this worker (`/desk/`), each language's words among them.
const FILES = [
  "./", "index.html", "manifest.json", "icon.svg", "desk.css", "login.css", "../board.css",
  "early.js", "app.js", "desk.js", "api.js", "live.js", "login.js", "outbox.js",
  "shared/form.js", "shared/form.css", "shared/field-refusals.js", "shared/message-list.js",
  "board/routes.js", "board/board-screen.js", "board/board-screen.css", "board/board-data.js", "board/board-edit.js", "board/board-panel.js", "board/panel-slot.js",
  "stays/routes.js", "stays/stay.js", "stays/stay.css", "stays/stay-documents.js", "stays/stay-facts.js", "stays/stay-folio.js", "stays/stay-move.js", "stays/stay-split.js", "stays/group.js", "stays/stay-questions.js", "stays/online-check-in.js", "stays/room-type-change.js",
  "today/routes.js", "today/today.js", "today/today.css",
  "housekeeping/routes.js", "housekeeping/housekeeping.js", "housekeeping/housekeeping.css",
  "folio/routes.js", "folio/document.js", "folio/companies.js", "folio/company-invoice.js", "folio/sheet.js", "folio/document.css", "folio/folio-lines.js", "folio/buyer-form.js", "folio/e-invoice-form.js", "folio/bank.js", "folio/night-audit.js", "folio/night-audit.css", "folio/cash-receipts.js",
  "reports/routes.js", "reports/reports.js", "reports/reports.css", "reports/dashboard.js", "reports/dashboard.css",
  "settings/routes.js", "settings/settings.js", "settings/settings.css", "settings/settings-issuer.js", "settings/settings-list.js", "settings/settings-messages.js", "settings/settings-payments.js", "settings/settings-plans.js", "settings/settings-taxes.js", "settings/settings-texts.js", "settings/settings-webhooks.js", "settings/rates.js", "settings/rates.css", "settings/staff.js", "settings/staff.css",
  "salon/appointments/routes.js", "salon/appointments/appointment.js", "salon/appointments/appointment-actions.js", "salon/appointments/appointment-deposit.js", "salon/appointments/appointment-series.js",
  "salon/checkout/routes.js", "salon/checkout/checkout.js", "salon/checkout/checkout.css", "salon/checkout/checkout-order.js", "salon/checkout/checkout-lines.js", "salon/checkout/checkout-products.js", "salon/checkout/checkout-payments.js", "salon/checkout/payment-fields.js", "salon/checkout/receipt.js", "salon/checkout/receipt.css", "salon/checkout/sale-list.js", "salon/checkout/checkout-tickets.js", "salon/checkout/ticket-books.js",
  "salon/customers/routes.js", "salon/customers/customers.js", "salon/customers/customers.css", "salon/customers/customer-facts.js", "salon/customers/customer-list.js", "salon/customers/customer-merge.js", "salon/customers/customer-picker.js", "salon/customers/customer-record.js", "salon/customers/ticket-ending.js", "salon/customers/booking-customer.js",
  "salon/waitlist/routes.js", "salon/waitlist/waitlist.js", "salon/waitlist/waitlist.css",
  "salon/setup/routes.js", "salon/setup/salon-setup.js", "salon/setup/salon-setup.css", "salon/setup/salon-hours.js", "salon/setup/salon-members.js", "salon/setup/salon-menu.js", "salon/setup/salon-places.js", "salon/setup/salon-products.js", "salon/setup/salon-room-charges.js", "salon/setup/salon-services.js", "salon/setup/salon-setup-form.js", "salon/setup/salon-shifts.js", "salon/setup/salon-terms.js", "salon/setup/salon-tickets.js",
  "messages/en.js", "messages/th.js", "messages/ja.js", "messages/ko.js", "messages/vi.js",
  "../common/api.js", "../common/early.js", "../common/dates.js", "../common/dom.js", "../common/i18n.js", "../common/limits.js", "../common/money.js", "../common/pay-code.js", "../common/refusals.js", "../common/refusals/en.js", "../common/refusals/th.js", "../common/refusals/ja.js", "../common/refusals/ko.js", "../common/refusals/vi.js", "../board.js", "../timeline.js", "../timeline.wasm",
];
const WORDS = /(?:^|\/)(?:messages|refusals)\/(\w+)\.js$/;
/**
 * What the worker keeps at install: every file but the words of languages other than English (which every
 * language falls back on). The desk's own language's are kept as the desk reads them through the worker
 * (desk.js reads them again through it when it took the page after they were read).
 */
const SHELL = FILES.filter((file) => !WORDS.test(file) || file.match(WORDS)[1] === "en");

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(SHELL_CACHE).then((cache) => cache.addAll(SHELL)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((name) => name.endsWith("-shell") && name !== SHELL_CACHE).map((name) => caches.delete(name))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin || url.pathname === "/healthz") return;
  const api = url.pathname.startsWith("/api/");
  event.respondWith(networkFirst(request, api ? API_CACHE : SHELL_CACHE, api));
});

async function networkFirst(request, cacheName, api) {
  try {
    const response = await fetch(request);
    if (response.ok && (api || response.type === "basic")) {
      const copy = response.clone();
      // A file is kept under its path alone: the page names it with its version (`?v=`), and the copy
      // kept is the one of the newest version this desk loaded.
      const key = api ? request : new URL(request.url).pathname;
      caches.open(cacheName).then((cache) => cache.put(key, copy)).catch(() => {});
    }
    return response;
  } catch (error) {
    // A module asked again after a failure carries `?retry=`, and every file its version (`?v=`): the cached
    // file is the same.
    const cached = await caches.match(request, { ignoreSearch: !api });
    if (cached) return cached;
    if (api) {
      const body = JSON.stringify({ error: { code: "network", message: "the server cannot be reached" } });
      return new Response(body, { status: 503, headers: { "Content-Type": "application/json" } });
    }
    throw error;
  }
}
