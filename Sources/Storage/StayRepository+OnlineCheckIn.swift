import Booking
import Foundation
import SQLKit

extension StayRepository {
    /// What the stay's guest sent before arriving, with the booking's guest's registration as it stands
    /// now first; nil when nothing was sent.
    public func onlineCheckIn(stayID: Int) async throws -> OnlineCheckIn? {
        try await onlineCheckIns(stayIDs: [stayID])[stayID]
    }

    /// The same for several stays (a day's arrivals), by stay.
    public func onlineCheckIns(stayIDs: [Int]) async throws -> [Int: OnlineCheckIn] {
        guard !stayIDs.isEmpty else { return [:] }
        return try await store.read { sql in
            let rows = try await sql.raw(
                """
                SELECT o.stay_id, o.submitted_at, o.arrival_minute, o.requests, o.companions, g.*
                FROM online_check_ins o JOIN stays s ON s.id = o.stay_id JOIN guests g ON g.id = s.guest_id
                WHERE o.stay_id IN (\(binds: stayIDs))
                """
            ).all()
            var found: [Int: OnlineCheckIn] = [:]
            for row in rows {
                let companions = try JSONText.decode(
                    [CompanionRow].self, try row.decode(column: "companions", as: String.self))
                found[try row.decode(column: "stay_id", as: Int.self)] = OnlineCheckIn(
                    guests: [RegisteredGuest(try Self.guest(from: row))] + companions.map(\.guest),
                    arrivalMinute: try row.decode(column: "arrival_minute", as: Int?.self),
                    requests: try row.decode(column: "requests", as: String.self),
                    submittedAt: Date(
                        timeIntervalSince1970: Double(try row.decode(column: "submitted_at", as: Int.self)) / 1000))
            }
            return found
        }
    }

    /// Records what the guest sent as a change of the stay (its version bumped, its history kept as
    /// `check-in-online`, its event telling the live boards): `make` sees the stay in the transaction
    /// and refuses (the check-in closed, a wrong number of adults) or returns what to record. The first
    /// adult's registration is the booking's guest's; the stay's dates, room and money are not touched.
    public func checkInOnline(
        stayID: Int, _ make: @escaping @Sendable (Stay) throws -> OnlineCheckIn
    ) async throws -> Stay {
        try await update(stayID: stayID, expectedVersion: nil, by: nil, action: "check-in-online") { stay, ledger in
            let checkIn = try make(stay)
            stay.checkedInOnline = true
            guard let first = checkIn.guests.first, var guest = try await ledger.guest(id: stay.guestID) else {
                throw DomainError(.notFound, "no guest for stay \(stayID)")
            }
            (guest.name, guest.nationality, guest.documentNumber, guest.birthDate) = (
                first.name, first.nationality, first.documentNumber, first.birthDate
            )
            try await ledger.update(guest)
            let companions = try JSONText.encode(checkIn.companions.map(CompanionRow.init))
            try await ledger.sql.raw(
                """
                INSERT INTO online_check_ins (stay_id, submitted_at, arrival_minute, requests, companions)
                VALUES (\(bind: stayID), \(bind: checkIn.submittedAt.millisSince1970), \(bind: checkIn.arrivalMinute),
                  \(bind: checkIn.requests), \(bind: companions))
                ON CONFLICT (stay_id) DO UPDATE SET submitted_at = excluded.submitted_at,
                  arrival_minute = excluded.arrival_minute, requests = excluded.requests,
                  companions = excluded.companions
                """
            ).run()
        }
    }
}

/// A companion as `online_check_ins.companions` keeps them (the birth date as a day number).
private struct CompanionRow: Codable {
    var name: String
    var nationality: String
    var documentNumber: String
    var birthDate: Int?

    init(_ guest: RegisteredGuest) {
        (name, nationality, documentNumber, birthDate) = (
            guest.name, guest.nationality, guest.documentNumber, guest.birthDate?.number
        )
    }

    var guest: RegisteredGuest {
        RegisteredGuest(
            name: name, nationality: nationality, documentNumber: documentNumber, birthDate: birthDate.map(Day.init))
    }
}
