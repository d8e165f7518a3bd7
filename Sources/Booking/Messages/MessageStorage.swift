/// What telling guests and customers needs of storage: the property's message settings, what a message
/// states of a booking, and the outbox. The outbox's writes join the transaction open around them, so a
/// change and what it sets off commit together or not at all (`Notices`).
public protocol MessageStorage: Sendable {
    /// Runs `body` in one transaction, joining the one open around it (as a savepoint) when there is one.
    func inOneTransaction<T: Sendable>(_ body: @escaping @Sendable () async throws -> T) async throws -> T
    /// Which messages a property sends and what it adds to them (`MessageSettings.standard` until set).
    func messageSettings(propertyID: Int) async throws -> MessageSettings
    /// The language the guest's first message about a stay was written in; nil when they had none.
    func language(stayID: Int) async throws -> Language?
    /// A salon visit as its messages state it: the appointments booked together, their customer's contact.
    func visit(appointmentID: Int) async throws -> UpcomingVisit?
    /// What the recipient at `address` on `channel` said of the property's messages there; nil when nothing.
    func consent(propertyID: Int, channel: MessageChannel, address: String) async throws -> MessageConsent?
    /// Writes a message to the outbox, due now.
    func enqueue(_ message: NewMessage) async throws -> OutgoingMessage
    /// Writes a message due by the clock unless its visit or stay already has one of its kind: whether it
    /// was written (another instance may have written it first).
    func enqueueOnce(_ message: NewMessage) async throws -> Bool
}
