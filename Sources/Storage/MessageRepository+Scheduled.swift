import Booking
import Foundation
import SQLKit

/// What a reminder or a pre-arrival message is about: visits and stays still to come, across every
/// property that sends them, not yet sent theirs. The caller decides which are due
/// (`MessageSettings.remindsNow`, `preArrivalNow`) and writes each once (`enqueueOnce`).
extension MessageRepository {
    /// Visits booked to start after `now` (minutes since 1970 at UTC) and within their salon's
    /// `reminderHours`, not yet reminded: one per code (a visit booked online), or per appointment booked
    /// at the desk.
    public func upcomingVisits(now: Int) async throws -> [UpcomingVisit] {
        try await store.read { sql in
            try await Self.visits(
                where: """
                    a.start_minute > \(bind: now) AND a.start_minute <= \(bind: now + MessageSettings.reminderHours.upperBound * 60)
                      AND a.start_minute <= \(bind: now) + p.reminder_hours * 60 AND a.state = 'booked'
                      AND NOT EXISTS (
                        SELECT 1 FROM messages m JOIN appointments other ON other.id = m.appointment_id
                        WHERE m.kind = 'reminder' AND (other.id = a.id OR (a.code <> '' AND other.code = a.code)))
                    """, limit: 2000, in: sql)
        }
    }

    /// The visit appointment `id` is part of, as its messages state it: the appointment and the others
    /// booked under its code still kept; nil when its customer has no email.
    public func visit(appointmentID id: Int) async throws -> UpcomingVisit? {
        try await store.read { sql in
            try await Self.visits(
                where: """
                    (a.id = \(bind: id) OR (a.state NOT IN ('cancelled', 'no_show') AND a.code <> ''
                      AND a.code = (SELECT code FROM appointments WHERE id = \(bind: id))))
                    """, limit: 100, in: sql
            ).first
        }
    }

    /// The visits of the appointments `condition` picks (over `a`, with `p` its salon), in order of their
    /// start: one per code (a visit booked online), or per appointment booked at the desk, each with the
    /// language of its customer's first message; those whose customer has no email are left out.
    static func visits(where condition: SQLQueryString, limit: Int, in sql: any SQLDatabase) async throws
        -> [UpcomingVisit]
    {
        let rows = try await sql.raw(
            """
            SELECT a.id, a.property_id, a.code, a.start_minute, sv.name AS service, sv.price,
              st.name AS staff_name, COALESCE(c.name, g.name) AS customer_name,
              COALESCE(NULLIF(c.email, ''), g.email) AS email
            FROM appointments a
            JOIN properties p ON p.id = a.property_id
            JOIN services sv ON sv.id = a.service_id
            JOIN staff st ON st.id = a.staff_id
            JOIN guests g ON g.id = a.customer_id
            LEFT JOIN customers c ON c.id = a.salon_customer_id
            WHERE \(condition)
            ORDER BY a.start_minute, a.id
            LIMIT \(unsafeRaw: String(limit))
            """
        ).all()
        var visits: [String: UpcomingVisit] = [:]
        var order: [String] = []
        for row in rows {
            let id = try row.decode(column: "id", as: Int.self)
            let code = try row.decode(column: "code", as: String.self)
            let key = code.isEmpty ? "#\(id)" : code
            let service = try row.decode(column: "service", as: String.self)
            let price = try row.decode(column: "price", as: Int.self)
            if var visit = visits[key] {
                visit.appointmentIDs.append(id)
                visit.services.append(service)
                visit.total = visit.total.addingSaturated(price)
                visits[key] = visit
                continue
            }
            order.append(key)
            visits[key] = UpcomingVisit(
                appointmentIDs: [id], propertyID: try row.decode(column: "property_id", as: Int.self), code: code,
                startMinute: try row.decode(column: "start_minute", as: Int.self),
                customerName: try row.decode(column: "customer_name", as: String.self),
                email: try row.decode(column: "email", as: String?.self) ?? "", services: [service], total: price,
                staffName: try row.decode(column: "staff_name", as: String.self), language: nil)
        }
        var found: [UpcomingVisit] = []
        for key in order {
            guard var visit = visits[key], !visit.email.isEmpty else { continue }
            visit.language = try await Self.language(appointmentIDs: visit.appointmentIDs, in: sql)
            found.append(visit)
        }
        return found
    }

    /// Stays booked to arrive after `day` and within their hotel's `preArrivalDays` of it (a day either
    /// side of it, as `day` is UTC's and each hotel's today its own), to guests with an email, not yet
    /// sent theirs.
    public func upcomingStays(around day: Day) async throws -> [UpcomingStay] {
        try await store.read { sql in
            let rows = try await sql.raw(
                """
                SELECT s.id, s.property_id, s.confirmation_code, s.arrival, s.departure, g.name, g.email,
                  rt.name AS room_type
                FROM stays s
                JOIN properties p ON p.id = s.property_id
                JOIN guests g ON g.id = s.guest_id
                JOIN room_types rt ON rt.id = s.room_type_id
                WHERE s.arrival >= \(bind: day.number) AND s.arrival <= \(bind: day.number + MessageSettings.preArrivalDays.upperBound + 1)
                  AND s.arrival <= \(bind: day.number + 1) + p.pre_arrival_days AND s.state = 'booked'
                  AND g.email <> ''
                  AND NOT EXISTS (SELECT 1 FROM messages m WHERE m.kind = 'pre_arrival' AND m.stay_id = s.id)
                ORDER BY s.arrival, s.id
                LIMIT 2000
                """
            ).all()
            var found: [UpcomingStay] = []
            for row in rows {
                let id = try row.decode(column: "id", as: Int.self)
                let language = try await Self.language(stayID: id, in: sql)
                found.append(
                    UpcomingStay(
                        stayID: id, propertyID: try row.decode(column: "property_id", as: Int.self),
                        code: try row.decode(column: "confirmation_code", as: String.self),
                        arrival: Day(try row.decode(column: "arrival", as: Int.self)),
                        departure: Day(try row.decode(column: "departure", as: Int.self)),
                        guestName: try row.decode(column: "name", as: String.self),
                        email: try row.decode(column: "email", as: String.self),
                        roomType: try row.decode(column: "room_type", as: String.self),
                        language: language))
            }
            return found
        }
    }

    /// The language of the first message to the stay's guest, if they had one.
    public func language(stayID: Int) async throws -> Language? {
        try await store.read { sql in try await Self.language(stayID: stayID, in: sql) }
    }

    static func language(stayID: Int, in sql: any SQLDatabase) async throws -> Language? {
        let row = try await sql.raw("SELECT language FROM messages WHERE stay_id = \(bind: stayID) ORDER BY id LIMIT 1")
            .first()
        return try row.map { try $0.decode(column: "language", as: String.self) }.flatMap(Language.init(rawValue:))
    }

    /// The language of the first message to any of `appointmentIDs`' customers about them.
    static func language(appointmentIDs: [Int], in sql: any SQLDatabase) async throws -> Language? {
        let row = try await sql.raw(
            """
            SELECT language FROM messages WHERE appointment_id IN (\(binds: appointmentIDs)) ORDER BY id LIMIT 1
            """
        ).first()
        return try row.map { try $0.decode(column: "language", as: String.self) }.flatMap(Language.init(rawValue:))
    }

    /// Writes a reminder or a pre-arrival message unless its visit or stay already has one (written by
    /// this instance or another meanwhile): whether it was written.
    @discardableResult
    public func enqueueOnce(_ message: NewMessage) async throws -> Bool {
        try await store.write { sql in
            let now = store.clock.nowMillis
            let rows = try await sql.raw(
                """
                INSERT INTO messages (property_id, kind, stay_id, appointment_id, channel, recipient, recipient_name,
                  language, facts, token, state, attempts, due_at, created_at)
                VALUES (\(bind: message.propertyID), \(bind: message.kind.rawValue), \(bind: message.stayID),
                  \(bind: message.appointmentID), \(bind: message.channel.rawValue), \(bind: message.recipient),
                  \(bind: message.recipientName),
                  \(bind: message.language.rawValue), \(bind: try JSONText.encode(message.facts)),
                  \(bind: Self.newToken()), \(bind: MessageState.queued.rawValue), 0, \(bind: now), \(bind: now))
                ON CONFLICT DO NOTHING
                RETURNING id
                """
            ).all()
            return !rows.isEmpty
        }
    }

    /// Whether the stay or the appointment a message is about is still booked.
    public func stillBooked(_ message: NewMessage) async throws -> Bool {
        try await store.read { sql in
            let row: (any SQLRow)?
            if let stayID = message.stayID {
                row = try await sql.raw("SELECT state FROM stays WHERE id = \(bind: stayID)").first()
            } else if let appointmentID = message.appointmentID {
                row = try await sql.raw("SELECT state FROM appointments WHERE id = \(bind: appointmentID)").first()
            } else {
                return false
            }
            return try row?.decode(column: "state", as: String.self) == "booked"
        }
    }
}
