// What a page asks for before any of its modules has come. The server writes this script into the page
// (`data-inline`), before the page's own early script (`site/early.js`, `desk/early.js`) and its modules:
// - `frontdeskEarly.preload(path)` asks for a module and every module it imports, at any depth, and the
//   other files they fetch as they run (the board's engine), as one list under their versions: the server
//   writes the imports of each module the page loads later beside its import map (`frontdesk-imports`),
//   and the map names each with its version (a preload of another URL would be a second copy, fetched for
//   nothing); `frontdeskEarly.load(url)` asks for a module so and imports it (a screen, a page, a panel's code);
// - `frontdeskEarly.read(path)` starts a read of the API (unless one is under way) that the page takes with
//   `take(path)` once it asks for the same (`getEarly` in common/api.js, which answers it, a refusal too, as
//   it answers a read of its own).
globalThis.frontdeskEarly = (() => {
  const json = (selector) => {
    try {
      return JSON.parse(document.querySelector(selector)?.textContent || "{}");
    } catch {
      return {};
    }
  };
  const versions = json('script[type="importmap"]').imports ?? {};
  const imports = json("#frontdesk-imports");
  const asked = new Set();
  const reads = new Map();
  return {
    preload(path) {
      const modules = new Set([path]);
      for (const module of modules) if (!asked.has(module)) for (const next of imports[module] ?? []) modules.add(next);
      for (const module of modules) {
        if (asked.has(module)) continue;
        asked.add(module);
        const href = versions[module] ?? module;
        // A file other than a module (the board's engine) is fetched as its module fetches it.
        const link = module.endsWith(".js") ? { rel: "modulepreload", href } : { rel: "preload", as: "fetch", href, crossOrigin: "anonymous" };
        document.head.append(Object.assign(document.createElement("link"), link));
      }
    },
    /**
     * The module at `url` (its importer's `import.meta.resolve`, which the import map answers with its
     * version), asked for whole (`preload`); after `retries` failed fetches, under a new address (a failed
     * import is remembered by its address until the page reloads).
     */
    load(url, retries = 0) {
      const { pathname } = new URL(url, location.href);
      if (retries) return import(`${pathname}?retry=${retries}`);
      this.preload(pathname);
      return import(url);
    },
    read(path) {
      if (reads.has(path)) return;
      // The answer's body is read as it comes; common/api.js answers it as it answers its own calls.
      const answer = fetch(path, { headers: { Accept: "application/json" }, credentials: "same-origin" })
        .then(async (response) => ({ response, text: await response.text() }));
      answer.catch(() => {});
      reads.set(path, answer);
    },
    take(path) {
      const answer = reads.get(path);
      reads.delete(path);
      return answer;
    },
    /** The reads started and not taken: a page that asked for other data than its early script read. */
    untaken: () => [...reads.keys()],
  };
})();
