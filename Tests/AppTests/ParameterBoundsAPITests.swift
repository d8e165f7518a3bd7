import API
import Booking
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import StorageTesting
import Testing

@testable import App

/// Every path and query parameter the document declares is checked as its schema says: a value of another
/// type, beyond a bound, too long, not one of the choices, not of the pattern, or (for an array) one too
/// many or an element that is no number, is refused with 400 naming the parameter, on every operation.
@Suite(.closesItsStores)
struct ParameterBoundsAPITests {
    typealias Parameter = APIDocument.Parameter

    /// A value the parameter takes: the least it allows; a day from `today` for one that is a date.
    static func valid(_ parameter: Parameter, today: Day) -> String {
        switch parameter.name {
        case "arrival", "from", "day", "date": today.adding(days: 7).iso
        case "departure", "to": today.adding(days: 9).iso
        default: valid(parameter.value, today: today)
        }
    }

    static func valid(_ schema: APIDocument.ValueSchema, today: Day) -> String {
        switch schema.type {
        case "integer", "number": String(Int(max(schema.minimum ?? 1, 1)))
        case "boolean": "true"
        default:
            if let choice = schema.choices?.first {
                choice
            } else if schema.pattern?.contains("[0-9]{4}-") == true {
                today.iso
            } else if schema.pattern?.contains(":") == true {
                "10:00"
            } else if schema.pattern?.hasSuffix("\\.ics$") == true {
                "1.ics"
            } else if schema.pattern?.hasSuffix("\\.svg$") == true {
                "a.svg"
            } else {
                String(repeating: "a", count: max(schema.minLength ?? 1, 1))
            }
        }
    }

    /// Values the schema refuses, each with what it breaks.
    static func invalid(_ parameter: Parameter, today: Day) -> [(values: [String], breaks: String)] {
        let schema = parameter.value
        var found: [(values: [String], breaks: String)] = []
        switch schema.type {
        case "integer", "number":
            found.append((["abc"], "type"))
            if let maximum = schema.maximum { found.append(([String(Int(maximum) + 1)], "maximum")) }
            if let minimum = schema.minimum { found.append(([String(Int(minimum) - 1)], "minimum")) }
        case "boolean": found.append((["maybe"], "type"))
        default:
            if let maxLength = schema.maxLength {
                found.append(([String(repeating: "a", count: maxLength + 1)], "maxLength"))
            }
            if schema.choices != nil { found.append((["not-a-choice"], "enum")) }
            if schema.pattern != nil { found.append((["!"], "pattern")) }
        }
        if let items = parameter.items {
            found = found.map { ([valid(schema, today: today)] + $0.values, "items \($0.breaks)") }
            if items.upperBound < 100 {
                found.append((Array(repeating: valid(schema, today: today), count: items.upperBound + 1), "maxItems"))
            }
        }
        return found
    }

    @Test func everyParameterIsRefusedBeyondItsSchemaNamingIt() async throws {
        let fixture = try await APIFixture.make()
        try await fixture.test(as: .manager) { client in
            var checked = 0
            for (route, operationID) in APIDocument.operationIDs.sorted(by: { $0.key < $1.key }) {
                let parts = route.split(separator: " ", maxSplits: 1).map(String.init)
                let method = HTTPRequest.Method(parts[0])!
                let parameters = APIDocument.parameters[operationID] ?? []
                guard !route.hasSuffix("/events") else { continue }  // a WebSocket
                for parameter in parameters {
                    for (values, breaks) in Self.invalid(parameter, today: fixture.today) {
                        let encode = { (text: String) in
                            text.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? text
                        }
                        var path = parts[1]
                        var query: [String] = []
                        for other in parameters {
                            let given =
                                other.name == parameter.name ? values : [Self.valid(other, today: fixture.today)]
                            switch other.location {
                            case .path:
                                path = path.replacingOccurrences(of: "{\(other.name)}", with: encode(given[0]))
                            case .query:
                                guard other.required || other.name == parameter.name else { continue }
                                query += given.map { "\(other.name)=\(encode($0))" }
                            }
                        }
                        let uri = path + (query.isEmpty ? "" : "?" + query.joined(separator: "&"))
                        try await client.execute(
                            uri: uri, method: method,
                            headers: [.contentType: "application/json", .init("Idempotency-Key")!: UUID().uuidString]
                        ) { response in
                            #expect(
                                response.status == .badRequest && response.error?.error.field == parameter.name,
                                "\(route) \(parameter.name) (\(breaks)): \(response.status) \(String(buffer: response.body))"
                            )
                        }
                        checked += 1
                    }
                }
            }
            #expect(checked > 100)
        }
    }
}

extension ParameterBoundsAPITests {
    /// A hold names the one it replaces by its token: at most 64 characters, as the document says, and a
    /// longer one is refused naming `replaces` before anything is held or let go.
    @Test func aHoldReplacingATokenTooLongIsRefusedNamingIt() async throws {
        let salon = try await SalonOnlineAPITests.Salon.make(database: .sqlite)
        let start = salon.tomorrow.instant(atMinute: 10 * 60, in: salon.salon.property.timeZone)
        try await salon.fixture.test(as: nil) { client in
            for (token, status) in [
                (String(repeating: "f", count: 65), HTTPResponse.Status.badRequest), ("f", .created),
            ] {
                try await client.execute(
                    uri: "\(salon.path)/holds", method: .post,
                    body: ByteBuffer(
                        string:
                            #"{"services": [\#(salon.cut.id)], "start": "\#(start.formatted(.iso8601))", "replaces": "\#(token)"}"#
                    )
                ) { response in
                    #expect(response.status == status, "\(String(buffer: response.body))")
                    if status == .badRequest { #expect(response.error?.error.field == "replaces") }
                }
            }
        }
    }
}

extension ParameterBoundsAPITests {
    /// A path parameter is checked as the operation reads it, decoded: 30 kana, 270 characters as sent, are
    /// within a token's 64 and reach the operation (which knows no such offer).
    @Test func aPathParameterIsCheckedDecoded() async throws {
        let fixture = try await APIFixture.make()
        try await fixture.test(as: nil) { client in
            let token = String(repeating: "あ", count: 30).addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
            try await client.execute(uri: "/api/v1/public/waitlist-offers/\(token)", method: .get) { response in
                #expect(response.status == .notFound, "\(String(buffer: response.body))")
            }
            let long = String(repeating: "あ", count: 65).addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
            try await client.execute(uri: "/api/v1/public/waitlist-offers/\(long)", method: .get) { response in
                #expect(response.status == .badRequest && response.error?.error.field == "token")
            }
        }
    }
}
