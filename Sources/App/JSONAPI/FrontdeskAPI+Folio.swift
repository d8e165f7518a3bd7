import API
import Booking
import Foundation
import Storage

/// A stay's folio: reading it, posting charges and payments, reversing a mistake.
extension FrontdeskAPI {
    func getFolio(_ input: Operations.GetFolio.Input) async throws -> Operations.GetFolio.Output {
        let stayID = try await folioStay(input.path.id)
        return .ok(.init(body: .json(try .init(try await FolioRepository(store: store).folio(stayID: stayID)))))
    }

    func postCharge(_ input: Operations.PostCharge.Input) async throws -> Operations.PostCharge.Output {
        let body =
            switch input.body {
            case .json(let body): body
            }
        let category = try body.category.map { try ChargeCategory.named($0.rawValue) } ?? .other
        try Self.requireDescription(body.description)
        return .created(
            .init(
                body: .json(
                    try await post(
                        .init(
                            kind: .charge, description: body.description, amount: try body.amount.money(),
                            category: category),
                        to: input.path.id))))
    }

    func postPayment(_ input: Operations.PostPayment.Input) async throws -> Operations.PostPayment.Output {
        let body =
            switch input.body {
            case .json(let body): body
            }
        let method = try PaymentMethod.named(body.method.rawValue)
        let description = body.description ?? "Payment (\(method.rawValue.replacingOccurrences(of: "_", with: " ")))"
        try Self.requireDescription(description)
        return .created(
            .init(
                body: .json(
                    try await post(
                        .init(
                            kind: .payment, description: description, amount: try body.amount.money(), method: method),
                        to: input.path.id))))
    }

    func postReversal(_ input: Operations.PostReversal.Input) async throws -> Operations.PostReversal.Output {
        let body =
            switch input.body {
            case .json(let body): body
            }
        try Self.requireDescription(body.reason, field: "reason")
        let stayID = try await folioStay(input.path.id)
        let folio = try await FolioRepository(store: store).folio(stayID: stayID)
        guard let target = folio.entries.first(where: { $0.id == body.entryId }) else {
            throw DomainError(.notFound, "no entry \(body.entryId) on this folio", field: "entryId")
        }
        return .created(
            .init(
                body: .json(
                    try await post(
                        .init(kind: .reversal, description: body.reason, amount: target.amount, reverses: target.id),
                        to: stayID))))
    }

    private func post(_ posting: FolioRepository.Posting, to stayID: Int) async throws -> Components.Schemas.Folio {
        try .init(
            try await FolioRepository(store: store).post(
                [posting], stayID: try await folioStay(stayID), by: try context.requireUser().id))
    }

    /// The stay of the path, at a property the member of staff works at.
    private func folioStay(_ id: Int) async throws -> Int {
        guard let stay = try await StayRepository(store: store).stay(id: id) else {
            throw DomainError(.notFound, "no stay \(id)")
        }
        try context.requireAccess(to: stay.propertyID)
        return id
    }

    /// The longest description of a folio line.
    static let descriptionLimit = 200

    static func requireDescription(_ text: String, field: String = "description") throws {
        guard !text.trimmingCharacters(in: .whitespaces).isEmpty, text.count <= descriptionLimit else {
            throw DomainError.invalid(field, "1 to \(descriptionLimit) characters")
        }
        try FreeText.validate(text, field: field, limit: descriptionLimit, lines: false)
    }
}

extension ChargeCategory {
    /// What staff may charge by hand: room and tax lines are posted only by check-in.
    static let postable = allCases.filter { $0 != .room && $0 != .tax }

    static func named(_ name: String) throws -> ChargeCategory {
        guard let category = ChargeCategory(rawValue: name), postable.contains(category) else {
            throw DomainError.invalid(
                "category",
                "'\(name)' is not a category for a charge (\(postable.map(\.rawValue).joined(separator: ", ")))")
        }
        return category
    }
}

extension PaymentMethod {
    static func named(_ name: String) throws -> PaymentMethod {
        guard let method = PaymentMethod(rawValue: name) else {
            throw DomainError.invalid(
                "method", "'\(name)' is not a way to pay (\(allCases.map(\.rawValue).joined(separator: ", ")))")
        }
        return method
    }
}

extension Components.Schemas.Folio {
    init(_ folio: Folio) throws {
        self.init(
            currency: try documented(folio.currency.code), balance: try .init(folio.balance),
            totalCharges: try .init(folio.totalCharges), totalPayments: try .init(folio.totalPayments),
            entries: try folio.entries.map {
                .init(
                    id: $0.id, kind: try documented($0.kind.rawValue), description: $0.description,
                    amount: try .init($0.amount), category: try $0.category.map { try documented($0.rawValue) },
                    method: try $0.method.map { try documented($0.rawValue) }, reverses: $0.reverses,
                    night: $0.night?.iso, reversed: folio.isReversed($0.id))
            })
    }
}
