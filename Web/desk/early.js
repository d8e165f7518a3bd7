// A page opened on the board starts the board's work with the page, not one step after another behind
// the app: its screen's modules and engine are fetched now, and its first read is read and parsed
// while the app reads the session, the properties and the property (board-data.js takes it with getEarly).
(() => {
  // Only for someone who has used a property here: a first visit signs in first.
  const id = Number(localStorage.getItem("frontdesk.property"));
  if (!/^#\/?board\/?$/.test(location.hash) || !(id > 0)) return;
  const link = (attributes) => document.head.append(Object.assign(document.createElement("link"), attributes));
  // The server's import map names each module with its version; a preload of another URL would be a second
  // copy of the module, fetched for nothing.
  const map = document.querySelector('script[type="importmap"]');
  const versions = (map && JSON.parse(map.textContent).imports) || {};
  const versioned = (href) => versions[new URL(href, location.href).pathname] ?? href;
  for (const href of ["board/board-screen.js", "board/board-data.js", "board/board-edit.js", "board/board-panel.js", "stays/room-type-change.js", "shared/form.js", "../board.js"]) {
    link({ rel: "modulepreload", href: versioned(href) });
  }
  link({ rel: "preload", as: "fetch", href: "../timeline.wasm", crossOrigin: "anonymous" });
  const path = `/api/v1/properties/${id}/board`;
  const read = fetch(path, { headers: { Accept: "application/json" }, credentials: "same-origin" })
    .then(async (response) => ({ ok: response.ok, data: response.ok ? await response.json() : null }));
  globalThis.frontdeskEarly = { [path]: read };
})();
