import SQLKit

extension Store {
    /// The installation's secret named `name` (64 hexadecimal digits), made on first use and kept in its
    /// database, so that every server instance over it signs and checks with the same one: the key of
    /// check-in links is `check-in`. Two instances making it at once keep the first.
    public func secret(_ name: String) async throws -> String {
        let read: @Sendable (any SQLDatabase) async throws -> String? = { sql in
            try await sql.raw("SELECT value FROM installation_secrets WHERE name = \(bind: name)").first()?
                .decode(column: "value", as: String.self)
        }
        if let value = try await self.read(read) { return value }
        var generator = SystemRandomNumberGenerator()
        let made = (0..<4).map { _ in generator.next() as UInt64 }.map { String($0, radix: 16) }
            .map { String(repeating: "0", count: 16 - $0.count) + $0 }.joined()
        return try await write { sql in
            try await sql.raw(
                "INSERT INTO installation_secrets (name, value) VALUES (\(bind: name), \(bind: made)) ON CONFLICT DO NOTHING"
            ).run()
            guard let value = try await read(sql) else { throw SecretMissing(name: name) }
            return value
        }
    }
}

/// A secret that could be neither read nor made.
struct SecretMissing: Error {
    let name: String
}
