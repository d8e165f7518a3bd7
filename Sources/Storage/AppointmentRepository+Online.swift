import Booking
import Foundation
import SQLKit

/// What a salon's booking page writes: holds of times while a customer fills in the form, and visits
/// booked online under a code, checked and written with the salon locked.
extension AppointmentRepository {
    public func holds(propertyID: Int, liveAt millis: Int64) async throws -> [SalonHold] {
        try await store.read { sql in
            try await sql.raw(
                """
                SELECT * FROM salon_holds WHERE property_id = \(bind: propertyID) AND expires_at > \(bind: millis)
                """
            ).all().map { row in
                let occupancies = try JSONText.decode(
                    [OccupancyRecord].self, try row.decode(column: "occupancies", as: String.self))
                return SalonHold(
                    token: try row.decode(column: "token", as: String.self), propertyID: propertyID,
                    placement: Placement(
                        staffID: try row.decode(column: "staff_id", as: Int.self),
                        start: try row.decode(column: "start_minute", as: Int.self),
                        occupancies: occupancies.map(\.occupancy)),
                    expiresAt: try row.decode(column: "expires_at", as: Int64.self))
            }
        }
    }

    public func insert(_ hold: SalonHold) async throws {
        let occupancies = try JSONText.encode(hold.placement.occupancies.map(OccupancyRecord.init))
        try await store.write { [store] sql in
            try await sql.raw(
                """
                DELETE FROM salon_holds WHERE property_id = \(bind: hold.propertyID)
                  AND expires_at <= \(bind: store.clock.nowMillis)
                """
            ).run()
            try await sql.raw(
                """
                INSERT INTO salon_holds (token, property_id, staff_id, start_minute, occupancies, expires_at)
                VALUES (\(bind: hold.token), \(bind: hold.propertyID), \(bind: hold.placement.staffID),
                  \(bind: hold.placement.start), \(bind: occupancies), \(bind: hold.expiresAt))
                """
            ).run()
        }
    }

    public func releaseHold(token: String, propertyID: Int) async throws {
        try await store.write { sql in
            try await sql.raw(
                "DELETE FROM salon_holds WHERE token = \(bind: token) AND property_id = \(bind: propertyID)"
            ).run()
        }
    }

    public func insertVisit(_ appointments: [Appointment], customer: BookingContact) async throws -> StoredVisit {
        let code = ConfirmationCode.make()
        return try await store.write { [store] sql in
            let contactID = try await Self.insertContact(customer, in: sql)
            var stored: [Appointment] = []
            for appointment in appointments {
                stored.append(
                    try await Self.insert(
                        appointment, contactID: contactID, code: code, by: nil, in: sql, store: store))
            }
            return StoredVisit(
                code: code, appointments: stored,
                customer: Guest(id: contactID, name: customer.name, email: customer.email, phone: customer.phone))
        }
    }

    public func visit(code: String) async throws -> StoredVisit? {
        // A desk appointment has no code; an empty one finds nothing.
        guard !code.isEmpty else { return nil }
        return try await store.read { sql in
            let rows = try await sql.raw(
                "SELECT * FROM appointments WHERE code = \(bind: code) ORDER BY start_minute, id"
            ).all()
            let appointments = try rows.map(Self.appointment(from:))
            // The name and contact the visit was booked under.
            guard let first = rows.first,
                let customer = try await StayRepository.guest(
                    id: try first.decode(column: "customer_id", as: Int.self), in: sql)
            else { return nil }
            return StoredVisit(code: code, appointments: appointments, customer: customer)
        }
    }
}

/// An occupancy as a hold stores it.
struct OccupancyRecord: Codable {
    var staffID: Int
    var resourceID: Int?
    var start: Int
    var end: Int

    init(_ occupancy: Occupancy) {
        (staffID, resourceID, start, end) = (occupancy.staffID, occupancy.resourceID, occupancy.start, occupancy.end)
    }

    var occupancy: Occupancy { Occupancy(staffID: staffID, resourceID: resourceID, start: start, end: end) }
}
