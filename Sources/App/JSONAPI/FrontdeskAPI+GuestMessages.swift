import Booking

/// What the desk's changes tell the guest: a change of a stay is made, and its message written, in one
/// transaction (`NewMessage.deskChange` says which message, if any), in the language the guest's first
/// message was written in (English when they had none).
extension FrontdeskAPI {
    /// Runs `change` (the desk's change of stay `stayID`, returning its answer and the stay after) and
    /// writes the guest's message in its transaction; `fee` is what a cancellation's terms keep.
    func tellingGuest<Answer: Sendable>(
        stayID: Int, fee: Money? = nil, _ change: @escaping @Sendable () async throws -> (Answer, Stay)
    ) async throws -> Answer {
        try await store.write { _ in
            let before = try await store.stay(id: stayID)
            let (answer, after) = try await change()
            guard let before, let guest = try await store.guest(id: after.guestID),
                let place = try await store.property(id: after.propertyID),
                let roomType = try await store.roomTypes(propertyID: place.id).first(where: {
                    $0.id == after.roomTypeID
                })
            else { return answer }
            let language = try await store.messages.language(stayID: stayID) ?? .en
            let settings = try await store.messages.settings(propertyID: place.id)
            if let message = settings.applied(
                to: .deskChange(
                    from: before, to: after, fee: fee, guest: guest, place: place, roomType: roomType,
                    language: language)
            ) {
                try await store.messages.enqueue(message)
            }
            return answer
        }
    }
}

extension FrontdeskAPI {
    /// The same for the desk's change of appointment `appointmentID` (a new time or member of staff, or
    /// its cancellation with the `fee` the terms kept): its customer is told of their visit as it is after.
    func tellingCustomer(
        appointmentID: Int, fee: Money? = nil, _ change: @escaping @Sendable () async throws -> Appointment
    ) async throws -> Appointment {
        try await store.write { _ in
            let before = try await store.appointment(id: appointmentID)
            let after = try await change()
            guard let before, let visit = try await store.messages.visit(appointmentID: appointmentID),
                let salon = try await store.property(id: after.propertyID)
            else { return after }
            let settings = try await store.messages.settings(propertyID: salon.id)
            if let message = settings.applied(
                to: .deskChange(of: visit, from: before, to: after, fee: fee, salon: salon))
            {
                try await store.messages.enqueue(message)
            }
            return after
        }
    }
}
