import FluentKit
import SQLKit

/// The outbox (`messages`): what is to be sent to guests and customers, written in the transaction of
/// the change that causes it, and each message's way out (`state`, `attempts`, `due_at`, `last_error`).
/// A sender claims a message until `claimed_until`, so that of several server instances one sends it,
/// and one that died sending it leaves it to be sent again (with the same `token`, its `Message-ID`).
struct MessageSchema: AsyncMigration {
    let dialect: Store.Dialect

    var name: String { "frontdesk.messages.v25" }

    func prepare(on database: any Database) async throws {
        let sql = database as! any SQLDatabase
        for statement in [
            """
            CREATE TABLE messages (\(dialect.autoNumberedID), property_id BIGINT NOT NULL REFERENCES properties(id),
              kind TEXT NOT NULL, stay_id BIGINT REFERENCES stays(id), appointment_id BIGINT REFERENCES appointments(id),
              recipient TEXT NOT NULL, recipient_name TEXT NOT NULL, language TEXT NOT NULL, facts TEXT NOT NULL,
              token TEXT NOT NULL UNIQUE, state TEXT NOT NULL, attempts BIGINT NOT NULL DEFAULT 0,
              due_at BIGINT NOT NULL, claimed_until BIGINT, last_error TEXT, created_at BIGINT NOT NULL,
              sent_at BIGINT)
            """,
            "CREATE INDEX messages_due ON messages (state, due_at)",
            "CREATE INDEX messages_by_stay ON messages (stay_id)",
            "CREATE INDEX messages_by_appointment ON messages (appointment_id)",
        ] {
            try await sql.raw(SQLQueryString(statement)).run()
        }
    }

    func revert(on database: any Database) async throws {
        let sql = database as! any SQLDatabase
        try await sql.raw("DROP TABLE messages").run()
    }
}

/// What each property sends (`MessageSettings`): the confirmation and the cancellation on or off, the
/// salon's reminder and the hotel's pre-arrival message with their timing (NULL: not sent), and the
/// property's own line in each language (JSON by language). A reminder or a pre-arrival message is
/// written once per visit or stay, whichever instance finds it due first (`messages_once_*`), found by
/// the start or the arrival across all properties.
struct MessageSettingsSchema: AsyncMigration {
    var name: String { "frontdesk.message-settings.v26" }

    func prepare(on database: any Database) async throws {
        let sql = database as! any SQLDatabase
        for statement in [
            "ALTER TABLE properties ADD COLUMN message_confirmation BOOLEAN NOT NULL DEFAULT TRUE",
            "ALTER TABLE properties ADD COLUMN message_cancellation BOOLEAN NOT NULL DEFAULT TRUE",
            "ALTER TABLE properties ADD COLUMN reminder_hours BIGINT DEFAULT 24",
            "ALTER TABLE properties ADD COLUMN pre_arrival_days BIGINT DEFAULT 2",
            "ALTER TABLE properties ADD COLUMN message_notes TEXT NOT NULL DEFAULT '{}'",
            "CREATE UNIQUE INDEX messages_once_reminder ON messages (appointment_id) WHERE kind = 'reminder'",
            "CREATE UNIQUE INDEX messages_once_pre_arrival ON messages (stay_id) WHERE kind = 'pre_arrival'",
            "CREATE INDEX appointments_by_start ON appointments (start_minute)",
            "CREATE INDEX stays_by_arrival ON stays (arrival)",
        ] {
            try await sql.raw(SQLQueryString(statement)).run()
        }
    }

    func revert(on database: any Database) async throws {
        let sql = database as! any SQLDatabase
        for index in [
            "messages_once_reminder", "messages_once_pre_arrival", "appointments_by_start", "stays_by_arrival",
        ] {
            try await sql.raw("DROP INDEX \(unsafeRaw: index)").run()
        }
        for column in [
            "message_confirmation", "message_cancellation", "reminder_hours", "pre_arrival_days", "message_notes",
        ] {
            try await sql.raw("ALTER TABLE properties DROP COLUMN \(unsafeRaw: column)").run()
        }
    }
}

/// Each message's history (`message_attempts`): every attempt to send it and what came of it, and each time
/// the desk sent it again, kept when a message is sent again.
struct MessageAttemptsSchema: AsyncMigration {
    let dialect: Store.Dialect

    var name: String { "frontdesk.message-attempts.v33" }

    func prepare(on database: any Database) async throws {
        let sql = database as! any SQLDatabase
        try await sql.raw(
            """
            CREATE TABLE message_attempts (\(unsafeRaw: dialect.autoNumberedID),
              message_id BIGINT NOT NULL REFERENCES messages(id), at BIGINT NOT NULL, outcome TEXT NOT NULL,
              error TEXT)
            """
        ).run()
        try await sql.raw("CREATE INDEX message_attempts_by_message ON message_attempts (message_id, id)").run()
    }

    func revert(on database: any Database) async throws {
        let sql = database as! any SQLDatabase
        try await sql.raw("DROP TABLE message_attempts").run()
    }
}
