/// A booking that will not be stayed: cancelled by the desk or the guest, a guest who never came,
/// and a manager taking either back.
extension FrontDesk {
    /// Cancels a booked stay at the desk (the desk asks before it): its nights are free again.
    public func cancel(_ id: Int, version: Int?, by staff: Staff) async throws -> Stay {
        _ = try await requireStay(id, by: staff)
        return try await change(id, version: version, by: staff, action: "cancel") { stay, _ in try stay.cancel() }
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
            [Posting(kind: .charge, description: NightAudit.noShowFee, amount: fee, category: .fee)], stayID: stay.id)
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
            guard terms.fee.amount > 0 else {
                // Cancelled in time: every deposit paid goes back.
                let folio = try await ledger.folio(stayID: stay.id)
                let paid = folio.entries.filter { $0.kind == .payment && !folio.isReversed($0.id) }
                try await ledger.post(
                    paid.map {
                        Posting(kind: .reversal, description: "Deposit refunded", amount: $0.amount, reverses: $0.id)
                    }, stayID: stay.id)
                return
            }
            // Cancelled late: the deposits paid are kept against the fee.
            try await ledger.post(
                [Posting(kind: .charge, description: "Late cancellation fee", amount: terms.fee, category: .fee)],
                stayID: stay.id)
        }
    }
}
