import Booking

/// Staff's sessions, the sign-in throttle, the guest site's request counts and remembered answers to
/// retried requests: what the server's middleware keeps in the database, shared by its instances.
extension Store {
    /// An account's user and password hash by email, for signing in.
    public func credentials(email: String) async throws -> (user: User, passwordHash: String)? {
        try await users.credentials(email: email)
    }

    public func startSession(userID: Int, tokenHash: String, expiresAtMillis: Int) async throws {
        try await users.startSession(userID: userID, tokenHash: tokenHash, expiresAtMillis: expiresAtMillis)
    }

    /// The signed-in user and their roles by property, for a session that has not expired.
    public func staff(sessionTokenHash: String) async throws -> (user: User, roles: [Int: StaffRole])? {
        try await users.staff(sessionTokenHash: sessionTokenHash)
    }

    public func endSession(tokenHash: String) async throws { try await users.endSession(tokenHash: tokenHash) }

    /// Counts a sign-in attempt for the account and the address, or says how long to wait.
    public func beginSignIn(account: String, address: String) async throws
        -> Result<LimitRepository.SignInTry, SignInLimits.Wait>
    {
        try await limits.beginSignIn(account: account, address: address)
    }

    /// Clears the account's failed attempts once it has signed in.
    public func signedIn(_ attempt: LimitRepository.SignInTry) async throws { try await limits.signedIn(attempt) }

    /// Counts a request of `client` in `minute`: this minute's and the previous one's counts.
    public func countRequest(client: String, minute: Int) async throws -> LimitRepository.Minutes {
        try await limits.countRequest(client: client, minute: minute)
    }

    /// Takes back a request counted in `minute` (it was refused before doing anything).
    public func uncountRequest(client: String, minute: Int) async throws {
        try await limits.uncountRequest(client: client, minute: minute)
    }

    /// Does `work` once for a key: a retry with the same key and request is answered as the first was.
    public func once<Answer: Sendable>(
        scope: String, key: String, requestHash: String,
        _ work: @escaping @Sendable () async throws -> (answer: Answer, stored: IdempotencyRepository.StoredAnswer)
    ) async throws -> IdempotencyRepository.Outcome<Answer> {
        try await idempotencyKeys.once(scope: scope, key: key, requestHash: requestHash, work)
    }
}
