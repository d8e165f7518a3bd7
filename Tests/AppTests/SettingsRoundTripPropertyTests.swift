import API
import App
import Booking
import Foundation
import Hummingbird
import HummingbirdTesting
import PropertyBased
import StorageTesting
import Testing

/// A manager's settings read and written back as they were read are always taken: after any order of
/// rate plans and taxes added (names used before included) and removed, and restrictions set, a `PUT` of
/// what `GET` answered is accepted and changes nothing, on both databases.
@Suite(.closesItsStores, .serialized)
struct SettingsRoundTripPropertyTests {
    struct Step: CustomStringConvertible, Sendable {
        var kind: Int
        var a: Int
        var b: Int

        var description: String {
            ["add-plan", "remove-plan", "add-tax", "remove-tax", "restrict"][kind] + "(\(a), \(b))"
        }
    }

    static let steps = zip(Gen.int(in: 0...4), Gen.int(in: 0...9), Gen.int(in: 0...9))
        .map { Step(kind: $0, a: $1, b: $2) }
        .array(of: 3...14)

    /// Few names, so that a name comes back after its plan or tax was removed.
    static let names = ["Non-refundable", "Bed and breakfast", "Long stay"]

    @Test(arguments: TestDatabase.available)
    func whatGetAnswersIsAlwaysTakenBackByPut(database: TestDatabase) async {
        await propertyCheck(count: 12, input: Self.steps) { steps in
            let fixture = try await APIFixture.make(database: database)
            try await fixture.test(as: .manager) { client in
                let settings = Settings(fixture: fixture, client: client)
                for step in steps {
                    try await settings.perform(step)
                    try await settings.expectRoundTrips(after: step)
                }
            }
        }
    }

    struct Settings {
        let fixture: APIFixture
        let client: SignedInClient

        var plansPath: String { "/api/v1/properties/\(fixture.property.id)/rate-plans" }
        var taxesPath: String { "/api/v1/properties/\(fixture.property.id)/taxes" }
        var ratesPath: String { "/api/v1/room-types/\(fixture.roomType.id)/rates" }
        var restrictionsPath: String { "/api/v1/room-types/\(fixture.roomType.id)/restrictions" }
        var firstNight: Day { fixture.today.adding(days: 10) }

        func json(_ uri: String) async throws -> [String: Any] {
            try await client.execute(uri: uri, method: .get) { response in
                #expect(response.status == .ok, "\(uri)")
                return try #require(
                    try JSONSerialization.jsonObject(with: Data(buffer: response.body)) as? [String: Any])
            }
        }

        func put(_ uri: String, _ body: Any) async throws -> TestResponse {
            try await client.execute(
                uri: uri, method: .put,
                body: ByteBuffer(bytes: try JSONSerialization.data(withJSONObject: body, options: [.sortedKeys])))
        }

        /// A step as a manager would take it on Settings or Rates; a refusal (a live name twice) is fine.
        func perform(_ step: Step) async throws {
            switch step.kind {
            case 0:
                let live = (try await json(plansPath)["plans"] as? [[String: Any]] ?? []).filter {
                    $0["active"] as? Bool != false
                }
                let deposits = ["none", "first_night", "all"]
                let plan: [String: Any] = [
                    "name": Self.name(step.a), "adjustmentBasisPoints": (step.b - 5) * 500,
                    "deposit": deposits[step.b % deposits.count], "freeCancellationDays": step.a,
                ]
                let status = try await put(plansPath, ["plans": live + [plan]]).status
                #expect([.ok, .badRequest].contains(status), "\(step)")
            case 1:
                let live = (try await json(plansPath)["plans"] as? [[String: Any]] ?? []).filter {
                    $0["active"] as? Bool != false
                }
                guard !live.isEmpty else { return }
                var kept = live
                kept.remove(at: step.a % live.count)
                #expect(try await put(plansPath, ["plans": kept]).status == .ok, "\(step)")
            case 2:
                let taxes = try await json(taxesPath)["taxes"] as? [[String: Any]] ?? []
                let bases = ["share", "included_share", "per_night", "per_person_night"]
                let basis = bases[step.b % bases.count]
                var tax: [String: Any] = ["name": Self.name(step.a), "basis": basis]
                if basis.hasSuffix("share") {
                    tax["basisPoints"] = 100 + 100 * step.b
                } else {
                    tax["amount"] = ["amount": 1000 * (step.b + 1), "currency": "THB"]
                    tax["maxNights"] = step.a + 1
                }
                let status = try await put(taxesPath, ["taxes": taxes + [tax]]).status
                #expect([.ok, .badRequest].contains(status), "\(step)")
            case 3:
                let taxes = try await json(taxesPath)["taxes"] as? [[String: Any]] ?? []
                guard !taxes.isEmpty else { return }
                var kept = taxes
                kept.remove(at: step.a % taxes.count)
                #expect(try await put(taxesPath, ["taxes": kept]).status == .ok, "\(step)")
            default:
                var body: [String: Any] = [
                    "from": firstNight.adding(days: step.a).iso,
                    "to": firstNight.adding(days: step.a + 1 + step.b % 3).iso,
                ]
                if step.b % 2 == 0 { body["minStay"] = 1 + step.b }
                if step.b % 3 == 0 { body["maxStay"] = 10 + step.b }
                if step.b % 4 == 1 { body["closedToArrival"] = true }
                if step.b == 5 { body["stopSell"] = true }
                #expect(try await put(restrictionsPath, body).status == .ok)
            }
        }

        /// Each setting put back as read is taken and reads the same after.
        func expectRoundTrips(after step: Step) async throws {
            for (path, key) in [(plansPath, "plans"), (taxesPath, "taxes")] {
                let read = try await json(path)
                let answer = try await put(path, read)
                #expect(answer.status == .ok, "\(key) after \(step): \(String(buffer: answer.body))")
                let again = try await json(path)
                #expect(
                    NSDictionary(dictionary: again).isEqual(to: read), "\(key) changed by its own PUT after \(step)")
            }
            let window = "\(ratesPath)?from=\(firstNight.iso)&to=\(firstNight.adding(days: 14).iso)"
            let nights = try await json(window)["nights"] as? [[String: Any]] ?? []
            for night in nights {
                guard let date = night["date"] as? String, let restriction = night["restriction"] as? [String: Any],
                    let day = Day(iso: date)
                else { continue }
                var body = restriction
                body["from"] = date
                body["to"] = day.adding(days: 1).iso
                let answer = try await put(restrictionsPath, body)
                #expect(answer.status == .ok, "restriction of \(date) after \(step): \(String(buffer: answer.body))")
            }
            let after = try await json(window)["nights"] as? [[String: Any]] ?? []
            #expect(NSArray(array: after).isEqual(to: nights), "restrictions changed by their own PUT after \(step)")
        }

        static func name(_ index: Int) -> String { SettingsRoundTripPropertyTests.names[index % 3] }
    }
}
