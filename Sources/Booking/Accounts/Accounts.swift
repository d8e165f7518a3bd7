import Foundation

/// A stay's account: what the desk posts to its folio by hand (extras, payments, and reversals of
/// mistakes), and the invoices and receipts issued from it (`Accounts+Documents.swift`). The stay's own
/// room charges, fees and taxes are posted only by check-in and corrected by changes of its nights
/// (`StayCharges`); the day's close is `NightAuditDesk`'s.
public struct Accounts<Storage: StayStorage>: StayOperations {
    public let storage: Storage
    public let now: @Sendable () -> Date

    public init(storage: Storage, now: @escaping @Sendable () -> Date) {
        self.storage = storage
        self.now = now
    }

    /// Charges an extra (minibar, laundry, a late check-out) to the stay's folio (the one its kind is routed
    /// to, `FolioSplit`), of a tax class: standard,
    /// reduced (Japan's 8 % on food taken away) or outside the tax (a fee for business lost). The line keeps
    /// the shares inside its price today. Answers the folio after, with the property whose taxes its lines
    /// carry.
    public func postCharge(
        to id: Int, description: String, amount: Money, category: ChargeCategory = .other,
        taxClass: TaxClass = .standard, by staff: Staff
    ) async throws -> (folio: Folio, property: Property) {
        _ = try ChargeCategory.postable(named: category.rawValue)
        try Posting.validate(description: description)
        let stay = try await requireStay(id, by: staff)
        guard let property = try await storage.property(id: stay.propertyID) else {
            throw DomainError(.notFound, "no property \(stay.propertyID)")
        }
        let today = property.today(now: now())
        let taxes = LineTaxes.charge(taxClass, on: today, taxes: property.taxes)
        let folio = try await storage.post(
            [Posting(kind: .charge, description: description, amount: amount, category: category, taxes: taxes)],
            stayID: id, by: staff.user.id, then: Self.taxes(of: stay, at: property, today: today))
        return (folio, property)
    }

    /// Records a payment (no card numbers: a method, an amount and its description) on one of the stay's
    /// folios (nil: the guest's own).
    public func postPayment(
        to id: Int, amount: Money, method: PaymentMethod, description: String? = nil, folio: Int? = nil,
        by staff: Staff
    ) async throws -> Folio {
        guard PaymentMethod.atHotelDesk.contains(method) else {
            throw DomainError.invalid("method", "a folio is paid, not charged to a room: that is a salon's checkout")
        }
        let description = description ?? method.paymentDescription
        try Posting.validate(description: description)
        return try await post(
            Posting(kind: .payment, description: description, amount: amount, method: method, folio: folio), to: id,
            by: staff)
    }

    /// Reverses a line posted by mistake, with the amount it carried; a line is reversed once. The taxes on
    /// the charges follow: a tax line is not reversed by hand, nor a salon's visit charged to the room
    /// (`RoomCharge`), which its sale's refund reverses.
    public func reverse(entry entryID: Int, of id: Int, reason: String, by staff: Staff) async throws -> Folio {
        try Posting.validate(description: reason, field: "reason")
        let stay = try await requireStay(id, by: staff)
        guard let target = try await storage.folio(stayID: id).entries.first(where: { $0.id == entryID }) else {
            throw DomainError(.notFound, "no entry \(entryID) on this folio", field: "entryId")
        }
        guard !target.followsCharges else {
            throw DomainError(
                .notAllowed, "a tax line follows the charges it is on: reverse the charge instead", field: "entryId",
                reason: .folioTaxFollowsCharges)
        }
        guard target.category != .salon else {
            throw DomainError(
                .notAllowed, "the salon's visit charged to the room is taken off by the salon's refund of its sale",
                field: "entryId", reason: .folioSalonLine)
        }
        guard let property = try await storage.property(id: stay.propertyID) else {
            throw DomainError(.notFound, "no property \(stay.propertyID)")
        }
        return try await storage.post(
            [Posting(kind: .reversal, description: reason, amount: target.amount, reverses: target.id)], stayID: id,
            by: staff.user.id, then: Self.taxes(of: stay, at: property, today: property.today(now: now())))
    }

    /// What a charge or reversal by hand calls for once posted: the taxes added on the folio's charges as
    /// they then stand (`StayCharges.taxCorrections`), nothing at a property whose taxes are inside its prices.
    private static func taxes(of stay: Stay, at property: Property, today: Day) -> @Sendable (Folio) -> [Posting] {
        { folio in
            StayCharges.taxCorrections(folio: folio, taxes: property.taxes, party: stay.party, today: today)
                .map(Posting.init)
        }
    }

    /// The stay's folio, with the property whose taxes its lines carry and the booking's code: the
    /// accounts' reading (not housekeeping's).
    public func folio(of id: Int, by staff: Staff) async throws -> (
        folio: Folio, property: Property, confirmationCode: String
    ) {
        // The stay and its property alone: `stay(_:by:)` would read its room type and rates as well.
        let stay = try await requireStay(id, by: staff.doing(.accounts))
        guard let property = try await storage.property(id: stay.propertyID) else {
            throw DomainError(.notFound, "no property \(stay.propertyID)")
        }
        return (try await storage.folio(stayID: id), property, stay.confirmationCode)
    }

    private func post(_ posting: Posting, to id: Int, by staff: Staff) async throws -> Folio {
        _ = try await requireStay(id, by: staff)
        return try await storage.post([posting], stayID: id, by: staff.user.id)
    }
}

extension ChargeCategory {
    /// What staff may charge by hand: room and tax lines are posted only by check-in, a salon's deposits
    /// only by taking one (`Checkout.takeDeposit`), and a salon's visit only by its checkout (`RoomCharge`).
    public static let postable = allCases.filter { ![.room, .tax, .deposit, .salon, .prepaid].contains($0) }

    /// The category a charge by hand names, refused (naming `category`) unless staff may post it.
    public static func postable(named name: String) throws(DomainError) -> ChargeCategory {
        guard let category = ChargeCategory(rawValue: name), postable.contains(category) else {
            throw .invalid(
                "category",
                "'\(name)' is not a category for a charge (\(postable.map(\.rawValue).joined(separator: ", ")))")
        }
        return category
    }
}
