// A place: a full-width photo, an in-page menu (Overview, Rooms, Location, Policies) that sticks under
// the top bar and jumps to its sections, the room types with their itemised prices for the dates, a
// map of the location drawn by the server, and the policies.
//
// Its first view comes from what the results list already had (name, photo, city, price), drawn at
// once; the detail was asked for when the result was tapped, and fills the rest in when it arrives.

import { h, fill } from "../common/dom.js";
import { errorText, get, unreachable } from "../common/api.js";
import { nightsBetween } from "../common/dates.js";
import { chooseDates, paramsOf, searchOf } from "./search-bar.js";
import { planTerms, priceLines } from "./price.js";
import { roomsChoice } from "./rooms-choice.js";
import { refusalText } from "../common/refusals.js";

const SECTIONS = ["overview", "rooms", "location", "policies"];

export async function mount(main, site, route) {
  const { t } = site.i18n;
  const i18n = site.i18n;
  const id = Number(route.id);
  const search = searchOf(route.params, site.limits);
  const hasDates = Boolean(search.arrival && search.departure);
  const detail = site.placeDetail(id, route.params);
  const known = site.known.get(id);

  const hero = h("div", { class: "place-hero" });
  // Until the place is known, its title's lines hold their room, so that nothing below them moves.
  const title = h("div", { class: "place-title", "aria-hidden": "true" },
    h("h1", { text: "\u00a0" }), h("p", { class: "place-where", text: "\u00a0" }),
    hasDates ? h("p", { class: "place-price", text: "\u00a0" }) : null);
  const sections = Object.fromEntries(
    SECTIONS.map((name) => [
      name,
      h("section", { class: "place-section", id: `place-${name}`, "aria-labelledby": `place-${name}-title`, tabindex: "-1" },
        h("h2", { id: `place-${name}-title`, text: t(`place.${name}`) }),
        h("p", { class: "place-loading", text: t("common.loading") }),
      ),
    ]),
  );
  const links = SECTIONS.map((name) =>
    h("a", {
      href: `#place-${name}`, class: "place-menu-link", dataset: { section: name }, text: t(`place.${name}`),
      // The page's own links would change the route: scroll instead, below the sticky bars.
      onclick: (event) => {
        event.preventDefault();
        sections[name].scrollIntoView({ behavior: "instant", block: "start" });
        sections[name].focus({ preventScroll: true });
        mark(name);
      },
    }),
  );
  const menu = h("nav", { class: "place-menu", id: "place-menu", "aria-label": t("place.sections") }, links);
  const page = h("article", { class: "place-page", dataset: { placeId: String(id), state: "first-view" } },
    hero, title, menu, Object.values(sections));
  fill(main, page);
  window.scrollTo(0, 0);

  function mark(name) {
    for (const link of links) {
      if (link.dataset.section === name) link.setAttribute("aria-current", "true");
      else link.removeAttribute("aria-current");
    }
  }
  // The menu marks the section being read: the last whose top has passed under the bars.
  const observer = new IntersectionObserver(
    () => {
      const bars = menu.getBoundingClientRect().bottom + 1;
      let current = SECTIONS[0];
      for (const name of SECTIONS) if (sections[name].getBoundingClientRect().top <= bars + 8) current = name;
      mark(current);
    },
    { threshold: [0, 0.25, 0.5, 1], rootMargin: "-96px 0px 0px 0px" },
  );
  for (const section of Object.values(sections)) observer.observe(section);
  const stuck = new IntersectionObserver(([entry]) => menu.classList.toggle("is-stuck", !entry.isIntersecting), {
    rootMargin: "-57px 0px 0px 0px",
  });
  stuck.observe(title);

  function drawHead(place, { price, photoIndex = 0 } = {}) {
    document.title = `${place.name} · ${t("site.name")}`;
    fill(hero, h("img", {
      class: "place-photo", src: place.photos[photoIndex] ?? "", alt: t("place.photo", { name: place.name }),
      width: 1200, height: 600, fetchpriority: "high",
    }));
    title.removeAttribute("aria-hidden");
    fill(title,
      h("h1", { id: "place-name", text: place.name }),
      h("p", { class: "place-where", text: [place.city, place.region].filter(Boolean).map((name) => site.placeName(name)).join(", ") }),
      price ? h("p", { class: "place-price", id: "place-price", text: price }) : null,
    );
  }
  if (known) {
    drawHead(known.property, { price: t("place.from", { price: i18n.money(known.nightly) }) });
  }

  let answer;
  try {
    answer = await detail;
  } catch (error) {
    page.dataset.state = "failed";
    for (const section of Object.values(sections)) section.querySelector(".place-loading")?.remove();
    if (unreachable(error)) site.sayUnreachable(sections.overview.appendChild(h("div")));
    else sections.overview.append(h("p", { class: "site-error", role: "alert", text: error.status === 404 ? t("place.notFound") : errorText(error, t) }));
    return { unmount: () => { observer.disconnect(); stuck.disconnect(); } };
  }
  // Choosing a room opens the booking form: its code is fetched now, not on the tap.
  site.preload("book");
  site.learn(answer.labels);
  const place = answer.property;
  const offers = answer.roomTypes.filter((r) => r.price);
  const cheapest = offers.reduce((a, b) => (!a || b.price.total.amount < a.price.total.amount ? b : a), null);
  // The server's one rounding of a night's price (`StayPrice.perNight`), as the list showed it.
  const nightly = cheapest?.price.perNight ?? known?.nightly;
  drawHead(place, { price: nightly ? t("place.from", { price: i18n.money(nightly) }) : null });

  // MARK: overview
  fill(sections.overview,
    h("h2", { id: "place-overview-title", text: t("place.overview") }),
    h("p", { class: "place-summary", text: place.summary }),
    place.amenities.length ? h("h3", { text: t("place.amenities") }) : null,
    place.amenities.length ? h("ul", { class: "place-amenities" }, place.amenities.map((a) => h("li", { text: a }))) : null,
    place.photos.length > 1
      ? h("div", { class: "place-gallery" }, place.photos.slice(1).map((src) => h("img", { src, alt: "", width: 300, height: 200, loading: "lazy" })))
      : null,
  );

  // MARK: rooms
  // The place's own calendar: its restricted days are closed, and say why.
  const datesDialog = h("dialog", { class: "site-dialog search-dates-dialog", "aria-labelledby": "search-dates-title" });
  async function changeDates() {
    const from = site.today;
    const to = new Date(Date.parse(`${from}T00:00:00Z`) + site.limits.calendarDays * 86_400_000).toISOString().slice(0, 10);
    let closed = new Map();
    try {
      const [{ closedDays }, calendar] = await Promise.all([
        import("./calendar.js"), get(`/api/v1/public/properties/${id}/calendar?from=${from}&to=${to}`),
      ]);
      closed = closedDays(calendar.days);
    } catch {
      // Without the place's restrictions the calendar still picks dates; the booking says why if refused.
    }
    await chooseDates(site, datesDialog, {
      value: { arrival: search.arrival, departure: search.departure },
      closed,
      onDone: (value) => site.navigate(`#/places/${id}?${paramsOf({ ...search, arrival: value.arrival, departure: value.departure })}`),
    });
  }
  const bookParams = (roomType, plan) => paramsOf({ ...search, region: null }, { roomType: roomType.id, plan: plan?.id });
  // A room type's rate plans, when the place sells it several ways: each with its total, its terms,
  // the deposit due at booking, and a way to book it.
  const planList = (roomType) =>
    h("ul", { class: "room-plans", "aria-label": t("plan.others", { room: roomType.name }) }, roomType.plans.map((plan) =>
      h("li", { class: "room-plan", dataset: { planId: String(plan.id) } },
        h("h4", { text: plan.name }),
        h("p", { class: "room-plan-total", text: t("plan.total", { price: i18n.money(plan.price.total) }) }),
        h("p", { class: `room-plan-terms${plan.nonRefundable ? " is-strict" : ""}`, text: planTerms(t, plan) }),
        plan.deposit ? h("p", { class: "room-plan-deposit", text: t("plan.depositDue", { amount: i18n.money(plan.deposit) }) }) : null,
        h("a", {
          class: "site-button room-book-plan", href: `#/book/${id}?${bookParams(roomType, plan)}`,
          text: t("plan.book"), "aria-label": `${t("plan.book")}: ${roomType.name}, ${plan.name}`,
        }),
      ),
    ));
  fill(sections.rooms,
    h("h2", { id: "place-rooms-title", text: t("place.rooms") }),
    hasDates
      ? h("p", { class: "place-dates", text: `${i18n.date(search.arrival)} – ${i18n.date(search.departure)} · ${i18n.nights(nightsBetween(search.arrival, search.departure))} · ${t("guests", { count: search.adults + search.children })}` })
      : h("p", { class: "place-dates", text: t("place.noDates") }),
    h("button", { type: "button", class: "site-button", id: "place-change-dates", text: t("place.changeDates"), onclick: changeDates }),
    datesDialog,
    h("ul", { class: "place-rooms" }, answer.roomTypes.map((roomType) =>
      h("li", { class: "room-box", dataset: { roomTypeId: String(roomType.id) } },
        h("h3", { text: roomType.name }),
        h("p", { class: "room-capacity", text: t("place.capacity", { count: roomType.capacity }) }),
        roomType.price
          ? [
              h("p", { class: "room-available", text: t("place.available", { count: roomType.available }) }),
              roomType.plans?.length ? h("h4", { class: "room-plan-standard", text: t("plan.standard") }) : null,
              priceLines(site, roomType.price),
              h("a", { class: "site-button is-primary room-book", href: `#/book/${id}?${bookParams(roomType)}`, text: t("place.book", { room: roomType.name }) }),
              roomType.plans?.length ? planList(roomType) : null,
            ]
          : h("p", {
              class: "room-unavailable",
              // A hotel's restriction says why the dates cannot be booked; otherwise the rooms are gone.
              text: roomType.restriction
                ? refusalText(i18n, roomType.restriction.reason, roomType.restriction.params ?? {}) ?? roomType.restriction.message
                : hasDates ? t("place.soldOut") : t("place.from", { price: i18n.money(roomType.baseRate) }),
            }),
      ),
    )),
  );
  // Several rooms at once, for the dates chosen: one booking of them all. The rooms free are counted for one
  // guest a room (a party too large for one room still finds them); the server shares the party between the
  // rooms chosen and prices each room's share.
  if (hasDates) {
    const single = new URLSearchParams(route.params);
    single.set("adults", "1");
    single.set("children", "0");
    site.placeDetail(id, single).then((free) => {
      if (!free.roomTypes.some((roomType) => roomType.available > 0)) return;
      sections.rooms.append(roomsChoice({
        t, i18n, roomTypes: free.roomTypes,
        ask: (rooms) => site.placeDetail(id, new URLSearchParams({ ...Object.fromEntries(route.params), rooms: rooms.join(",") })),
        href: (rooms) => `#/book/${id}?${paramsOf({ ...search, region: null }, { rooms: rooms.join(",") })}`,
      }));
    }).catch(() => {
      // Without the count the rooms are still booked one at a time above.
    });
  }

  // MARK: location: a picture the server draws, not a live map
  fill(sections.location,
    h("h2", { id: "place-location-title", text: t("place.location") }),
    h("img", {
      class: "place-map", src: `/api/v1/public/properties/${id}/map.svg?lang=${i18n.code}`, width: 640, height: 320,
      alt: t("place.mapImage", { name: place.name }), loading: "lazy",
    }),
    h("p", { class: "place-address", text: `${site.placeName(place.city)}, ${site.placeName(place.region)} · ${place.latitude.toFixed(4)}, ${place.longitude.toFixed(4)}` }),
  );

  // MARK: policies
  const policy = answer.policy;
  fill(sections.policies,
    h("h2", { id: "place-policies-title", text: t("place.policies") }),
    h("ul", { class: "place-policies" },
      h("li", { text: t("place.checkIn", { time: answer.checkIn }) }),
      h("li", { text: t("place.checkOut", { time: answer.checkOut }) }),
      h("li", { text: `${t("place.cancelFree", { count: policy.freeCancellationDays })} ${t("place.cancelLate", { percent: i18n.percent(policy.lateCancellationPercent / 100) })}` }),
    ),
  );
  // MARK: the book bar: on a phone, the price and a way to the rooms stay at the bottom of the
  // screen while the guest reads, until the rooms are in view.
  const bookBar = h("div", { class: "place-book-bar", id: "place-book-bar" },
    h("p", { class: "place-book-price", text: nightly ? t("place.from", { price: i18n.money(nightly) }) : t("place.noDates") }),
    h("a", {
      href: "#place-rooms", class: "site-button is-primary", id: "place-book-rooms", text: t(hasDates ? "place.seeRooms" : "place.rooms"),
      onclick: (event) => {
        event.preventDefault();
        sections.rooms.scrollIntoView({ behavior: "instant", block: "start" });
        (sections.rooms.querySelector(".room-book") ?? sections.rooms).focus({ preventScroll: true });
        mark("rooms");
      },
    }),
  );
  page.append(bookBar);
  const roomsSeen = new IntersectionObserver(([entry]) => bookBar.classList.toggle("is-hidden", entry.isIntersecting));
  roomsSeen.observe(sections.rooms.querySelector(".place-rooms"));
  page.dataset.state = "complete";
  return {
    unmount() {
      observer.disconnect();
      stuck.disconnect();
      roomsSeen.disconnect();
    },
  };
}
