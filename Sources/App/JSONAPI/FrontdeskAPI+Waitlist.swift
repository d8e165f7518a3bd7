import API
import Booking
import Foundation
import Storage

/// A salon's waitlist: customers join it from the booking page or at the desk; a time freed up is offered
/// by email (`WaitlistRounds`), and the offer's link takes it or turns it down.
extension FrontdeskAPI {
    func joinSalonWaitlist(_ input: Operations.JoinSalonWaitlist.Input) async throws
        -> Operations.JoinSalonWaitlist.Output
    {
        let body =
            switch input.body {
            case .json(let body): body
            }
        let language = try Language.asked(input.query.lang) ?? .en
        let entry = try await salonDesk.join(
            try Self.entry(body, propertyID: input.path.id, language: language), by: nil)
        return .created(.init(body: .json(try .init(entry))))
    }

    func addToSalonWaitlist(_ input: Operations.AddToSalonWaitlist.Input) async throws
        -> Operations.AddToSalonWaitlist.Output
    {
        let body =
            switch input.body {
            case .json(let body): body
            }
        let language = try body.value2.language.map { try Language.named($0.rawValue, field: "language") } ?? .en
        let entry = try await salonDesk.join(
            try Self.entry(body.value1, propertyID: input.path.id, language: language), by: try staff)
        return .created(.init(body: .json(try .init(entry))))
    }

    func getSalonWaitlist(_ input: Operations.GetSalonWaitlist.Input) async throws
        -> Operations.GetSalonWaitlist.Output
    {
        let list = try await salonDesk.waitlist(propertyID: input.path.id, by: try staff)
        let messages = try await store.messages(waitlistOfferIDs: list.flatMap(\.1).map(\.id))
        let mail = mailSetUp
        return .ok(
            .init(
                body: .json(
                    .init(
                        entries: try list.map { entry, offers in
                            .init(
                                value1: try .init(entry),
                                value2: .init(
                                    customer: .init(
                                        name: entry.request.customerName, email: entry.request.email,
                                        phone: entry.request.phone),
                                    language: try documented(entry.request.language.rawValue),
                                    offers: try offers.map {
                                        try .init($0, message: messages[$0.id], mail: mail)
                                    }))
                        }, offerMinutes: Waitlist.offerMinutes, waitlistDays: Waitlist.longestSpan))))
    }

    func withdrawFromSalonWaitlist(_ input: Operations.WithdrawFromSalonWaitlist.Input) async throws
        -> Operations.WithdrawFromSalonWaitlist.Output
    {
        try await salonDesk.withdraw(entryID: input.path.id, by: try staff)
        return .noContent(.init())
    }

    func getWaitlistOffer(_ input: Operations.GetWaitlistOffer.Input) async throws -> Operations.GetWaitlistOffer.Output
    {
        let page = try await salonDesk.offerPage(token: input.path.token)
        return .ok(.init(body: .json(try .init(page, in: try .asked(input.query.lang)))))
    }

    /// Books the time offered, with the customer's confirmation.
    func acceptWaitlistOffer(_ input: Operations.AcceptWaitlistOffer.Input) async throws
        -> Operations.AcceptWaitlistOffer.Output
    {
        let body =
            switch input.body {
            case .json(let body): body
            }
        let language = try Language.asked(input.query.lang)
        let visit = try await salonDesk.accept(
            token: input.path.token, acceptsTerms: body.acceptTerms, language: language)
        return .created(.init(body: .json(try .init(visit, in: language))))
    }

    func declineWaitlistOffer(_ input: Operations.DeclineWaitlistOffer.Input) async throws
        -> Operations.DeclineWaitlistOffer.Output
    {
        let page = try await salonDesk.decline(token: input.path.token)
        return .ok(.init(body: .json(try .init(page, in: try .asked(input.query.lang)))))
    }

    static func entry(_ body: Components.Schemas.WaitlistRequest, propertyID: Int, language: Language) throws
        -> NewWaitlistEntry
    {
        NewWaitlistEntry(
            propertyID: propertyID, serviceID: body.serviceId, staffID: body.staffId,
            from: try Day.parse(body.from, field: "from"), to: try Day.parse(body.to, field: "to"),
            customerName: body.customer.name, email: body.customer.email, phone: body.customer.phone,
            language: language)
    }

    static func date(millis: Int64) -> Date { Date(timeIntervalSince1970: Double(millis) / 1000) }
}

extension Components.Schemas.WaitlistEntry {
    init(_ entry: WaitlistEntry) throws {
        self.init(
            id: entry.id, serviceId: entry.request.serviceID, staffId: entry.request.staffID,
            from: entry.request.from.iso, to: entry.request.to.iso, state: try documented(entry.state.rawValue),
            createdAt: FrontdeskAPI.date(millis: entry.createdAt))
    }
}

extension Components.Schemas.WaitlistOfferRecord {
    init(_ offer: WaitlistOffer, message: OutgoingMessage?, mail: Bool) throws {
        self.init(
            id: offer.id, start: FrontdeskAPI.instant(offer.start), staffId: offer.staffID,
            expiresAt: FrontdeskAPI.date(millis: offer.expiresAt), state: try documented(offer.state.rawValue),
            createdAt: FrontdeskAPI.date(millis: offer.createdAt),
            answeredAt: offer.answeredAt.map(FrontdeskAPI.date(millis:)),
            message: try message.map { try .init($0, mail: mail) })
    }
}

extension Components.Schemas.WaitlistOffer {
    init(_ page: WaitlistOfferPage, in language: Language?) throws {
        let fees = page.fees
        self.init(
            state: try documented(page.offer.state.rawValue), salon: .init(page.salon, in: language),
            serviceName: page.salon.translations.word(page.service.name, in: language), staffName: page.staff?.name,
            start: FrontdeskAPI.instant(page.offer.start), durationMinutes: page.service.durationMinutes,
            price: try .init(page.service.price), expiresAt: FrontdeskAPI.date(millis: page.offer.expiresAt),
            customerName: page.entry.request.customerName,
            fees: .init(
                lateFrom: fees.lateFrom.map(FrontdeskAPI.instant), lateCancellation: try .init(fees.lateCancellation),
                noShow: try .init(fees.noShow), cancellingNow: try .init(fees.cancellingNow)),
            serviceId: page.service.id, cancelNoticeMinutes: page.cancelNoticeMinutes,
            deposit: page.deposit.amount > 0 ? try .init(page.deposit) : nil, visitCode: page.offer.visitCode)
    }
}
