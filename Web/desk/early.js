// The desk's first requests, started with the page before its modules have come (the server writes this
// script into the page, after common/early.js): the words of the desk's language and who is signed in, for
// the door (app.js); and, for someone who has used a property here (likely still signed in), the desk's
// modules, their properties, the property last used, the fields' bounds and, on the board, the board's
// screen with its engine (the server lists it among what the screen fetches), and its first read. desk.js, board-data.js and limits.js take each read with getEarly; app.js
// drops them when nobody is signed in. The language is chosen as common/i18n.js chooses it.
(() => {
  const early = globalThis.frontdeskEarly;
  const codes = ["en", "th", "ja", "ko", "vi"];
  let stored = null;
  let id = 0;
  try {
    stored = localStorage.getItem("frontdesk.language");
    id = Number(localStorage.getItem("frontdesk.property"));
  } catch {}
  const browser = (navigator.languages ?? []).map((tag) => String(tag).toLowerCase().split("-")[0]);
  const code = [stored, ...browser].find((c) => codes.includes(c)) ?? "en";
  early.preload(`/desk/messages/${code}.js`);
  early.read("/api/v1/session");
  // Whether these reads pass the service worker, which keeps their answers for a reload away from the server
  // (desk.js reads them through it once it takes the page, when they did not).
  early.readThroughWorker = Boolean(navigator.serviceWorker?.controller);
  if (!(id > 0)) return;
  early.preload("/desk/desk.js");
  for (const language of new Set(["en", code])) early.preload(`/common/refusals/${language}.js`);
  early.read("/api/v1/properties");
  early.read(`/api/v1/properties/${id}`);
  early.read("/api/v1/public/limits");
  if (!/^#\/?board\/?$/.test(location.hash)) return;
  early.preload("/desk/board/board-screen.js");
  early.read(`/api/v1/properties/${id}/board`);
})();
