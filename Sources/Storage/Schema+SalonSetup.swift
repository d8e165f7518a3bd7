import Booking
import FluentKit
import Foundation
import SQLKit

/// What a salon's schedule is made of (`SalonSchedule`, `BookableService`), kept as rate plans are: JSON read
/// and written whole, a handful a salon. A property's opening hours, resources and booking window; a member's
/// shifts, colour and whether customers may choose them online; a service's buffers, performers, resource and
/// whether it is booked online. An empty text is "never set": see `PropertyRepository+Salon.swift`.
struct SalonSetupSchema: AsyncMigration {
    var name: String { "frontdesk.salon-setup.v18" }

    static let columns = [
        ("properties", "salon TEXT NOT NULL DEFAULT ''"),
        ("staff", "shifts TEXT NOT NULL DEFAULT ''"),
        ("staff", "colour TEXT NOT NULL DEFAULT ''"),
        ("staff", "online BOOLEAN NOT NULL DEFAULT TRUE"),
        ("services", "buffer_before BIGINT NOT NULL DEFAULT 0"),
        ("services", "buffer_after BIGINT NOT NULL DEFAULT 0"),
        ("services", "performers TEXT NOT NULL DEFAULT ''"),
        ("services", "resource_id BIGINT"),
        ("services", "online BOOLEAN NOT NULL DEFAULT TRUE"),
    ]

    func prepare(on database: any Database) async throws {
        let sql = database as! any SQLDatabase
        for (table, column) in Self.columns {
            try await sql.raw("ALTER TABLE \(unsafeRaw: table) ADD COLUMN \(unsafeRaw: column)").run()
        }
    }

    func revert(on database: any Database) async throws {
        let sql = database as! any SQLDatabase
        for (table, column) in Self.columns.reversed() {
            let name = column.split(separator: " ")[0]
            try await sql.raw("ALTER TABLE \(unsafeRaw: table) DROP COLUMN \(unsafeRaw: String(name))").run()
        }
    }
}

/// Weekly hours as stored: ranges as `[start, end]` pairs, by ISO weekday and by ISO day.
struct WeeklyHoursRecord: Codable, Equatable {
    var weekly: [String: [[Int]]]
    var exceptions: [String: [[Int]]]

    init(_ hours: WeeklyHours) {
        weekly = Dictionary(uniqueKeysWithValues: hours.weekly.map { (String($0.key), Self.pairs($0.value)) })
        exceptions = Dictionary(uniqueKeysWithValues: hours.exceptions.map { ($0.key.iso, Self.pairs($0.value)) })
    }

    static func pairs(_ ranges: [Range<Int>]) -> [[Int]] { ranges.map { [$0.lowerBound, $0.upperBound] } }

    static func ranges(_ pairs: [[Int]]) throws -> [Range<Int>] {
        try pairs.map { pair in
            guard pair.count == 2, pair[0] < pair[1] else { throw StoredTextError("hours \(pair)") }
            return pair[0]..<pair[1]
        }
    }

    func hours() throws -> WeeklyHours {
        var hours = WeeklyHours()
        for (weekday, pairs) in weekly {
            guard let number = Int(weekday) else { throw StoredTextError("weekday \(weekday)") }
            hours.weekly[number] = try Self.ranges(pairs)
        }
        for (iso, pairs) in exceptions {
            guard let day = Day(iso: iso) else { throw StoredTextError("day \(iso)") }
            hours.exceptions[day] = try Self.ranges(pairs)
        }
        return hours
    }
}

/// A salon's own settings as stored on its property row.
struct SalonSettingsRecord: Codable, Equatable {
    struct Resource: Codable, Equatable {
        var id: Int
        var name: String
        var count: Int
    }

    var openingHours: WeeklyHoursRecord
    var resources: [Resource]
    var minimumNoticeMinutes: Int
    var daysAhead: Int
    var gridMinutes: Int
    /// Absent in settings stored before customers could cancel online: a day.
    var cancelNoticeMinutes: Int?
}

/// Text the database holds that does not read as what was written there.
struct StoredTextError: Error, CustomStringConvertible {
    let description: String
    init(_ what: String) { description = "a stored salon setting does not read: \(what)" }
}

/// What booking a salon online adds: times held for customers filling in the form (`SalonHold`, its
/// occupancies as JSON), and the code a visit's appointments share, by which its customer finds it again.
struct SalonOnlineSchema: AsyncMigration {
    var name: String { "frontdesk.salon-online.v19" }

    func prepare(on database: any Database) async throws {
        let sql = database as! any SQLDatabase
        for statement in [
            """
            CREATE TABLE salon_holds (token TEXT PRIMARY KEY, property_id BIGINT NOT NULL REFERENCES properties(id),
              staff_id BIGINT NOT NULL, start_minute BIGINT NOT NULL, occupancies TEXT NOT NULL,
              expires_at BIGINT NOT NULL)
            """,
            "CREATE INDEX salon_holds_by_property ON salon_holds (property_id, expires_at)",
            "ALTER TABLE appointments ADD COLUMN code TEXT NOT NULL DEFAULT ''",
            "CREATE INDEX appointments_by_code ON appointments (code)",
        ] {
            try await sql.raw(SQLQueryString(statement)).run()
        }
    }

    func revert(on database: any Database) async throws {
        let sql = database as! any SQLDatabase
        try await sql.raw("DROP INDEX IF EXISTS appointments_by_code").run()
        try await sql.raw("ALTER TABLE appointments DROP COLUMN code").run()
        try await sql.raw("DROP TABLE IF EXISTS salon_holds").run()
    }
}

/// Services and members of staff a manager took off the salon: kept for the appointments they had.
struct SalonRetirementSchema: AsyncMigration {
    var name: String { "frontdesk.salon-retired.v20" }

    func prepare(on database: any Database) async throws {
        let sql = database as! any SQLDatabase
        for table in ["services", "staff"] {
            try await sql.raw("ALTER TABLE \(unsafeRaw: table) ADD COLUMN retired BOOLEAN NOT NULL DEFAULT FALSE").run()
        }
    }

    func revert(on database: any Database) async throws {
        let sql = database as! any SQLDatabase
        for table in ["services", "staff"] {
            try await sql.raw("ALTER TABLE \(unsafeRaw: table) DROP COLUMN retired").run()
        }
    }
}
