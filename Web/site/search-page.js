// The home page: the search bar, the destinations the site sells as a shortcut, and the way to salons.

import { h, fill } from "../common/dom.js";
import { createSearchBar, searchOf } from "./search-bar.js";

export async function mount(main, site, route) {
  const { t } = site.i18n;
  const bar = createSearchBar(site, searchOf(route.params, site.limits));
  const destinations = h("ul", { class: "home-destinations", "aria-label": t("search.suggestions") });
  fill(
    main,
    h("section", { class: "home-hero" },
      h("h1", { text: t("search.title") }),
      h("p", { class: "home-tagline", text: t("site.tagline") }),
      bar.element,
      h("p", { class: "home-salons" }, h("a", { href: "#/salons", id: "home-salons", text: t("salons.link") })),
    ),
    destinations,
  );
  site.regions()
    .then(({ suggestions }) => {
      const cities = suggestions.filter((s) => s.kind === "city");
      fill(
        destinations,
        cities.map((city) =>
          h("li", {},
            h("button", {
              type: "button", class: "home-destination",
              onclick: () => {
                const input = main.querySelector("#search-region");
                input.value = city.label?.[site.i18n.code] ?? city.name;
                input.dispatchEvent(new Event("input"));
                main.querySelector("#search-dates").click();
              },
            },
            h("strong", { text: city.label?.[site.i18n.code] ?? city.name }),
            h("span", { text: t("search.placesIn", { count: city.places }) }),
            ),
          ),
        ),
      );
    })
    .catch(() => {});
  return { unmount() {} };
}
