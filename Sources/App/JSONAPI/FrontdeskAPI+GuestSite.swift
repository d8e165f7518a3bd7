import API
import Booking
import Foundation
import Storage

/// The guest site's operations, without a session: suggestions of cities and regions, a place's
/// details and prices, and booking. Search and the map are served by hand (`PublicController`), over
/// the same inventory.
extension FrontdeskAPI {
    /// The most suggestions sent at once.
    static let suggestionLimit = 8

    /// The cities and regions with bookable hotels whose name, in any of the guest site's languages,
    /// matches what the guest is typing; best matches first (a whole name, a name's start, a word's
    /// start, then anywhere; then most places), at most eight. A blank `q` suggests the cities and
    /// regions with the most places. `today` is the first day any place sells, where a guest's
    /// calendar starts; `limits` are what one online booking may hold.
    func suggestRegions(_ input: Operations.SuggestRegions.Input) async throws -> Operations.SuggestRegions.Output {
        let text = input.query.q
        guard text.count <= 100 else { throw DomainError.invalid("q", "at most 100 characters") }
        let query = text.trimmingCharacters(in: .whitespaces)
        let inventory = try await guestSite.inventory()
        let areas = query.isEmpty ? inventory.areas : inventory.areas(matching: query)
        return .ok(
            .init(
                body: .json(
                    .init(
                        suggestions: try areas.prefix(Self.suggestionLimit).map {
                            try .init($0, names: inventory.names)
                        }, today: inventory.firstDayOnSale(now: store.clock.now()).iso,
                        limits: .init(
                            maxNights: Stay.maxNightsOnline, maxGuests: Stay.maxGuests, maxInfants: Stay.maxInfants,
                            horizonDays: Stay.onlineHorizonDays, calendarDays: RestrictedDay.maxSpanDays)))))
    }

    /// The place, and with dates, each room type's availability and itemised price (the total the
    /// folio will charge).
    func getPublicProperty(_ input: Operations.GetPublicProperty.Input) async throws
        -> Operations.GetPublicProperty.Output
    {
        let id = input.path.id
        guard let property = try await store.property(id: id), property.kind == .hotel else {
            throw DomainError(.notFound, "no place \(id)")
        }
        let roomTypes = try await store.roomTypes(propertyID: id)
        let hasDates = input.query.arrival != nil
        let query = try PublicController.Query(
            arrival: input.query.arrival, departure: input.query.departure, adults: input.query.adults,
            children: input.query.children, requireDates: false, now: store.clock.now())
        if hasDates { try Stay.validateOnline(query.nights, today: store.clock.today(at: property)) }
        let offers = hasDates ? try await guestSite.offers(for: property, query) : []
        let language = try Language.asked(input.query.lang)
        let today = store.clock.today(at: property)
        var roomSet: Components.Schemas.PublicRoomSet?
        if hasDates, let rooms = input.query.rooms {
            roomSet = try await self.roomSet(
                rooms, at: property, roomTypes: roomTypes, query: query, language: language)
        }
        return .ok(
            .init(
                body: .json(
                    .init(
                        property: try .init(property.worded(in: language)),
                        labels: .init(additionalProperties: PlaceNames.standard.labels(of: [property])),
                        policy: .init(
                            freeCancellationDays: property.cancellationPolicy.freeUntilDaysBefore,
                            lateCancellationPercent: property.cancellationPolicy.lateCancellationBasisPoints / 100,
                            freeUntil: hasDates
                                ? property.cancellationPolicy.freeUntil(arrival: query.nights.arrival, today: today)?
                                    .iso
                                : nil),
                        checkIn: clockTime(property.checkInMinute), checkOut: clockTime(property.checkOutMinute),
                        roomTypes: try roomTypes.map { roomType in
                            let offer = offers.first { $0.roomType.id == roomType.id }
                            return .init(
                                id: roomType.id, name: property.translations.word(roomType.name, in: language),
                                capacity: roomType.capacity, baseRate: try .init(roomType.baseRate),
                                available: hasDates ? (offer?.available ?? 0) : nil,
                                price: try offer.map {
                                    try .init($0.price.worded(property.translations, in: language))
                                },
                                plans: offer == nil
                                    ? nil
                                    : try Self.planOffers(
                                        roomType, property: property, query: query, today: today, language: language),
                                restriction: hasDates
                                    ? try roomType.restrictionRefusal(for: query.nights).map(
                                        Components.Schemas.PlaceRefusal.init) : nil)
                        }, roomSet: roomSet))))
    }

    /// A free room type's rate plans for the dates and the party, each priced, with its terms.
    static func planOffers(
        _ roomType: RoomType, property: Property, query: PublicController.Query, today: Day, language: Language?
    ) throws -> [Components.Schemas.PlanOffer]? {
        try GuestPlanOffer.offers(for: roomType, at: property, nights: query.nights, party: query.party)?.map {
            offer in
            .init(
                id: offer.plan.id, name: property.translations.word(offer.plan.name, in: language),
                price: try .init(offer.price.worded(property.translations, in: language)),
                nonRefundable: offer.nonRefundable,
                freeCancellationDays: offer.nonRefundable ? nil : offer.terms.freeUntilDaysBefore,
                lateCancellationPercent: offer.nonRefundable ? nil : offer.terms.lateCancellationBasisPoints / 100,
                freeUntil: offer.nonRefundable
                    ? nil : offer.terms.freeUntil(arrival: query.nights.arrival, today: today)?.iso,
                deposit: try offer.deposit.map { try .init($0) })
        }
    }

    /// The place's restricted days, for the guest calendar to close them and say why.
    func getPublicCalendar(_ input: Operations.GetPublicCalendar.Input) async throws
        -> Operations.GetPublicCalendar.Output
    {
        guard let property = try await store.property(id: input.path.id), property.kind == .hotel else {
            throw DomainError(.notFound, "no place \(input.path.id)")
        }
        let first = try Day.parse(input.query.from, field: "from")
        let last = try Day.parse(input.query.to, field: "to")
        try RestrictedDay.validate(first: first, last: last)
        let days = RestrictedDay.days(
            of: try await store.roomTypes(propertyID: property.id), from: first, through: last)
        return .ok(
            .init(
                body: .json(
                    .init(
                        days: try days.map {
                            .init(
                                date: $0.day.iso, noArrival: try $0.noArrival.map { try documented($0.code) },
                                noDeparture: $0.noDeparture ? true : nil, stopSell: $0.stopSell ? true : nil,
                                minStay: $0.minStay, maxStay: $0.maxStay)
                        }))))
    }

    /// What a guest's booking keeps as its notes: the time they arrive (a clock time, `arrivalTime`) and their
    /// requests (at most 1,000 characters, `requests`).
    static func guestNotes(arrivalTime: String?, requests: String?) throws -> String {
        if let time = arrivalTime { _ = try clockMinute(time, field: "arrivalTime") }
        try FreeText.validate(requests ?? "", field: "requests", limit: 1_000)
        return (arrivalTime.map { "Arriving at \($0). " } ?? "") + (requests ?? "")
    }

    /// Books a free room of the type for the dates, or refuses cleanly when none is left. An
    /// `Idempotency-Key` is required (`IdempotencyMiddleware`), so a double tap books once.
    func createPublicBooking(_ input: Operations.CreatePublicBooking.Input) async throws
        -> Operations.CreatePublicBooking.Output
    {
        let body =
            switch input.body {
            case .json(let body): body
            }
        let notes = try Self.guestNotes(arrivalTime: body.arrivalTime, requests: body.requests)
        let language = try Language.asked(input.query.lang)
        let new = NewStay(
            propertyID: body.propertyId, roomTypeID: body.roomTypeId, roomID: nil,
            nights: try Nights(
                arrival: try Day.parse(body.arrival, field: "arrival"),
                departure: try Day.parse(body.departure, field: "departure")),
            adults: body.adults, children: body.children ?? 0, infants: body.infants ?? 0,
            guestName: body.guest.name, guestEmail: body.guest.email, guestPhone: body.guest.phone ?? "",
            source: .online, notes: notes, ratePlanID: body.ratePlanId)
        let booking = try await guestsBookings.book(new, language: language ?? .en)
        let stay = booking.stay
        let translations = booking.place.translations
        return .created(
            .init(
                body: .json(
                    .init(
                        confirmationCode: stay.confirmationCode, property: booking.place.name,
                        roomType: translations.word(booking.roomType.name, in: language), arrival: stay.arrival.iso,
                        departure: stay.departure.iso, nights: stay.nights.count,
                        adults: stay.adults, children: stay.children, infants: stay.infants,
                        guestName: body.guest.name, price: try .init(booking.price.worded(translations, in: language))))
            ))
    }
}

extension Language {
    /// The language a guest page asked for with `lang`, or nil when it asked for none.
    static func asked(_ code: String?) throws(DomainError) -> Language? {
        try code.map { code throws(DomainError) in try Language.named(code) }
    }
}

extension Components.Schemas.PublicProperty {
    init(_ property: Property) throws {
        self.init(
            id: property.id, name: property.name, city: property.city, region: property.region,
            latitude: property.latitude, longitude: property.longitude,
            currency: try documented(property.currency.code), timeZone: property.timeZoneID,
            summary: property.summary, amenities: property.amenities, photos: property.photos)
    }
}

extension Components.Schemas.Price {
    /// A stay's price, itemised: nights, fees, taxes and the total.
    init(_ price: StayPrice) throws {
        func lines(_ lines: [StayPrice.Line]) throws -> [Components.Schemas.PriceLine] {
            try lines.map {
                .init(
                    name: $0.name, amount: try .init($0.amount), night: $0.night?.iso,
                    included: $0.included ? true : nil)
            }
        }
        self.init(
            perNight: try .init(price.perNight), nights: try lines(price.nights), fees: try lines(price.fees),
            taxes: try lines(price.taxes), total: try .init(price.total))
    }
}

extension PlaceNames {
    /// A name in each of the guest site's languages.
    func label(_ name: String) -> Components.Schemas.PlaceLabel {
        .init(
            en: self.name(name, in: .en), th: self.name(name, in: .th), ja: self.name(name, in: .ja),
            ko: self.name(name, in: .ko), vi: self.name(name, in: .vi))
    }

    /// The names of the places' cities and regions in each language, by stored name.
    func labels(of places: some Sequence<Property>) -> [String: Components.Schemas.PlaceLabel] {
        var labels: [String: Components.Schemas.PlaceLabel] = [:]
        for place in places {
            for name in [place.city, place.region] where labels[name] == nil { labels[name] = label(name) }
        }
        return labels
    }
}

extension Components.Schemas.RegionSuggestion {
    init(_ area: GuestInventory.Area, names: PlaceNames) throws {
        let centre = CoordinateJSON(area.centre)
        self.init(
            kind: try documented(area.kind.rawValue), name: area.name,
            label: names.label(area.name),
            region: area.region, places: area.places, latitude: centre.latitude, longitude: centre.longitude)
    }
}

/// A guest books several rooms at once.
extension FrontdeskAPI {
    func createPublicGroupBooking(_ input: Operations.CreatePublicGroupBooking.Input) async throws
        -> Operations.CreatePublicGroupBooking.Output
    {
        let body =
            switch input.body {
            case .json(let body): body
            }
        let notes = try Self.guestNotes(arrivalTime: body.arrivalTime, requests: body.requests)
        let language = try Language.asked(input.query.lang)
        let nights = try Nights(
            arrival: try Day.parse(body.arrival, field: "arrival"),
            departure: try Day.parse(body.departure, field: "departure"))
        let rooms = body.rooms.map { room in
            NewStay(
                propertyID: body.propertyId, roomTypeID: room.roomTypeId, roomID: nil, nights: nights,
                adults: room.adults, children: room.children ?? 0, infants: room.infants ?? 0,
                guestName: body.guest.name, guestEmail: body.guest.email, guestPhone: body.guest.phone ?? "",
                source: .online, notes: notes, ratePlanID: room.ratePlanId)
        }
        let bookings = try await guestsBookings.bookGroup(rooms, language: language ?? .en)
        let first = bookings[0]
        let translations = first.place.translations
        return .created(
            .init(
                body: .json(
                    .init(
                        confirmationCode: first.stay.confirmationCode, property: first.place.name,
                        arrival: nights.arrival.iso, departure: nights.departure.iso, nights: nights.count,
                        guestName: body.guest.name,
                        rooms: try bookings.map { booking in
                            .init(
                                roomType: translations.word(booking.roomType.name, in: language),
                                adults: booking.stay.adults, children: booking.stay.children,
                                infants: booking.stay.infants,
                                price: try .init(booking.price.worded(translations, in: language)))
                        },
                        total: try .init(
                            Money(bookings.map(\.price.total.amount).saturatedSum(), first.place.currency))))))
    }
}
