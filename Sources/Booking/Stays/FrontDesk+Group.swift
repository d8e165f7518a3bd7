/// Bookings of several rooms at the desk (`BookingGroup`).
extension FrontDesk where Storage: GroupStorage {
    /// Books `rooms` as one group named `name` (the first guest's name when empty): each room checked as
    /// `book` checks one (a room, or only its type to assign later), all stored in one transaction, so that
    /// one room taken meanwhile books none (`.conflict`, naming the stay in the way).
    public func bookGroup(_ rooms: [NewStay], name: String, by staff: Staff) async throws -> (
        group: BookingGroup, stays: [Stay]
    ) {
        let name = name.trimmingCharacters(in: .whitespaces)
        try BookingGroup.validate(rooms: rooms.count, name: name)
        var checked: [(NewStay, [Day: Money])] = []
        for (index, room) in rooms.enumerated() {
            guard room.propertyID == rooms[0].propertyID else {
                throw DomainError.invalid("rooms[\(index)].propertyId", "a group's rooms are at one property")
            }
            do {
                checked.append(try await self.checked(room, by: staff))
            } catch let error as DomainError {
                throw error.under("rooms[\(index)]")
            }
        }
        let ready = checked
        return try await storage.inOneTransaction {
            var stays: [Stay] = []
            for (new, rates) in ready {
                stays.append(try await storage.insert(new, agreedRates: rates, by: staff.user.id))
            }
            let group = try await storage.group(
                stays, name: name.isEmpty ? ready[0].0.guestName : name, by: staff.user.id)
            return (
                group,
                stays.map {
                    var stay = $0; stay.groupID = group.id; return stay
                }
            )
        }
    }

    /// A group and its stays, as `staff` may see them.
    public func group(_ id: Int, by staff: Staff) async throws -> (group: BookingGroup, stays: [Stay]) {
        guard let group = try await storage.group(id: id), try staff.worksAt(group.propertyID) else {
            throw DomainError(.notFound, "no group \(id)")
        }
        var stays: [Stay] = []
        for stayID in group.stayIDs {
            if let stay = try await storage.stay(id: stayID) { stays.append(stay) }
        }
        return (group, stays)
    }
}

extension DomainError {
    /// The same refusal with its field under `prefix` (`rooms[1].adults`), for one part of a request.
    public func under(_ prefix: String) -> DomainError {
        DomainError(
            code, message, field: field.map { "\(prefix).\($0)" } ?? prefix, reason: reason, params: params)
    }
}
