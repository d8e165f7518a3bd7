import Foundation

/// What the desk reads and does of the messages a property sends: a stay's or a visit's messages as their
/// readers may see them, a manager's "send again", and the property's message settings, read by its staff
/// and set by its managers. Each decides its own access, as every operation type does (`StayOperations`).
public struct Outbox<Storage: OutboxStorage>: StayOperations {
    public let storage: Storage
    public let now: @Sendable () -> Date

    public init(storage: Storage, now: @escaping @Sendable () -> Date) {
        self.storage = storage
        self.now = now
    }

    /// The messages sent to a stay's guest, for whoever may read the stay.
    public func messages(ofStay id: Int, by staff: Staff) async throws -> [OutgoingMessage] {
        _ = try await requireStay(id, by: staff.doing(.reading))
        return try await storage.messages(stayID: id)
    }

    /// The messages sent to an appointment's customer, for whoever may read the appointment.
    public func messages(ofAppointment id: Int, by staff: Staff) async throws -> [OutgoingMessage] {
        guard let appointment = try await storage.appointment(id: id),
            try staff.doing(.reading).worksAt(appointment.propertyID)
        else { throw DomainError(.notFound, "no appointment \(id)") }
        return try await storage.messages(appointmentID: id)
    }

    /// Sends a message again, due now: a manager's. Another property's message does not exist for them.
    public func sendAgain(_ id: Int, by staff: Staff) async throws -> OutgoingMessage {
        guard let message = try await storage.message(id: id), staff.roles(message.message.propertyID) != nil else {
            throw DomainError(.notFound, "no message \(id)", field: "id")
        }
        try staff.requireManager("send a message again", at: message.message.propertyID)
        return try await storage.sendAgain(id: id)
    }

    /// What a guest or customer said of the property's messages on a channel, as the desk records it: their
    /// address there (an email address on `.email`), refused naming `address` when it is none.
    public func record(_ consent: MessageConsent, at propertyID: Int, by staff: Staff) async throws -> MessageConsent {
        let property = try await property(propertyID, by: staff)
        var consent = consent
        consent.address = MessageConsent.normalized(consent.address)
        try FreeText.validate(consent.address, field: "address", limit: MessageConsent.addressLimit)
        guard !consent.address.isEmpty else { throw DomainError.invalid("address", "give the address") }
        if consent.channel == .email {
            do { try User.validate(email: consent.address) } catch {
                var named = error
                named.field = "address"
                throw named
            }
        }
        return try await storage.record(consent, propertyID: property.id, by: staff.user.id)
    }

    /// What the guest or customer at `address` on `channel` said, for the property's staff; nil when nothing.
    public func consent(on channel: MessageChannel, address: String, at propertyID: Int, by staff: Staff)
        async throws -> MessageConsent?
    {
        let property = try await property(propertyID, by: staff.doing(.reading))
        return try await storage.consent(
            propertyID: property.id, channel: channel, address: MessageConsent.normalized(address))
    }

    /// What the property sends, for its staff.
    public func settings(of propertyID: Int, by staff: Staff) async throws -> MessageSettings {
        let property = try await property(propertyID, by: staff.doing(.reading))
        return try await storage.messageSettings(propertyID: property.id)
    }

    /// Sets what the property sends (checked by `MessageSettings.validate`): a manager's change.
    public func set(_ settings: MessageSettings, of propertyID: Int, by staff: Staff) async throws -> MessageSettings {
        let property = try await property(propertyID, by: staff.doing(.reading))
        try staff.requireManager("change what the property sends", at: property.id)
        try settings.validate()
        return try await storage.updateSettings(settings, propertyID: property.id, by: staff.user.id)
    }
}

/// What the desk's reading of the outbox needs of storage.
public protocol OutboxStorage: StayStorage {
    func appointment(id: Int) async throws -> Appointment?
    func message(id: Int) async throws -> OutgoingMessage?
    func messages(stayID: Int) async throws -> [OutgoingMessage]
    func messages(appointmentID: Int) async throws -> [OutgoingMessage]
    /// Puts a message back in the queue, due now, its history kept.
    func sendAgain(id: Int) async throws -> OutgoingMessage
    /// Keeps what someone said of the property's messages on a channel, journaled; answers it as kept.
    func record(_ consent: MessageConsent, propertyID: Int, by userID: Int?) async throws -> MessageConsent
    /// Writes the property's message settings, journaled; answers them as stored.
    func updateSettings(_ settings: MessageSettings, propertyID: Int, by userID: Int?) async throws -> MessageSettings
}
