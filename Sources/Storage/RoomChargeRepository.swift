import Booking
import Foundation
import SQLKit

/// A salon's visits on its hotel's guests' bills (`RoomCharge`): the link between the two, the guests the
/// salon's desk finds, and the folio lines a sale's payments "charged to room" post in the sale's transaction
/// (each line keeps the sale's id, `folio_entries.sale_id`, so that its refund reverses them).
public struct RoomChargeRepository: Sendable {
    let store: Store

    init(store: Store) {
        self.store = store
    }

    public func link(salonID: Int, hotelID: Int?, by userID: Int?) async throws -> Booking.Property {
        try await store.write { sql in
            guard var salon = try await PropertyRepository.property(id: salonID, in: sql) else {
                throw DomainError(.notFound, "no salon \(salonID)", field: "id")
            }
            try await sql.raw("UPDATE properties SET charges_hotel_id = \(bind: hotelID) WHERE id = \(bind: salonID)")
                .run()
            try await Journal.record(
                in: sql, at: store.clock.nowMillis, propertyID: salonID, userID: userID, entity: "property",
                entityID: salonID, action: "room-charges", before: LinkRecord(hotelId: salon.chargesHotelID),
                after: LinkRecord(hotelId: hotelID))
            salon.chargesHotelID = hotelID
            return salon
        }
    }

    private struct LinkRecord: Codable {
        var hotelId: Int?
    }

    /// The stay's columns a `RoomGuest` is read from, with the room of the run that has begun by `today`
    /// (the last one, for a guest staying on past their departure).
    private static func guests(today: Day) -> SQLQueryString {
        """
        SELECT s.id, s.property_id, s.confirmation_code, s.arrival, s.departure, s.state, g.name, g.email, g.phone,
          r.number AS room
        FROM stays s JOIN guests g ON g.id = s.guest_id
        LEFT JOIN stay_segments sg ON sg.id = (
          SELECT x.id FROM stay_segments x WHERE x.stay_id = s.id
          ORDER BY CASE WHEN x.arrival <= \(bind: today.number) THEN 0 ELSE 1 END, x.arrival DESC LIMIT 1)
        LEFT JOIN rooms r ON r.id = sg.room_id
        """
    }

    public func roomGuests(hotelID: Int, today: Day, matching query: String, limit: Int) async throws -> [RoomGuest] {
        let pattern = Self.escapedForLike(query.lowercased())
        return try await store.read { sql in
            try await sql.raw(
                """
                \(Self.guests(today: today))
                WHERE s.property_id = \(bind: hotelID)
                  AND (s.state = 'checked_in'
                    OR (s.state = 'booked' AND s.arrival <= \(bind: today.number) AND s.departure > \(bind: today.number)))
                  AND (\(bind: pattern) = '' OR LOWER(g.name) LIKE \(bind: "%\(pattern)%") ESCAPE '\\'
                    OR LOWER(r.number) LIKE \(bind: "\(pattern)%") ESCAPE '\\')
                ORDER BY CASE s.state WHEN 'checked_in' THEN 0 ELSE 1 END, r.number, s.id
                LIMIT \(bind: limit)
                """
            ).all().map(Self.guest(from:))
        }
    }

    public func roomGuest(stayID: Int, today: Day) async throws -> RoomGuest? {
        try await store.read { sql in
            try await sql.raw("\(Self.guests(today: today)) WHERE s.id = \(bind: stayID)").first().map(
                Self.guest(from:))
        }
    }

    public func roomGuest(confirmationCode: String, today: Day) async throws -> RoomGuest? {
        try await store.read { sql in
            try await sql.raw("\(Self.guests(today: today)) WHERE s.confirmation_code = \(bind: confirmationCode)")
                .first().map(Self.guest(from:))
        }
    }

    public func salons(chargingHotel hotelID: Int) async throws -> [Booking.Property] {
        try await store.read { sql in
            try await sql.raw(
                "SELECT * FROM properties WHERE charges_hotel_id = \(bind: hotelID) AND kind = 'salon' ORDER BY name, id"
            ).all().map(PropertyRepository.property(from:))
        }
    }

    /// `%` and `_` taken as themselves in a LIKE pattern (with `ESCAPE '\'`).
    static func escapedForLike(_ text: String) -> String {
        text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "%", with: "\\%")
            .replacingOccurrences(of: "_", with: "\\_")
    }

    private static func guest(from row: any SQLRow) throws -> RoomGuest {
        RoomGuest(
            stayID: try row.decode(column: "id", as: Int.self),
            hotelID: try row.decode(column: "property_id", as: Int.self),
            confirmationCode: try row.decode(column: "confirmation_code", as: String.self),
            roomName: try row.decode(column: "room", as: String?.self) ?? "",
            guestName: try row.decode(column: "name", as: String.self),
            guestPhone: try row.decode(column: "phone", as: String.self),
            guestEmail: try row.decode(column: "email", as: String.self),
            arrival: Day(try row.decode(column: "arrival", as: Int.self)),
            departure: Day(try row.decode(column: "departure", as: Int.self)),
            state: StayState(rawValue: try row.decode(column: "state", as: String.self)) ?? .booked)
    }

    /// Posts, for each of a sale's `payments` charged to a room, its line on that stay's folio (on the
    /// hotel's open day, the hotel's row held as any post holds it), refused naming the payment's `stayId`
    /// unless the stay is a guest in the house at the hotel the salon charges. In the sale's transaction,
    /// before its payments are stored: answers them with each room's charge referenced by its room and
    /// booking ("204 · K7QX2M").
    static func charge(
        _ payments: [SalePayment], saleID: Int, reference: String, services: [String], salon: Booking.Property,
        now: Date, by userID: Int?, in sql: any SQLDatabase
    ) async throws -> [SalePayment] {
        var charged = payments
        for (index, payment) in payments.enumerated() where payment.method.chargesRoom {
            let field = "payments[\(index)].stayId"
            let hotelID = try RoomCharges<Store>.hotel(of: salon, field: field)
            // Another hotel's stay, or none, is refused before anything is posted to it.
            guard let stayID = payment.stayID,
                try await sql.raw("SELECT property_id FROM stays WHERE id = \(bind: stayID)").first()?.decode(
                    column: "property_id", as: Int.self) == hotelID
            else { throw DomainError.roomNotInHouse(field: field) }
            // Posted first: it holds the hotel's row, so the stay's state read next stands until commit.
            let folio = try await FolioRepository.post(
                [RoomCharge.posting(amount: payment.amount, salon: salon, services: services, reference: reference)],
                stayID: stayID, userID: userID, now: now, in: sql)
            guard let line = folio.entries.last, let day = line.businessDay,
                let stay = try await sql.raw("\(guests(today: day)) WHERE s.id = \(bind: stayID)").first().map(
                    guest(from:)),
                stay.hotelID == hotelID, stay.inHouse
            else { throw DomainError.roomNotInHouse(field: field) }
            try await sql.raw("UPDATE folio_entries SET sale_id = \(bind: saleID) WHERE id = \(bind: line.id)").run()
            charged[index].reference = RoomCharge.reference(room: stay.roomName, code: stay.confirmationCode)
        }
        return charged
    }

    /// Reverses, with `reason`, the folio lines a sale charged to rooms and still standing: its refund, in
    /// its transaction. A stay gone already keeps the reversal too: its guest is owed it back.
    static func reverse(saleID: Int, reason: String, now: Date, by userID: Int?, in sql: any SQLDatabase)
        async throws
    {
        for row in try await sql.raw(
            """
            SELECT f.id, f.stay_id, f.amount, f.currency FROM folio_entries f
            WHERE f.sale_id = \(bind: saleID) AND f.kind = 'charge'
              AND NOT EXISTS (SELECT 1 FROM folio_entries r WHERE r.reverses = f.id)
            ORDER BY f.id
            """
        ).all() {
            let amount = Money(
                try row.decode(column: "amount", as: Int.self),
                try Currency.named(try row.decode(column: "currency", as: String.self)))
            _ = try await FolioRepository.post(
                [
                    Posting(
                        kind: .reversal, description: reason, amount: amount,
                        reverses: try row.decode(column: "id", as: Int.self))
                ], stayID: try row.decode(column: "stay_id", as: Int.self), userID: userID, now: now, in: sql)
        }
    }
}
