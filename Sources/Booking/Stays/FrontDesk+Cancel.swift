/// A booking that will not be stayed: cancelled by the desk or the guest, a guest who never came,
/// and a manager taking either back.
extension FrontDesk {
    /// Cancels a booked stay at the desk (the desk asks before it): its nights are free again, and the
    /// cancellation terms are applied as the desk chose (`DeskCancellation`). The guest is told, with the
    /// fee the terms keep, in the cancellation's transaction.
    public func cancel(_ id: Int, version: Int?, terms: DeskCancellation = .applyTerms, by staff: Staff)
        async throws -> Stay
    {
        let found = try await stay(id, by: staff)
        if case .waiveFee(let reason) = terms { try DeskCancellation.validate(reason: reason) }
        let told: Money? =
            switch terms {
            case .applyTerms: try await cancellationFee(of: found)
            case .waiveFee: nil
            }
        return try await tellingGuest(id, fee: told) {
            let stay = try await cancelling(id, version: version, terms: terms, by: staff, found: found)
            return (stay, stay)
        }
    }

    private func cancelling(
        _ id: Int, version: Int?, terms: DeskCancellation, by staff: Staff, found: StayAtProperty
    ) async throws -> Stay {
        let (property, roomType, today) = (found.property, found.roomType, found.today)
        return try await change(id, version: version, by: staff, action: "cancel") { stay, ledger in
            switch terms {
            case .applyTerms:
                let price = try await ledger.price(of: stay, roomType: roomType, property: property)
                let fee = property.cancellationPolicy(for: stay).fee(
                    cancellingOn: today, arrival: stay.arrival, total: price.total)
                try stay.cancel()
                try await Self.settleCancellation(of: stay, fee: fee, ledger: ledger)
            case .waiveFee(let reason):
                try stay.cancel()
                stay.notes = DeskCancellation.note(waiving: reason, to: stay.notes)
            }
        }
    }

    /// What applying a booked stay's cancellation terms would charge now (zero within the free window);
    /// nil for a stay that is not booked.
    public func cancellationFee(_ id: Int, by staff: Staff) async throws -> Money? {
        try await cancellationFee(of: try await stay(id, by: staff))
    }

    /// The same for a stay already found with its property.
    func cancellationFee(of found: StayAtProperty) async throws -> Money? {
        let (stay, property) = (found.stay, found.property)
        guard stay.state == .booked else { return nil }
        let price = try StayPrice.quote(
            roomType: found.roomType, nights: stay.nights, property: property, party: stay.party,
            plan: property.ratePlan(stay.ratePlanID), agreedRates: try await storage.agreedRates(stayID: stay.id))
        return property.cancellationPolicy(for: stay).fee(
            cancellingOn: found.today, arrival: stay.arrival, total: price.total)
    }

    /// Settles a cancelled stay's folio by its terms: a fee charged, the deposits paid kept against it;
    /// or, free, every deposit paid given back (its payment reversed).
    static func settleCancellation(of stay: Stay, fee: Money, ledger: Storage.Ledger) async throws {
        guard fee.amount > 0 else {
            let folio = try await ledger.folio(stayID: stay.id)
            let paid = folio.entries.filter { $0.kind == .payment && !folio.isReversed($0.id) }
            try await ledger.post(
                paid.map {
                    Posting(kind: .reversal, description: "Deposit refunded", amount: $0.amount, reverses: $0.id)
                },
                stayID: stay.id)
            return
        }
        try await ledger.post(
            [
                Posting(
                    kind: .charge, description: "Late cancellation fee", amount: fee, category: .fee,
                    taxes: LineTaxes(taxClass: .outside, included: []))
            ],
            stayID: stay.id)
    }

    /// Marks a guest who never came, on or after the arrival date, and posts the policy's fee for it
    /// (`CancellationPolicy.noShowFee`), as the night audit does.
    public func markNoShow(_ id: Int, version: Int?, by staff: Staff) async throws -> Stay {
        let found = try await stay(id, by: staff)
        let (property, roomType, today) = (found.property, found.roomType, found.today)
        return try await change(id, version: version, by: staff, action: "no-show") { stay, ledger in
            try stay.markNoShow(today: today)
            try await Self.postNoShowFee(stay, roomType: roomType, property: property, ledger: ledger)
        }
    }

    /// Takes back a cancellation or a no-show made by mistake: managers only, before the stay has
    /// ended, and only if its rooms are still free (the database refuses otherwise, naming who has them).
    /// A no-show's fee is reversed with it.
    public func reinstate(_ id: Int, version: Int?, by staff: Staff) async throws -> Stay {
        let found = try await stay(id, by: staff)
        try staff.requireManager("reinstate a stay", at: found.stay.propertyID)
        let today = found.today
        return try await change(id, version: version, by: staff, action: "reinstate") { stay, ledger in
            let wasNoShow = stay.state == .noShow
            try stay.reinstate(today: today)
            guard wasNoShow else { return }
            let folio = try await ledger.folio(stayID: stay.id)
            let fees = folio.entries.filter {
                $0.kind == .charge && $0.description == NightAudit.noShowFee && !folio.isReversed($0.id)
            }
            try await ledger.post(
                fees.map {
                    Posting(kind: .reversal, description: "Reinstated: no no-show", amount: $0.amount, reverses: $0.id)
                }, stayID: stay.id)
        }
    }

    /// Posts the policy's fee for a guest who never came (nothing when it is free).
    static func postNoShowFee(_ stay: Stay, roomType: RoomType, property: Property, ledger: Storage.Ledger)
        async throws
    {
        let price = try await ledger.price(of: stay, roomType: roomType, property: property)
        let fee = property.cancellationPolicy(for: stay).noShowFee(total: price.total)
        guard fee.amount > 0 else { return }
        try await ledger.post(
            [
                Posting(
                    kind: .charge, description: NightAudit.noShowFee, amount: fee, category: .fee,
                    taxes: LineTaxes(taxClass: .outside, included: []))
            ], stayID: stay.id)
    }

    /// A guest cancels their own booking on the guest site: allowed by its plan's policy (else the
    /// place's) as the stay stands in the change's transaction (`GuestCancellation`). Within the free
    /// window every deposit paid is refunded (its payment reversed); after it the late-cancellation fee
    /// is charged to its folio and the deposits are kept against it.
    public func cancelByGuest(_ id: Int) async throws -> Stay {
        try await cancelByGuest(try await stay(id, by: nil))
    }

    /// The same for a stay already found with its property.
    func cancelByGuest(_ found: StayAtProperty) async throws -> Stay {
        let (property, roomType, today) = (found.property, found.roomType, found.today)
        return try await change(found.stay.id, version: nil, by: nil, action: "cancel") { stay, ledger in
            let price = try await ledger.price(of: stay, roomType: roomType, property: property)
            let terms = GuestCancellation(
                stay: stay, policy: property.cancellationPolicy(for: stay), total: price.total, today: today)
            try terms.check()
            try stay.cancel()
            try await Self.settleCancellation(of: stay, fee: terms.fee, ledger: ledger)
        }
    }
}

/// What the desk does with a booking's cancellation terms when it cancels it.
public enum DeskCancellation: Sendable, Equatable {
    /// As the guest cancelling now would meet them: within the free window nothing is charged and every
    /// deposit is refunded; later, the policy's (or plan's) fee is charged and the deposits are kept
    /// against it.
    case applyTerms
    /// Nothing charged, for a reason kept on the stay (its notes, so its history shows it); what was paid
    /// stays on the folio for the desk to refund or keep.
    case waiveFee(reason: String)

    /// The longest reason for waiving a fee.
    public static let reasonLimit = 200

    public static func validate(reason: String) throws(DomainError) {
        guard reason.contains(where: { !$0.isWhitespace }) else {
            throw .invalid("reason", "waiving the fee needs a reason", reason: .textRequired)
        }
        try FreeText.validate(reason, field: "reason", limit: reasonLimit, lines: false)
    }

    /// The stay's notes with the waiver added on a line of its own, the oldest notes shortened to keep
    /// within `Stay.validate(notes:)`'s limit.
    static func note(waiving reason: String, to notes: String) -> String {
        let line = "Cancellation fee waived: \(reason)"
        guard !notes.isEmpty else { return line }
        return String(notes.prefix(max(0, Stay.notesLimit - line.count - 1))) + "\n" + line
    }
}
