/// The guest's arrival and departure at the desk.
extension FrontDesk {
    /// Checks the guest in on the property's today (`Stay.checkIn`: not before arrival, into the room
    /// of tonight, ready unless `override`), and posts the stay's charges to its folio in the same
    /// transaction (`StayCharges`): a line a night at the rate it was booked at, fees and taxes, from
    /// the same quote the guest site shows.
    public func checkIn(_ id: Int, version: Int?, override: Bool = false, by staff: Staff) async throws -> Stay {
        let found = try await stay(id, by: staff)
        let (property, roomType, today) = (found.property, found.roomType, found.today)
        let room = try await found.stay.roomID(on: today).asyncMap { try await storage.room(id: $0) } ?? nil
        return try await change(id, version: version, by: staff, action: "check-in") { stay, ledger in
            try stay.checkIn(today: today, room: room, override: override)
            try await ledger.correctCharges(of: stay, roomType: roomType, property: property)
        }
    }

    /// Checks the guest out with a settled folio (a company's folios wait for its monthly invoice);
    /// `force` (a manager's) leaves an open balance. The
    /// room the guest slept in last is dirty from then on, in the same transaction.
    public func checkOut(_ id: Int, version: Int?, force: Bool = false, by staff: Staff) async throws -> Stay {
        let found = try await stay(id, by: staff)
        if force {
            try staff.requireManager("check out with an open balance", at: found.stay.propertyID, field: "force")
        }
        let lastNight = min(found.today, found.stay.departure).adding(days: -1)
        return try await change(id, version: version, by: staff, action: "check-out") { stay, ledger in
            try stay.checkOut(balance: try await ledger.folio(stayID: stay.id).dueAtDesk, forcedByManager: force)
            if let room = stay.roomID(on: lastNight) ?? stay.segments.last?.roomID {
                try await ledger.setHousekeeping(.dirty, roomID: room)
            }
        }
    }
}
