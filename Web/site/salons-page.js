// Finding a salon (`#/salons?q=`): a box for its name or area, matched by the server in any of the five
// languages, and the salons found as cards that open each one's booking page (`#/salon/{id}`).

import { h, fill } from "../common/dom.js";
import { errorText, get, unreachable } from "../common/api.js";

export async function mount(main, site, route) {
  const { t } = site.i18n;
  const query = route.params.get("q") ?? "";
  const input = h("input", {
    id: "salons-query", type: "search", name: "q", value: query, autocomplete: "off", enterkeyhint: "search",
    placeholder: t("salons.placeholder"),
  });
  const list = h("ul", { class: "salon-cards", id: "salons-list", "aria-label": t("salons.found") });
  const count = h("p", { class: "salons-count", id: "salons-count", role: "status" });
  const form = h("form", { class: "salons-form", role: "search", "aria-labelledby": "salons-title" },
    h("div", { class: "site-field" }, h("label", { for: "salons-query", text: t("salons.query") }), input),
    h("button", { type: "submit", class: "site-button is-primary", id: "salons-submit", text: t("search.submit") }),
  );
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    site.navigate(`#/salons?${new URLSearchParams({ q: input.value.trim() })}`);
  });
  fill(main, h("div", { class: "salons-page" },
    h("h1", { id: "salons-title", text: t("salons.title") }),
    form, count, list,
    h("p", { class: "salons-manage" }, h("a", { href: "#/visit", text: t("visit.manageLink") })),
  ));

  fill(count, t("common.loading"));
  let salons;
  try {
    ({ salons } = await get(`/api/v1/public/salons?${new URLSearchParams({ q: query, lang: site.i18n.code })}`));
  } catch (error) {
    fill(count);
    if (unreachable(error)) site.sayUnreachable(list);
    else fill(count, h("span", { class: "site-error", role: "alert", text: errorText(error, t) }));
    return { unmount() {} };
  }
  site.preload("salon");
  fill(count, salons.length ? t("salons.count", { count: salons.length }) : t("salons.none"));
  fill(list, salons.map((salon) =>
    h("li", { class: "salon-card", dataset: { salonId: String(salon.id) } },
      h("a", { href: `#/salon/${salon.id}` },
        h("strong", { class: "salon-card-name", text: salon.name }),
        h("span", { class: "salon-card-where", text: [salon.city, salon.region].filter(Boolean).join(", ") }),
      ),
    ),
  ));
  if (!query) input.focus({ preventScroll: true });
  return { unmount() {} };
}
