import API
import Booking
import Foundation
import Storage

/// A salon's booking page, without a session: finding a salon, its services and staff, a day's free
/// times, holding one, booking it, and the customer finding and cancelling the visit again. The rules
/// are `SalonDesk`'s (`SalonDesk+Online.swift`); these only decode, call and encode.
extension FrontdeskAPI {
    func findSalons(_ input: Operations.FindSalons.Input) async throws -> Operations.FindSalons.Output {
        let language = try Language.asked(input.query.lang)
        let salons = try await salonDesk.salons(matching: input.query.q ?? "", names: PlaceNames.standard)
        return .ok(.init(body: .json(.init(salons: salons.map { .init($0, in: language) }))))
    }

    func getPublicSalon(_ input: Operations.GetPublicSalon.Input) async throws -> Operations.GetPublicSalon.Output {
        let language = try Language.asked(input.query.lang)
        let page = try await salonDesk.page(of: input.path.id)
        let translations = page.salon.translations
        return .ok(
            .init(
                body: .json(
                    .init(
                        salon: .init(page.salon, in: language), today: page.today.iso,
                        lastDay: page.window.lastDay(today: page.today).iso, gridMinutes: page.window.gridMinutes,
                        minimumNoticeMinutes: page.window.minimumNoticeMinutes,
                        cancelNoticeMinutes: page.window.cancelNoticeMinutes, maxServices: Visit.maxServices,
                        holdMinutes: SalonHold.minutes, waitlistDays: Waitlist.longestSpan,
                        services: try page.services.map { service, booking in
                            let terms = page.terms.of(serviceID: service.id)
                            let fee = { (fee: VisitTerms.Fee?) in
                                try Components.Schemas.Money(
                                    fee?.amount(price: service.price) ?? .zero(service.price.currency))
                            }
                            return .init(
                                id: service.id, name: translations.word(service.name, in: language),
                                durationMinutes: service.durationMinutes, price: try .init(service.price),
                                staffIds: page.staff.map(\.id).filter(booking.performers.contains),
                                terms: try .init(terms),
                                fees: .init(
                                    lateCancellation: try fee(terms.lateCancellationFee),
                                    noShow: try fee(terms.noShowFee),
                                    deposit: try .init(terms.deposit(price: service.price))))
                        },
                        staff: page.staff.map { .init(id: $0.id, name: $0.name) }))))
    }

    func getSalonFreeTimes(_ input: Operations.GetSalonFreeTimes.Input) async throws
        -> Operations.GetSalonFreeTimes.Output
    {
        let day = try Day.parse(input.query.day, field: "day")
        let request = VisitRequest(
            propertyID: input.path.id, serviceIDs: input.query.services, staff: Self.staffChoice(input.query.staffId))
        let (salon, times) = try await salonDesk.freeTimes(request, on: day)
        return .ok(
            .init(
                body: .json(
                    .init(
                        day: day.iso,
                        times: times.map {
                            .init(
                                start: Self.instant($0.start), time: Self.clock($0.start, in: salon.timeZone),
                                staffId: $0.staffID)
                        }))))
    }

    func holdSalonTime(_ input: Operations.HoldSalonTime.Input) async throws -> Operations.HoldSalonTime.Output {
        let body =
            switch input.body {
            case .json(let body): body
            }
        let hold = try await salonDesk.hold(
            VisitRequest(
                propertyID: input.path.id, serviceIDs: body.services, staff: Self.staffChoice(body.staffId),
                start: try Self.minute(of: body.start, field: "start")),
            replacing: body.replaces)
        return .created(
            .init(
                body: .json(
                    .init(
                        token: hold.token, start: Self.instant(hold.placement.start), staffId: hold.placement.staffID,
                        expiresAt: Date(timeIntervalSince1970: Double(hold.expiresAt) / 1000)))))
    }

    func releaseSalonHold(_ input: Operations.ReleaseSalonHold.Input) async throws
        -> Operations.ReleaseSalonHold.Output
    {
        try await salonDesk.release(hold: input.path.token, propertyID: input.path.id)
        return .noContent(.init())
    }

    func bookSalonVisit(_ input: Operations.BookSalonVisit.Input) async throws -> Operations.BookSalonVisit.Output {
        let body =
            switch input.body {
            case .json(let body): body
            }
        let language = try Language.asked(input.query.lang)
        let new = NewOnlineVisit(
            request: VisitRequest(
                propertyID: input.path.id, serviceIDs: body.services, staff: Self.staffChoice(body.staffId),
                start: try Self.minute(of: body.start, field: "start")),
            holdToken: body.hold, customerName: body.customer.name, customerEmail: body.customer.email,
            customerPhone: body.customer.phone, customerReading: body.customer.reading ?? "",
            notes: body.notes ?? "",
            acceptsTerms: body.acceptTerms, stayCode: body.stay)
        let visit = try await salonDesk.bookOnline(new, language: language ?? .en)
        return .created(.init(body: .json(try .init(visit, in: language))))
    }

    func getSalonVisit(_ input: Operations.GetSalonVisit.Input) async throws -> Operations.GetSalonVisit.Output {
        let visit = try await salonDesk.visit(code: input.path.code.uppercased(), email: input.query.email)
        return .ok(.init(body: .json(try .init(visit, in: try .asked(input.query.lang)))))
    }

    func cancelSalonVisit(_ input: Operations.CancelSalonVisit.Input) async throws
        -> Operations.CancelSalonVisit.Output
    {
        let body =
            switch input.body {
            case .json(let body): body
            }
        let (code, language) = (input.path.code.uppercased(), try Language.asked(input.query.lang))
        let visit = try await salonDesk.cancelVisit(code: code, email: body.email, language: language ?? .en)
        return .ok(.init(body: .json(try .init(visit, in: language))))
    }

    static func staffChoice(_ id: Int?) -> StaffChoice { id.map(StaffChoice.member) ?? .anyone }

    static func instant(_ minute: Int) -> Date { Date(timeIntervalSince1970: Double(minute) * 60) }

    /// A minute since 1970 on the salon's clock, `HH:MM`.
    static func clock(_ minute: Int, in timeZone: TimeZone) -> String {
        let offset = timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(minute) * 60)) / 60
        return clockTime(((minute + offset) % 1440 + 1440) % 1440)
    }
}

extension Components.Schemas.PublicSalon {
    init(_ salon: Property, in language: Language?) {
        let names = PlaceNames.standard
        self.init(
            id: salon.id, name: salon.worded(in: language).name,
            city: language.map { names.name(salon.city, in: $0) } ?? salon.city,
            region: language.map { names.name(salon.region, in: $0) } ?? salon.region,
            timeZone: salon.timeZone.identifier)
    }
}

extension Components.Schemas.SalonVisit {
    init(_ visit: SalonVisit, in language: Language?) throws {
        let translations = visit.salon.translations
        var total = Money(0, visit.salon.currency)
        for service in visit.services { total = try total.adding(service.price) }
        self.init(
            code: visit.code, salon: .init(visit.salon, in: language), state: try documented(visit.state.rawValue),
            start: FrontdeskAPI.instant(visit.start), staff: visit.staff.map { .init(id: $0.id, name: $0.name) },
            services: try zip(visit.appointments, visit.services).map { appointment, service in
                .init(
                    appointmentId: appointment.id, serviceId: service.id,
                    name: translations.word(service.name, in: language),
                    start: FrontdeskAPI.instant(appointment.startMinute),
                    durationMinutes: appointment.durationMinutes, price: try .init(service.price))
            }, total: try .init(total), customerName: visit.customer.name,
            cancellation: .init(
                allowed: visit.cancellation.allowed, until: FrontdeskAPI.instant(visit.cancellation.until),
                reason: visit.cancellation.reason),
            fees: .init(
                lateFrom: visit.fees.lateFrom.map(FrontdeskAPI.instant),
                lateCancellation: try .init(visit.fees.lateCancellation), noShow: try .init(visit.fees.noShow),
                cancellingNow: try .init(visit.fees.cancellingNow)),
            deposit: visit.deposit.asked.amount > 0 || visit.deposit.held.amount > 0
                ? .init(asked: try .init(visit.deposit.asked), paid: try .init(visit.deposit.held)) : nil,
            payCode: try visit.payCode.map { try .init($0, label: $0.reference) })
    }
}
