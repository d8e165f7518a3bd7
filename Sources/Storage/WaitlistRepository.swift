import Booking
import Foundation
import SQLKit

/// A salon's waitlist as stored: the customers and the offers made to them (`WaitlistSchema`).
public struct WaitlistRepository: Sendable {
    let store: Store

    init(store: Store) {
        self.store = store
    }

    public func insert(_ new: NewWaitlistEntry, at millis: Int64) async throws -> WaitlistEntry {
        try await store.write { sql in
            let id = try await sql.insertReturningID(
                """
                INSERT INTO waitlist_entries (property_id, service_id, staff_id, from_day, to_day, customer_name,
                  email, phone, language, state, created_at, changed_at)
                VALUES (\(bind: new.propertyID), \(bind: new.serviceID), \(bind: new.staffID), \(bind: new.from.number),
                  \(bind: new.to.number), \(bind: new.customerName), \(bind: new.email), \(bind: new.phone),
                  \(bind: new.language.rawValue), 'waiting', \(bind: millis), \(bind: millis))
                RETURNING id
                """)
            try await Self.record(
                entryID: id, propertyID: new.propertyID, "joined", state: "waiting", at: millis, in: sql)
            return WaitlistEntry(id: id, request: new, state: .waiting, createdAt: millis)
        }
    }

    public func entry(id: Int) async throws -> WaitlistEntry? {
        try await store.read { sql in
            try await sql.raw("SELECT * FROM waitlist_entries WHERE id = \(bind: id)").first().map(Self.entry(from:))
        }
    }

    public func entries(propertyID: Int, in states: Set<WaitlistState>, limit: Int) async throws -> [WaitlistEntry] {
        try await store.read { sql in
            try await sql.raw(
                """
                SELECT * FROM waitlist_entries
                WHERE property_id = \(bind: propertyID) AND state IN (\(binds: states.map(\.rawValue).sorted()))
                ORDER BY created_at, id LIMIT \(unsafeRaw: String(limit))
                """
            ).all().map(Self.entry(from:))
        }
    }

    public func list(propertyID: Int, endedSince millis: Int64) async throws -> [(WaitlistEntry, [WaitlistOffer])] {
        try await store.read { sql in
            let entries = try await sql.raw(
                """
                SELECT * FROM waitlist_entries
                WHERE property_id = \(bind: propertyID)
                  AND (state IN ('waiting', 'offered') OR changed_at >= \(bind: millis))
                ORDER BY CASE WHEN state IN ('waiting', 'offered') THEN 0 ELSE 1 END, created_at, id
                LIMIT 500
                """
            ).all().map(Self.entry(from:))
            guard !entries.isEmpty else { return [] }
            var offers: [Int: [WaitlistOffer]] = [:]
            for row in try await sql.raw(
                """
                SELECT * FROM waitlist_offers WHERE entry_id IN (\(binds: entries.map(\.id))) ORDER BY id DESC
                """
            ).all() {
                let offer = try Self.offer(from: row)
                offers[offer.entryID, default: []].append(offer)
            }
            return entries.map { ($0, offers[$0.id] ?? []) }
        }
    }

    public func offers(entryID: Int) async throws -> [WaitlistOffer] {
        try await store.read { sql in
            try await sql.raw("SELECT * FROM waitlist_offers WHERE entry_id = \(bind: entryID) ORDER BY id DESC").all()
                .map(Self.offer(from:))
        }
    }

    public func offer(token: String) async throws -> WaitlistOffer? {
        try await store.read { sql in
            try await sql.raw("SELECT * FROM waitlist_offers WHERE token = \(bind: token)").first()
                .map(Self.offer(from:))
        }
    }

    public func lapsing(at millis: Int64, limit: Int) async throws -> [WaitlistOffer] {
        try await store.read { sql in
            try await sql.raw(
                """
                SELECT * FROM waitlist_offers WHERE state = 'open' AND expires_at <= \(bind: millis)
                ORDER BY expires_at, id LIMIT \(unsafeRaw: String(limit))
                """
            ).all().map(Self.offer(from:))
        }
    }

    public func salons() async throws -> [Int] {
        try await store.read { sql in
            try await sql.raw(
                "SELECT DISTINCT property_id FROM waitlist_entries WHERE state IN ('waiting', 'offered') ORDER BY property_id"
            ).all().map { try $0.decode(column: "property_id", as: Int.self) }
        }
    }

    public func insert(_ offer: WaitlistOffer) async throws -> WaitlistOffer {
        try await store.write { sql in
            var stored = offer
            stored.id = try await sql.insertReturningID(
                """
                INSERT INTO waitlist_offers (entry_id, property_id, token, hold_token, start_minute, staff_id,
                  expires_at, state, created_at)
                VALUES (\(bind: offer.entryID), \(bind: offer.propertyID), \(bind: offer.token), \(bind: offer.holdToken),
                  \(bind: offer.start), \(bind: offer.staffID), \(bind: offer.expiresAt), \(bind: offer.state.rawValue),
                  \(bind: offer.createdAt))
                RETURNING id
                """)
            try await Self.record(
                entryID: offer.entryID, propertyID: offer.propertyID, "offer-open", state: "open", at: offer.createdAt,
                in: sql)
            return stored
        }
    }

    public func move(entryID: Int, to state: WaitlistState, from: Set<WaitlistState>, at millis: Int64) async throws
        -> Bool
    {
        try await store.write { sql in
            guard
                let row = try await sql.raw(
                    """
                    UPDATE waitlist_entries SET state = \(bind: state.rawValue), changed_at = \(bind: millis)
                    WHERE id = \(bind: entryID) AND state IN (\(binds: from.map(\.rawValue).sorted()))
                    RETURNING property_id
                    """
                ).first()
            else { return false }
            try await Self.record(
                entryID: entryID, propertyID: try row.decode(column: "property_id", as: Int.self), state.rawValue,
                state: state.rawValue, at: millis, in: sql)
            return true
        }
    }

    public func answer(offerID: Int, _ state: WaitlistOfferState, at millis: Int64, visitCode: String?) async throws
        -> Bool
    {
        try await store.write { sql in
            guard
                let row = try await sql.raw(
                    """
                    UPDATE waitlist_offers SET state = \(bind: state.rawValue), answered_at = \(bind: millis),
                      visit_code = \(bind: visitCode)
                    WHERE id = \(bind: offerID) AND state = 'open'
                    RETURNING entry_id, property_id
                    """
                ).first()
            else { return false }
            try await Self.record(
                entryID: try row.decode(column: "entry_id", as: Int.self),
                propertyID: try row.decode(column: "property_id", as: Int.self), "offer-\(state.rawValue)",
                state: state.rawValue, at: millis, in: sql)
            return true
        }
    }

    /// Records a change of a customer's wait in the audit log and the salon's events (`waitlist.<action>`,
    /// naming the entry, with its state or its offer's and nothing of the person), which the desk's list
    /// reads itself again on.
    static func record(
        entryID: Int, propertyID: Int, _ action: String, state: String, at millis: Int64, in sql: any SQLDatabase
    ) async throws {
        try await Journal.record(
            in: sql, at: Int(millis), propertyID: propertyID, userID: nil, entity: "waitlist", entityID: entryID,
            action: action, before: nil as [String: String]?, after: ["state": state])
    }

    /// Takes a person erased at the salon's request off its waitlist: their requests (by their email or
    /// phone) keep their days and what became of them, without their details; a live one is withdrawn,
    /// with its open offer, whose time is let go.
    static func erase(email: String, phone: String, propertyID: Int, at millis: Int64, in sql: any SQLDatabase)
        async throws
    {
        let theirs: SQLQueryString = """
            property_id = \(bind: propertyID) AND ((email <> '' AND LOWER(email) = LOWER(\(bind: email)))
              OR (phone <> '' AND phone = \(bind: phone)))
            """
        let entries: SQLQueryString = "SELECT id FROM waitlist_entries WHERE \(theirs)"
        try await sql.raw(
            """
            DELETE FROM salon_holds WHERE token IN (
              SELECT hold_token FROM waitlist_offers WHERE state = 'open' AND entry_id IN (\(entries)))
            """
        ).run()
        try await sql.raw(
            """
            UPDATE waitlist_offers SET state = 'withdrawn', answered_at = \(bind: millis)
            WHERE state = 'open' AND entry_id IN (\(entries))
            """
        ).run()
        try await sql.raw(
            """
            UPDATE waitlist_entries SET customer_name = '', email = '', phone = '', changed_at = \(bind: millis),
              state = CASE WHEN state IN ('waiting', 'offered') THEN 'withdrawn' ELSE state END
            WHERE \(theirs)
            """
        ).run()
    }

    static func entry(from row: any SQLRow) throws -> WaitlistEntry {
        let language = try row.decode(column: "language", as: String.self)
        let state = try row.decode(column: "state", as: String.self)
        return WaitlistEntry(
            id: try row.decode(column: "id", as: Int.self),
            request: NewWaitlistEntry(
                propertyID: try row.decode(column: "property_id", as: Int.self),
                serviceID: try row.decode(column: "service_id", as: Int.self),
                staffID: try row.decode(column: "staff_id", as: Int?.self),
                from: Day(try row.decode(column: "from_day", as: Int.self)),
                to: Day(try row.decode(column: "to_day", as: Int.self)),
                customerName: try row.decode(column: "customer_name", as: String.self),
                email: try row.decode(column: "email", as: String.self),
                phone: try row.decode(column: "phone", as: String.self), language: Language(rawValue: language) ?? .en),
            state: WaitlistState(rawValue: state) ?? .ended,
            createdAt: try row.decode(column: "created_at", as: Int64.self))
    }

    static func offer(from row: any SQLRow) throws -> WaitlistOffer {
        let state = try row.decode(column: "state", as: String.self)
        return WaitlistOffer(
            id: try row.decode(column: "id", as: Int.self), entryID: try row.decode(column: "entry_id", as: Int.self),
            propertyID: try row.decode(column: "property_id", as: Int.self),
            token: try row.decode(column: "token", as: String.self),
            holdToken: try row.decode(column: "hold_token", as: String.self),
            start: try row.decode(column: "start_minute", as: Int.self),
            staffID: try row.decode(column: "staff_id", as: Int.self),
            expiresAt: try row.decode(column: "expires_at", as: Int64.self),
            state: WaitlistOfferState(rawValue: state) ?? .lapsed,
            createdAt: try row.decode(column: "created_at", as: Int64.self),
            answeredAt: try row.decode(column: "answered_at", as: Int64?.self),
            visitCode: try row.decode(column: "visit_code", as: String?.self))
    }
}

/// A salon's waitlist is kept by `WaitlistRepository`.
extension Store: WaitlistStorage {
    public func insert(_ entry: NewWaitlistEntry, at millis: Int64) async throws -> WaitlistEntry {
        try await waitlist.insert(entry, at: millis)
    }
    public func waitlistEntry(id: Int) async throws -> WaitlistEntry? { try await waitlist.entry(id: id) }
    public func waitlistEntries(propertyID: Int, in states: Set<WaitlistState>, limit: Int) async throws
        -> [WaitlistEntry]
    {
        try await waitlist.entries(propertyID: propertyID, in: states, limit: limit)
    }
    public func waitlist(propertyID: Int, endedSince millis: Int64) async throws -> [(WaitlistEntry, [WaitlistOffer])] {
        try await waitlist.list(propertyID: propertyID, endedSince: millis)
    }
    public func waitlistOffers(entryID: Int) async throws -> [WaitlistOffer] {
        try await waitlist.offers(entryID: entryID)
    }
    public func waitlistOffer(token: String) async throws -> WaitlistOffer? { try await waitlist.offer(token: token) }
    public func lapsingWaitlistOffers(at millis: Int64, limit: Int) async throws -> [WaitlistOffer] {
        try await waitlist.lapsing(at: millis, limit: limit)
    }
    public func salonsWithWaitlist() async throws -> [Int] { try await waitlist.salons() }
    public func insert(_ offer: WaitlistOffer) async throws -> WaitlistOffer { try await waitlist.insert(offer) }
    public func move(entryID: Int, to state: WaitlistState, from: Set<WaitlistState>, at millis: Int64) async throws
        -> Bool
    {
        try await waitlist.move(entryID: entryID, to: state, from: from, at: millis)
    }
    public func answer(offerID: Int, _ state: WaitlistOfferState, at millis: Int64, visitCode: String?) async throws
        -> Bool
    {
        try await waitlist.answer(offerID: offerID, state, at: millis, visitCode: visitCode)
    }
}
