import App
import ArgumentParser
import Booking
import Foundation
import Storage

struct PropertyCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "property", abstract: "Manage properties.", subcommands: [AddProperty.self])
}

/// `frontdesk property add --kind salon --name N --time-zone Z --currency C`: a new salon with nothing in
/// it yet. Its manager (`frontdesk user add --property ID`) then sets it up on the desk's set-up screen:
/// menu, staff, hours, shifts. A hotel's room types and rooms have no such screen yet, so a hotel cannot be
/// added empty.
struct AddProperty: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add", abstract: "Add a salon with nothing in it yet.")

    @Option(help: "What it is: salon (a hotel's rooms cannot be set up on the desk yet).") var kind: String
    @Option(help: "Its name as guests see it (1 to \(Property.nameLimit) characters).") var name: String
    @Option(help: "Its IANA time zone, e.g. Asia/Tokyo: its \"today\" and its hours are in it.")
    var timeZone: String
    @Option(help: "The currency it charges in: \(Currency.known.keys.sorted().joined(separator: ", ")).")
    var currency: String
    @Option(help: "Its region or province, as guests search for it.") var region = ""
    @Option(help: "Its city or district, as guests search for it.") var city = ""
    @Option(help: "Where it is on the map: latitude, -90 to 90.") var latitude = 0.0
    @Option(help: "Where it is on the map: longitude, -180 to 180.") var longitude = 0.0
    @OptionGroup var database: DatabaseOption

    func validate() throws {
        guard kind == PropertyKind.salon.rawValue else {
            throw ValidationError(
                "--kind must be salon: a hotel's room types and rooms cannot be set up on the desk yet.")
        }
        guard Currency.known[currency] != nil else {
            throw ValidationError(
                "--currency must be one of \(Currency.known.keys.sorted().joined(separator: ", ")).")
        }
        do {
            try Property.validate(name: name, region: region, city: city, latitude: latitude, longitude: longitude)
            try Property.validate(timeZoneID: timeZone, checkInMinute: 14 * 60, checkOutMinute: 11 * 60)
        } catch {
            throw ValidationError(error.description)
        }
    }

    func run() async throws {
        let store = try Store.open(try await database.location())
        try await store.migrate()
        let property: Property
        do {
            property = try await store.properties.insert(
                Property(
                    id: 0, name: name, kind: .salon, region: region, city: city,
                    latitude: latitude, longitude: longitude, timeZoneID: timeZone, currency: Currency.known[currency]!)
            )
        } catch {
            await store.shutdown()
            throw error
        }
        await store.shutdown()
        print("frontdesk: added property \(property.id) (\(property.name))")
    }
}
