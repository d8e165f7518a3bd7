import Booking

/// The outbox in memory for the in-memory storages: the messages written, in order, and a transaction that
/// puts back what it changed when its body throws.
protocol InMemoryOutbox: Actor, MessageStorage {
    associatedtype Snapshot: Sendable
    var outbox: [NewMessage] { get set }
    var messageSettings: [Int: MessageSettings] { get }
    var snapshot: Snapshot { get }
    func restore(_ snapshot: Snapshot)
}

extension InMemoryOutbox {
    func inOneTransaction<T: Sendable>(_ body: @escaping @Sendable () async throws -> T) async throws -> T {
        let before = snapshot
        do {
            return try await body()
        } catch {
            restore(before)
            throw error
        }
    }

    func messageSettings(propertyID: Int) -> MessageSettings { messageSettings[propertyID] ?? MessageSettings() }

    func language(stayID: Int) -> Language? { outbox.first { $0.stayID == stayID }?.language }

    func visit(appointmentID: Int) -> UpcomingVisit? { nil }

    func consent(propertyID: Int, channel: MessageChannel, address: String) -> MessageConsent? { nil }

    func enqueue(_ message: NewMessage) -> OutgoingMessage {
        outbox.append(message)
        return OutgoingMessage(
            id: outbox.count, message: message, messageID: "\(outbox.count)", state: .queued, attempts: 0, dueAt: 0,
            lastError: nil, createdAt: 0, sentAt: nil)
    }

    func enqueueOnce(_ message: NewMessage) -> Bool {
        guard
            !outbox.contains(where: {
                $0.kind == message.kind && $0.stayID == message.stayID && $0.appointmentID == message.appointmentID
            })
        else { return false }
        _ = enqueue(message)
        return true
    }
}
