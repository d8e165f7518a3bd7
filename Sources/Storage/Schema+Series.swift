import FluentKit
import SQLKit

/// A salon's repeat bookings (`SalonDesk.bookSeries`): each appointment of a series names its first
/// (`appointments.series_id`); NULL for one booked on its own.
struct AppointmentSeriesSchema: AsyncMigration {
    var name: String { "frontdesk.appointment-series.v24" }

    func prepare(on database: any Database) async throws {
        let sql = database as! any SQLDatabase
        try await sql.raw("ALTER TABLE appointments ADD COLUMN series_id BIGINT").run()
        try await sql.raw("CREATE INDEX appointments_by_series ON appointments (series_id)").run()
    }

    func revert(on database: any Database) async throws {
        let sql = database as! any SQLDatabase
        try await sql.raw("DROP INDEX appointments_by_series").run()
        try await sql.raw("ALTER TABLE appointments DROP COLUMN series_id").run()
    }
}
