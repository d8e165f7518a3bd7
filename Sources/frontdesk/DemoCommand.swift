import App
import ArgumentParser
import Booking
import Demo
import Foundation
import Storage

/// `frontdesk demo`: fills an empty database with the demo, or adds a large board for benchmarks.
struct DemoCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Create the demo data (a hotel, a salon, the guest site's places and a manager's login).",
        discussion: """
            With --rooms, adds a large synthetic hotel instead: --rooms N --days D --occupancy F. With --places, \
            adds that many bookable places in the region "Benchmark Province" for the guest site's search, each \
            with --rooms rooms (40 when not given); with --regions R, spread over "Benchmark Province 001" to R.
            """)

    @OptionGroup var database: DatabaseOption
    @Option(help: "Add a benchmark hotel with this many rooms instead of the demo.") var rooms: Int?
    @Option(help: "Add this many benchmark places for the guest site's search instead of the demo.") var places: Int?
    @Option(help: "With --places: the regions they are spread over, 1...999.") var regions = 1
    @Option(help: "Add a benchmark salon with this many staff (and --services, --resources, --appointments).")
    var salonStaff: Int?
    @Option(help: "With --salon-staff: its services.") var services = 40
    @Option(help: "With --salon-staff: its kinds of resource.") var resources = 8
    @Option(help: "With --salon-staff: appointments over the next 30 days.") var appointments = 3_000
    @Option(help: "Days of stays on the benchmark hotel.") var days = 365
    @Option(help: "Share of the benchmark hotel's nights that are taken, 0...1.") var occupancy = 0.7
    @Flag(help: "Do nothing, successfully, when the database already has properties (for make run).")
    var ifEmpty = false
    @Flag(help: "With --rooms: the same hotel without its stays (to import another copy's stays into).")
    var withoutStays = false

    func validate() throws {
        if let rooms, !(1...10_000).contains(rooms) { throw ValidationError("--rooms must be 1...10000.") }
        if let places, !(1...10_000).contains(places) { throw ValidationError("--places must be 1...10000.") }
        guard (1...999).contains(regions) else { throw ValidationError("--regions must be 1...999.") }
        if let salonStaff, !(1...500).contains(salonStaff) { throw ValidationError("--salon-staff must be 1...500.") }
        guard (1...500).contains(services) else { throw ValidationError("--services must be 1...500.") }
        guard (0...SalonDesk<Store>.maxResources).contains(resources) else {
            throw ValidationError("--resources must be 0...\(SalonDesk<Store>.maxResources).")
        }
        guard (0...100_000).contains(appointments) else { throw ValidationError("--appointments must be 0...100000.") }
        guard (1...3_650).contains(days) else { throw ValidationError("--days must be 1...3650.") }
        guard (0.01...1).contains(occupancy) else { throw ValidationError("--occupancy must be between 0.01 and 1.") }
        if withoutStays, rooms == nil || places != nil {
            throw ValidationError(
                "--without-stays goes with --rooms (a benchmark hotel), not with the demo or --places.")
        }
    }

    private func hasData(_ store: Store) async throws -> Bool {
        try await !store.properties.properties().isEmpty
    }

    func run() async throws {
        let store = try Store.open(try await database.location())
        try await store.migrate()
        let demo = DemoData(store: store)
        do {
            if let salonStaff {
                let started = ContinuousClock.now
                let id = try await demo.createBenchmarkSalon(
                    staff: salonStaff, services: services, resources: resources, appointments: appointments)
                print(
                    "frontdesk: salon \(id) has \(salonStaff) staff, \(services) services, \(resources) resources and "
                        + "\(appointments) appointments (\(Self.milliseconds(since: started)) ms)")
            } else if let places {
                let started = ContinuousClock.now
                let stays = try await demo.createSearchPlaces(
                    places, rooms: rooms ?? 40, days: days, occupancy: occupancy, regions: regions)
                try await store.settleAfterBulkWrite()
                let area = regions == 1 ? "Benchmark Province" : "\(regions) regions"
                print(
                    "frontdesk: \(places) places in \(area) with \(rooms ?? 40) rooms each and \(stays) stays "
                        + "(\(Self.milliseconds(since: started)) ms)")
            } else if let rooms {
                let started = ContinuousClock.now
                let (propertyID, stays) = try await demo.createLargeBoard(
                    rooms: rooms, days: days, occupancy: occupancy, withStays: !withoutStays)
                try await store.settleAfterBulkWrite()
                print(
                    "frontdesk: property \(propertyID) has \(rooms) rooms and \(stays) stays "
                        + "(\(Self.milliseconds(since: started)) ms)")
            } else if ifEmpty, try await hasData(store) {
                print("frontdesk: \(store.location) already has data; no demo added")
            } else {
                print("frontdesk: \(try await demo.create(passwordHash: Passwords.hash(DemoData.password)))")
            }
        } catch let error as DomainError {
            await store.shutdown()
            throw ValidationError(error.description)
        }
        await store.shutdown()
    }

    /// Whole milliseconds since `start`.
    private static func milliseconds(since start: ContinuousClock.Instant) -> Int64 {
        let elapsed = start.duration(to: .now).components
        return elapsed.seconds * 1000 + elapsed.attoseconds / 1_000_000_000_000_000
    }
}
