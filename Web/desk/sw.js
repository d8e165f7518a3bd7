// The desk's service worker: the app's files and the API's last answers, for when the network
// drops. Every request goes to the network first (so a desk online always runs the newest code and
// reads fresh data); when the server cannot be reached, the files come from the cache filled at
// install, and a GET of the API from the last answer kept for it: today's lists, the board's days,
// a stay, its folio. Changes are never cached or answered here; the desk's outbox keeps them.

const VERSION = "frontdesk-desk-2026-12-03-message-consent";
const SHELL_CACHE = `${VERSION}-shell`;
const API_CACHE = "frontdesk-desk-api";

// Every file the desk loads, relative to this worker (`/desk/`): every language's words among them,
// so that the desk opens offline in whichever it speaks.
const SHELL = [
  "./", "index.html", "manifest.json", "icon.svg", "desk.css", "../board.css",
  "board-screen.css", "checkout.css", "customers.css", "dashboard.css", "document.css", "form.css", "housekeeping.css", "login.css", "night-audit.css",
  "rates.css", "receipt.css", "reports.css", "salon-setup.css", "settings.css", "staff.css", "stay.css", "today.css", "waitlist.css",
  "early.js", "app.js", "api.js", "appointment.js", "bank.js", "cash-receipts.js", "stay-documents.js", "buyer-form.js", "e-invoice-form.js", "appointment-actions.js", "appointment-deposit.js", "appointment-series.js", "board-data.js", "board-edit.js", "board-panel.js", "board-screen.js",
  "booking-customer.js", "checkout.js", "checkout-order.js", "customer-facts.js", "customer-list.js", "customer-merge.js", "customer-picker.js", "customer-record.js", "customers.js",
  "dashboard.js", "document.js", "folio-lines.js", "form.js", "housekeeping.js", "live.js", "login.js", "message-list.js",
  "night-audit.js", "online-check-in.js", "outbox.js", "payment-fields.js", "rates.js", "receipt.js", "reports.js", "sale-list.js", "salon-hours.js", "salon-members.js", "salon-menu.js", "salon-places.js", "salon-products.js", "salon-services.js", "salon-setup.js", "salon-setup-form.js", "salon-shifts.js", "salon-terms.js", "settings.js", "settings-issuer.js", "settings-list.js", "settings-messages.js", "settings-payments.js", "settings-plans.js", "settings-taxes.js", "settings-texts.js", "settings-webhooks.js", "field-refusals.js", "staff.js", "room-type-change.js", "stay.js", "today.js", "waitlist.js",
  "messages/en.js", "messages/th.js", "messages/ja.js", "messages/ko.js", "messages/vi.js",
  "../common/api.js", "../common/dates.js", "../common/dom.js", "../common/i18n.js", "../common/limits.js", "../common/money.js", "../common/pay-code.js", "../common/refusals.js", "../common/refusals/en.js", "../common/refusals/th.js", "../common/refusals/ja.js", "../common/refusals/ko.js", "../common/refusals/vi.js", "../board.js", "../timeline.js", "../timeline.wasm",
];

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
      caches.open(cacheName).then((cache) => cache.put(request, copy)).catch(() => {});
    }
    return response;
  } catch (error) {
    // A module asked again after a failure carries `?retry=`: the cached file is the same.
    const cached = await caches.match(request, { ignoreSearch: !api });
    if (cached) return cached;
    if (api) {
      const body = JSON.stringify({ error: { code: "network", message: "the server cannot be reached" } });
      return new Response(body, { status: 503, headers: { "Content-Type": "application/json" } });
    }
    throw error;
  }
}
