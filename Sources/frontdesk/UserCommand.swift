import App
import ArgumentParser
import Booking
import Foundation
import Storage

struct UserCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "user", abstract: "Manage staff accounts.", subcommands: [AddUser.self])
}

/// `frontdesk user add --email E --role R [--property ID ...] --password-stdin`: the password comes on
/// standard input, so it never shows in the process list or the shell's history. The role is theirs at
/// each property named, or at every property there is without `--property`.
struct AddUser: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "add", abstract: "Add a member of staff.")

    @Option(help: "Their email address, which they sign in with.") var email: String
    @Option(help: "What they may do: \(StaffRole.allCases.map(\.rawValue).joined(separator: ", ")).")
    var role: String
    @Option(help: "Their name as shown in the app (default: the email's local part).") var name: String?
    @Option(
        name: .customLong("property"),
        help: "A property they work at, by id (repeat for more; default: every property there is).")
    var properties: [Int] = []
    @Flag(help: "Read the password from standard input (required).") var passwordStdin = false
    @OptionGroup var database: DatabaseOption

    func validate() throws {
        guard StaffRole(rawValue: role) != nil else {
            throw ValidationError(
                "--role must be one of \(StaffRole.allCases.map(\.rawValue).joined(separator: ", ")).")
        }
        guard passwordStdin else { throw ValidationError("give the password on standard input with --password-stdin.") }
    }

    func run() async throws {
        let password = (readLine(strippingNewline: true) ?? "")
        do {
            try User.validate(email: email, password: password)
        } catch {
            throw ValidationError(error.description)
        }
        let store = try Store.open(try await database.location())
        try await store.migrate()
        do {
            for id in properties where try await store.properties.property(id: id) == nil {
                throw DomainError.invalid("property", "there is no property \(id)")
            }
            let user = try await store.users.create(
                email: email, name: name ?? String(email.split(separator: "@").first ?? ""),
                role: StaffRole(rawValue: role)!, passwordHash: Passwords.hash(password),
                properties: properties.isEmpty ? nil : properties)
            let roles = try await store.users.roles(userID: user.id)
            print(
                "frontdesk: added \(user.email) as \(user.role.rawValue) at "
                    + (roles.isEmpty
                        ? "no property yet" : roles.keys.sorted().map { "property \($0)" }.joined(separator: ", ")))
        } catch let error as DomainError {
            await store.shutdown()
            throw ValidationError(error.description)
        }
        await store.shutdown()
    }
}
