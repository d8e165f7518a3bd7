// The guest site's first requests, started by the page before its modules have come (the server writes this
// script into the page, after common/early.js): the words of the guest's language, the first page's module
// with all it imports, and the data its first screen shows, which the page takes when it asks for the same
// (`getEarly`). Its guesses follow app.js (the route and the language), results-page.js (the search) and
// place-page.js and salon-page.js (a place, a salon); a guess that misses costs a request the page does not
// use, and Tests/Web/early.test.mjs and Tests/Browser/test_site_phone.py fail on it.
(() => {
  const early = globalThis.frontdeskEarly;
  const [route, query = ""] = location.hash.replace(/^#\/?/, "").split("?");
  const [name = "", id] = route.split("/");
  const params = new URLSearchParams(query);
  const codes = ["en", "th", "ja", "ko", "vi"];
  let stored = null;
  try {
    stored = localStorage.getItem("frontdesk.language");
  } catch {}
  const browser = (navigator.languages ?? []).map((tag) => String(tag).toLowerCase().split("-")[0]);
  const code = [params.get("lang"), stored, ...browser].find((c) => codes.includes(c)) ?? "en";
  early.preload(`/site/messages/${code}.js`);
  // As app.js's PAGES and WORDING_RULES name them.
  const page = {
    "": "search-page.js", search: "results-page.js", places: "place-page.js", book: "book-page.js", bookings: "manage-page.js",
    manage: "manage-page.js", salons: "salons-page.js", salon: "salon-page.js", visit: "visit-page.js",
    "check-in": "check-in-page.js", offer: "offer-page.js",
  }[name];
  if (!page) return;
  early.preload(`/site/${page}`);
  if (["places", "bookings", "manage", "visit", "check-in", "offer"].includes(name)) {
    for (const language of new Set(["en", code])) early.preload(`/common/refusals/${language}.js`);
  }
  const queryOf = (entries) =>
    String(new URLSearchParams(entries.filter(([, value]) => value !== null && value !== undefined && value !== ""))).replace(/\+/g, "%20");
  const number = (text) => {
    const n = Number.parseInt(text ?? "", 10);
    return Number.isFinite(n) && n >= 0 && n <= 1e12 ? n : null;
  };
  const party = (key, fallback) => {
    const n = Number.parseInt(params.get(key) ?? "", 10);
    return Number.isFinite(n) ? n : fallback;
  };
  if (name === "search") {
    let [low, high] = [number(params.get("minPrice")), number(params.get("maxPrice"))];
    if (low !== null && high !== null && low > high) [low, high] = [null, null];
    const pages = Math.min(Math.max(number(params.get("pages")) ?? 1, 1), 5);
    early.read(`/api/v1/public/search?${queryOf([
      ["region", params.get("region") ?? ""], ["arrival", params.get("arrival")], ["departure", params.get("departure")],
      ["adults", party("adults", 2)], ["children", party("children", 0)],
      ["rooms", party("roomCount", 1) > 1 ? party("roomCount", 1) : null], ["lang", code],
      ["minPrice", low], ["maxPrice", high], ["sort", params.get("sort") === "distance" ? "distance" : null], ["limit", pages * 20],
    ])}`);
  } else if (name === "places" && Number(id) > 0) {
    const kept = ["arrival", "departure", "adults", "children"].map((key) => [key, params.get(key)]);
    early.read(`/api/v1/public/properties/${Number(id)}?${queryOf([...kept, ["lang", code]])}`);
  } else if (name === "salon" && Number(id) > 0) {
    early.read(`/api/v1/public/salons/${Number(id)}?lang=${code}`);
  }
})();
