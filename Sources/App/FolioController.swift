import Booking
import Foundation
import Hummingbird
import Storage

/// A stay's folio: reading it, posting charges and payments, reversing a mistake.
struct FolioController {
    let store: Store

    func register(on group: RouterGroup<AppRequestContext>) {
        group.get("stays/{id}/folio", use: show)
        group.post("stays/{id}/charges", use: charge)
        group.post("stays/{id}/payments", use: payment)
        group.post("stays/{id}/reversals", use: reversal)
    }

    struct ChargeRequest: Decodable {
        var description: String
        var amount: MoneyJSON
        var category: String?
    }

    struct PaymentRequest: Decodable {
        var amount: MoneyJSON
        var method: String
        var description: String?
    }

    struct ReversalRequest: Decodable {
        var entryId: Int
        var reason: String
    }

    @Sendable func show(_ request: Request, context: AppRequestContext) async throws -> FolioJSON {
        FolioJSON(try await FolioRepository(store: store).folio(stayID: try await stayID(context)))
    }

    @Sendable func charge(_ request: Request, context: AppRequestContext) async throws -> Response {
        let body = try await request.decodeJSON(as: ChargeRequest.self, checkedBy: FormCatalog.charge, context: context)
        let category =
            try body.category.map { name in
                guard let category = ChargeCategory(rawValue: name), category != .room, category != .tax else {
                    throw DomainError.invalid(
                        "category", "'\(name)' is not a category for a charge (\(Self.chargeCategories))")
                }
                return category
            } ?? .other
        try Self.requireDescription(body.description)
        return try await post(
            request, context,
            .init(kind: .charge, description: body.description, amount: try body.amount.money(), category: category))
    }

    @Sendable func payment(_ request: Request, context: AppRequestContext) async throws -> Response {
        let body = try await request.decodeJSON(
            as: PaymentRequest.self, checkedBy: FormCatalog.payment, context: context)
        guard let method = PaymentMethod(rawValue: body.method) else {
            throw DomainError.invalid(
                "method",
                "'\(body.method)' is not a way to pay (\(PaymentMethod.allCases.map(\.rawValue).joined(separator: ", ")))"
            )
        }
        let description = body.description ?? "Payment (\(method.rawValue.replacingOccurrences(of: "_", with: " ")))"
        try Self.requireDescription(description)
        return try await post(
            request, context,
            .init(kind: .payment, description: description, amount: try body.amount.money(), method: method))
    }

    @Sendable func reversal(_ request: Request, context: AppRequestContext) async throws -> Response {
        let body = try await request.decodeJSON(as: ReversalRequest.self, context: context)
        try Self.requireDescription(body.reason, field: "reason")
        let stayID = try await stayID(context)
        let folio = try await FolioRepository(store: store).folio(stayID: stayID)
        guard let target = folio.entries.first(where: { $0.id == body.entryId }) else {
            throw DomainError(.notFound, "no entry \(body.entryId) on this folio", field: "entryId")
        }
        return try await post(
            request, context,
            .init(kind: .reversal, description: body.reason, amount: target.amount, reverses: target.id))
    }

    private func post(_ request: Request, _ context: AppRequestContext, _ posting: FolioRepository.Posting) async throws
        -> Response
    {
        let folio = try await FolioRepository(store: store).post(
            [posting], stayID: try await stayID(context), by: try context.requireUser().id)
        var response = try FolioJSON(folio).response(from: request, context: context)
        response.status = .created
        return response
    }

    /// The stay of the path, at a property the member of staff works at.
    private func stayID(_ context: AppRequestContext) async throws -> Int {
        let id = try context.parameters.requireID("id")
        guard let stay = try await StayRepository(store: store).stay(id: id) else {
            throw DomainError(.notFound, "no stay \(id)")
        }
        try context.requireAccess(to: stay.propertyID)
        return id
    }

    /// What staff may charge by hand: room and tax lines are posted only by check-in.
    static let postableCategories = ChargeCategory.allCases.filter { $0 != .room && $0 != .tax }

    static let chargeCategories = postableCategories.map(\.rawValue).joined(separator: ", ")

    /// The longest description of a folio line.
    static let descriptionLimit = 200

    static func requireDescription(_ text: String, field: String = "description") throws {
        guard !text.trimmingCharacters(in: .whitespaces).isEmpty, text.count <= descriptionLimit else {
            throw DomainError.invalid(field, "1 to \(descriptionLimit) characters")
        }
        try FreeText.validate(text, field: field, limit: descriptionLimit, lines: false)
    }
}

extension MoneyJSON {
    /// The amount in a currency Frontdesk takes, within `Money.maxAmount`; the folio checks it is its
    /// own currency and positive.
    func money() throws -> Money {
        try Money.validate(amount: amount, field: "amount.amount", in: 1...Money.maxAmount)
        return Money(amount, try Currency.named(currency, field: "amount.currency"))
    }
}

struct FolioJSON: ResponseEncodable {
    struct Entry: Codable {
        var id: Int
        var kind: String
        var description: String
        var amount: MoneyJSON
        var category: String?
        var method: String?
        var reverses: Int?
        var night: String?
        var reversed: Bool
    }

    var currency: String
    var balance: MoneyJSON
    var totalCharges: MoneyJSON
    var totalPayments: MoneyJSON
    var entries: [Entry]

    init(_ folio: Folio) {
        currency = folio.currency.code
        balance = MoneyJSON(folio.balance)
        totalCharges = MoneyJSON(folio.totalCharges)
        totalPayments = MoneyJSON(folio.totalPayments)
        entries = folio.entries.map {
            Entry(
                id: $0.id, kind: $0.kind.rawValue, description: $0.description, amount: MoneyJSON($0.amount),
                category: $0.category?.rawValue, method: $0.method?.rawValue, reverses: $0.reverses,
                night: $0.night?.iso,
                reversed: folio.isReversed($0.id))
        }
    }
}
