import API
import Booking
import Foundation
import OpenAPIRuntime
import Storage

/// A salon's ticket books: the offers it sells, a customer's books, and what the salon owes in them.
extension FrontdeskAPI {
    func listTicketOffers(_ input: Operations.ListTicketOffers.Input) async throws
        -> Operations.ListTicketOffers.Output
    {
        let offers = try await checkout.ticketOffers(propertyID: input.path.id, by: try staff)
        return .ok(.init(body: .json(.init(offers: try offers.map(Components.Schemas.TicketOffer.init)))))
    }

    func setTicketOffers(_ input: Operations.SetTicketOffers.Input) async throws -> Operations.SetTicketOffers.Output {
        let body =
            switch input.body {
            case .json(let body): body
            }
        let offers = try await checkout.setTicketOffers(
            try body.offers.enumerated().map { index, offer in
                TicketOffer(
                    id: offer.id ?? 0, name: offer.name,
                    kind: try Self.kind(offer.kind.rawValue, serviceIDs: offer.serviceIds ?? []),
                    units: offer.units, price: try offer.price.money(field: "offers[\(index)].price"),
                    months: offer.months, active: offer.active ?? true)
            }, propertyID: input.path.id, by: try staff)
        return .ok(.init(body: .json(.init(offers: try offers.map(Components.Schemas.TicketOffer.init)))))
    }

    func listCustomerTicketBooks(_ input: Operations.ListCustomerTicketBooks.Input) async throws
        -> Operations.ListCustomerTicketBooks.Output
    {
        let found = try await checkout.ticketBooks(customerID: input.path.id, by: try staff)
        return .ok(
            .init(
                body: .json(
                    .init(
                        ticketBooks: try found.books.map { book in
                            Components.Schemas.TicketBook(
                                id: book.id, name: book.name, kind: try documented(book.kind.word),
                                serviceIds: book.kind.serviceIDs, units: book.units, remaining: book.remaining,
                                price: try .init(book.price), unused: try .init(book.unusedValue),
                                soldOn: book.soldOn.iso, lastDay: book.lastDay.iso, usable: found.usable(book),
                                coolingOffUntil: PrepaidInstruments.coolingOffUntil(book)?.iso,
                                instrument: book.price.currency == .jpy && PrepaidInstruments.isInstrument(book),
                                endingFeeLimit: try (try? TicketEnding.feeLimit(of: book, today: found.today))
                                    .map(Components.Schemas.Money.init),
                                ending: try book.ending.map { ending in
                                    guard let sale = ending.saleID else {
                                        throw APIError(
                                            .internalServerError, code: "internal", "an ending without its sale")
                                    }
                                    return .init(day: ending.day.iso, reason: ending.reason, saleId: sale)
                                })
                        },
                        endingMethods: try TicketEnding.methods.map { try documented($0.rawValue) }))))
    }

    func endTicketBook(_ input: Operations.EndTicketBook.Input) async throws -> Operations.EndTicketBook.Output {
        let body =
            switch input.body {
            case .json(let body): body
            }
        guard let method = PaymentMethod(rawValue: body.method.rawValue) else {
            throw DomainError.invalid("method", "'\(body.method.rawValue)' is not a method")
        }
        let sale = try await checkout.endTicketBook(
            input.path.bookId, customerID: input.path.id, fee: try body.fee.money(field: "fee"), method: method,
            reason: body.reason, by: try staff)
        return .created(.init(body: .json(try .init(sale, staff: try await staffNames(sale.lines)))))
    }

    func getTicketBalances(_ input: Operations.GetTicketBalances.Input) async throws
        -> Operations.GetTicketBalances.Output
    {
        let balances = try await checkout.ticketBalances(propertyID: input.path.id, by: try staff)
        return .ok(
            .init(
                body: .json(
                    .init(
                        date: balances.today.iso, unused: try .init(balances.unused), books: balances.books,
                        threshold: balances.referenceDates.isEmpty ? nil : try .init(PrepaidInstruments.threshold),
                        referenceDates: try balances.referenceDates.map(Components.Schemas.ReferenceDateBalance.init),
                        nextReferenceDate: try balances.next.map(Components.Schemas.ReferenceDateBalance.init)))))
    }

    /// A book's kind as an offer names it: the API's word (`visits`, `amount`) and the services of a book of visits.
    static func kind(_ word: String, serviceIDs: [Int]) throws -> TicketBook.Kind {
        guard let kind = TicketBook.Kind(word: word, serviceIDs: serviceIDs) else {
            throw APIError(.internalServerError, code: "internal", "'\(word)' is not a kind of ticket book")
        }
        return kind
    }
}

extension Components.Schemas.ReferenceDateBalance {
    init(_ balance: PrepaidInstruments.Balance) throws {
        self.init(
            date: balance.date.iso, unused: try .init(balance.unused), books: balance.books,
            overThreshold: balance.overThreshold, deposit: try .init(balance.deposit))
    }
}

extension Components.Schemas.TicketOffer {
    init(_ offer: TicketOffer) throws {
        self.init(
            id: offer.id, name: offer.name, kind: try documented(offer.kind.word),
            serviceIds: offer.kind.serviceIDs, units: offer.units, price: try .init(offer.price), months: offer.months,
            active: offer.active)
    }
}

extension Components.Schemas.TicketBalance {
    init(_ balance: Booking.TicketBalance) throws {
        self.init(
            ticketBookId: balance.ticketBookID, name: balance.name, kind: try documented(balance.kind.word),
            units: balance.units, remaining: balance.remaining, lastDay: balance.lastDay.iso,
            coolingOffUntil: balance.coolingOffUntil?.iso, endedOn: balance.endedOn?.iso)
    }
}
