import API
import Foundation
import Hummingbird
import HummingbirdTesting
import StorageTesting
import Testing

@testable import App

/// The forms' declarations over HTTP, and the folio's endpoints checking bodies by them.
@Suite(.closesItsStores)
struct FormsAPITests {
    @Test func theFormsRouteServesEveryDeclaration() async throws {
        let fixture = try await APIFixture.make()
        try await fixture.test { client in
            let names = try await client.execute(uri: "/api/v1/forms", method: .get) { response in
                #expect(response.status == .ok)
                return try APIFixture.decoder.decode(
                    Components.Schemas.FormList.self, from: Data(buffer: response.body)
                ).forms
            }
            #expect(
                names == [
                    "stay", "charge", "payment", "move", "appointment", "appointment-change", "visit-notes", "customer",
                    "issuer", "registration",
                ])
            for name in names {
                try await client.execute(uri: "/api/v1/forms/\(name)", method: .get) { response in
                    #expect(response.status == .ok)
                    let form = try JSONDecoder().decode(FreeForm.self, from: Data(buffer: response.body))
                    #expect(form == FormCatalog.form(named: name))
                }
            }
        }
    }

    @Test func aPaymentDeclarationSaysWhenItsReferenceShows() async throws {
        let fixture = try await APIFixture.make()
        try await fixture.test { client in
            try await client.execute(uri: "/api/v1/forms/payment", method: .get) { response in
                let json = try JSONSerialization.jsonObject(with: Data(buffer: response.body)) as? [String: Any]
                let sections = try #require(json?["sections"] as? [[String: Any]])
                let rows = try #require(sections.first?["rows"] as? [[String: Any]])
                let reference = try #require(rows.first { $0["key"] as? String == "description" })
                let condition = try #require(reference["visibleWhen"] as? [String: Any])
                #expect(condition["row"] as? String == "method")
                #expect(condition["values"] as? [String] == ["card_terminal", "transfer", "qr"])
            }
        }
    }

    @Test func anUnknownFormIsNotFound() async throws {
        let fixture = try await APIFixture.make()
        try await fixture.test { client in
            try await client.execute(uri: "/api/v1/forms/invoice", method: .get) { response in
                #expect(response.status == .notFound)
                #expect(response.error?.error.code == "not_found")
                #expect(response.error?.error.field == "name")
            }
        }
    }

    @Test func theFormsNeedASession() async throws {
        let fixture = try await APIFixture.make()
        try await fixture.test(as: nil) { client in
            try await client.execute(uri: "/api/v1/forms", method: .get) { #expect($0.status == .unauthorized) }
        }
    }

    @Test func aChargeWithoutDescriptionIsRefusedByTheDeclaration() async throws {
        let fixture = try await APIFixture.make()
        try await fixture.test { client in
            let id = try await StayActionsAPITests.bookToday(client, fixture, room: fixture.rooms[0].id)
            try await client.execute(
                uri: "/api/v1/stays/\(id)/charges", method: .post,
                body: ByteBuffer(string: #"{"amount": {"amount": 500, "currency": "THB"}, "category": "laundry"}"#)
            ) { response in
                #expect(response.status == .badRequest)
                #expect(response.error?.error.field == "description")
                #expect(response.error?.error.message == "'description' is required")
            }
        }
    }

    @Test func aPaymentInAnUnknownWayIsRefusedNamingTheMethod() async throws {
        let fixture = try await APIFixture.make()
        try await fixture.test { client in
            let id = try await StayActionsAPITests.bookToday(client, fixture, room: fixture.rooms[0].id)
            try await client.execute(
                uri: "/api/v1/stays/\(id)/payments", method: .post,
                body: ByteBuffer(string: #"{"amount": {"amount": 500, "currency": "THB"}, "method": "bitcoin"}"#)
            ) { response in
                #expect(response.status == .badRequest)
                #expect(response.error?.error.field == "method")
                #expect(response.error?.error.message == "'bitcoin' is not one of cash, card_terminal, transfer, qr")
            }
        }
    }

    /// The API's bodies keep their shape: a cash payment may still carry a description, and fields the
    /// API does not know are still ignored.
    @Test func aCashPaymentKeepsItsDescriptionAndUnknownFieldsAreIgnored() async throws {
        let fixture = try await APIFixture.make()
        try await fixture.test { client in
            let id = try await StayActionsAPITests.bookToday(client, fixture, room: fixture.rooms[0].id)
            try await client.execute(
                uri: "/api/v1/stays/\(id)/payments", method: .post,
                body: ByteBuffer(
                    string:
                        #"{"amount": {"amount": 500, "currency": "THB"}, "method": "cash", "description": "Deposit", "till": 2}"#
                )
            ) { response in
                #expect(response.status == .created)
                let folio = try StayActionsAPITests.decode(StayActionsAPITests.FolioBody.self, response)
                #expect(folio.entries.last?.description == "Deposit")
            }
        }
    }
}
