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
            guard let before, let (guest, place, roomType) = try await particulars(of: after) else { return answer }
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

    /// What a stay's messages state of it besides the stay: its guest, property and room type; nil when one
    /// of them is gone.
    func particulars(of stay: Stay) async throws -> (Guest, Property, RoomType)? {
        guard let guest = try await store.guest(id: stay.guestID),
            let place = try await store.property(id: stay.propertyID),
            let roomType = try await store.roomTypes(propertyID: place.id).first(where: { $0.id == stay.roomTypeID })
        else { return nil }
        return (guest, place, roomType)
    }
}

extension FrontdeskAPI {
    /// The same for the desk's change of appointment `appointmentID` (a new time or member of staff, or
    /// its cancellation with the `fee` the terms kept): its customer is told of their visit as it is after,
    /// and that `later` visits of its series went with it.
    func tellingCustomer(
        appointmentID: Int, fee: Money? = nil, later: Int = 0,
        _ change: @escaping @Sendable () async throws -> Appointment
    ) async throws -> Appointment {
        try await store.write { _ in
            let before = try await store.appointment(id: appointmentID)
            let after = try await change()
            guard let before, let visit = try await store.messages.visit(appointmentID: appointmentID),
                let salon = try await store.property(id: after.propertyID)
            else { return after }
            let settings = try await store.messages.settings(propertyID: salon.id)
            if let message = settings.applied(
                to: .deskChange(of: visit, from: before, to: after, fee: fee, salon: salon, later: later))
            {
                try await store.messages.enqueue(message)
            }
            return after
        }
    }
}

extension FrontdeskAPI {
    /// Books a stay at the desk and, when the desk chose a `language` for the guest, writes their
    /// confirmation in the booking's transaction, with the total the guest site would quote for it.
    func bookingAtDesk(_ new: NewStay, language: Language?) async throws -> Stay {
        // Read here: the transaction runs in a task of its own, outside the request's.
        let staff = try staff
        return try await store.write { _ in
            let stay = try await frontDesk.book(new, by: staff)
            guard let language, let (guest, place, roomType) = try await particulars(of: stay) else { return stay }
            let price = try StayPrice.quote(
                roomType: roomType, nights: stay.nights, property: place, party: stay.party,
                plan: place.ratePlan(stay.ratePlanID), agreedRates: try await store.agreedRates(stayID: stay.id))
            let settings = try await store.messages.settings(propertyID: place.id)
            if let message = settings.applied(
                to: .confirmation(
                    ofDeskBooking: stay, guest: guest, place: place, roomType: roomType, price: price,
                    language: language))
            {
                try await store.messages.enqueue(message)
            }
            return stay
        }
    }

    /// Books an appointment at the desk and, when the desk chose a `language` for the customer, writes
    /// their confirmation in the booking's transaction.
    func bookingAtDesk(_ new: NewAppointment, language: Language?) async throws -> Appointment {
        let staff = try staff
        return try await store.write { _ in
            let appointment = try await salonDesk.book(new, by: staff)
            guard let language, let visit = try await store.messages.visit(appointmentID: appointment.id),
                let salon = try await store.property(id: appointment.propertyID)
            else { return appointment }
            let settings = try await store.messages.settings(propertyID: salon.id)
            if let message = settings.applied(to: .confirmation(ofDeskBooked: visit, salon: salon, language: language))
            {
                try await store.messages.enqueue(message)
            }
            return appointment
        }
    }
}
