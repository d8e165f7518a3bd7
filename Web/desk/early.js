// A page opened on the board starts the board's work with the page, not one step after another behind
// the app (the server writes this script into the page, after common/early.js): its screen's modules, as
// one list, and its engine are fetched now, and its first read is read and parsed while the app reads the
// session, the properties and the property (board-data.js takes it with getEarly).
(() => {
  // Only for someone who has used a property here: a first visit signs in first.
  const id = Number(localStorage.getItem("frontdesk.property"));
  if (!/^#\/?board\/?$/.test(location.hash) || !(id > 0)) return;
  const early = globalThis.frontdeskEarly;
  early.preload(new URL("board/board-screen.js", location.href).pathname);
  const engine = { rel: "preload", as: "fetch", href: "../timeline.wasm", crossOrigin: "anonymous" };
  document.head.append(Object.assign(document.createElement("link"), engine));
  early.read(`/api/v1/properties/${id}/board`);
})();
