import API
import Booking
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import StorageTesting
import Testing

@testable import App

/// A Hanoi hotel's e-invoice, on a fixed clock: a stay over New Year's Eve, 2026-12-31 to 2027-01-02, at
/// 1,000,000 đồng a night with a 5 % service charge and the VAT on both, 8 % for the night of 31 December
/// and 10 % for the night of 1 January (the reduced rate ends with 2026). The invoice issued at check-in is
/// the year's first, and its XML holds every field the layout makes mandatory, each worked out here.
@Suite(.closesItsStores, .serialized)
struct EInvoiceAPITests {
    /// Hanoi's 10:00 on a day.
    static func morning(_ iso: String) -> Date {
        ISO8601DateFormatter().date(from: "\(iso)T03:00:00Z")!
    }

    /// The text of each `<tag>` in `xml`, in order.
    static func values(_ tag: String, in xml: String) -> [String] {
        xml.components(separatedBy: "<\(tag)>").dropFirst().map { String($0.prefix { $0 != "<" }) }
    }

    @Test(arguments: TestDatabase.available)
    func aStayOverNewYearsEveIsTaxedEightThenTenPercentAndItsEInvoiceHoldsEveryMandatedField(
        database: TestDatabase
    ) async throws {
        let fixture = try await APIFixture.make(database: database)
        let store = fixture.store
        store.clock.set(Self.morning("2026-12-31"))
        let hanoi = try await store.properties.insert(
            Property(
                id: 0, name: "Phố Cổ House", kind: .hotel, region: "Hà Nội", city: "Hoàn Kiếm", latitude: 21.03,
                longitude: 105.85, timeZoneID: "Asia/Ho_Chi_Minh", currency: .vnd))
        let roomType = try await store.properties.insert(
            RoomType(id: 0, propertyID: hanoi.id, name: "Deluxe", capacity: 2, baseRate: .whole(1_000_000, .vnd)))
        let room = try await store.properties.insert(
            Room(id: 0, propertyID: hanoi.id, roomTypeID: roomType.id, number: "201", floor: 2))
        try await fixture.staff(hanoi.id)
        try await fixture.test(as: .manager) { client in
            let base = "/api/v1/properties/\(hanoi.id)"
            let put = { (path: String, json: String) in
                try await client.execute(uri: base + path, method: .put, body: ByteBuffer(string: json))
            }
            let taxes = """
                {"taxes": [
                  {"name": "Phí phục vụ", "basis": "share", "basisPoints": 500},
                  {"name": "VAT", "basis": "share", "basisPoints": 800, "compounds": true, "through": "2026-12-31"},
                  {"name": "VAT", "basis": "share", "basisPoints": 1000, "compounds": true, "from": "2027-01-01"}
                ]}
                """
            #expect(try await put("/taxes", taxes).status == .ok)
            let issuer =
                #"{"name": "Công ty TNHH Phố Cổ", "address": "12 Hàng Bạc\nHoàn Kiếm, Hà Nội", "taxId": "0101234567"}"#
            #expect(try await put("/issuer", issuer).status == .ok)
            let json =
                #"{"roomId": \#(room.id), "arrival": "2026-12-31", "departure": "2027-01-02", "adults": 2, "guest": {"name": "Nguyễn Văn An", "email": "an@example.com"}}"#
            let booked = try await client.execute(uri: base + "/stays", method: .post, body: ByteBuffer(string: json))
            #expect(booked.status == .created, "\(String(buffer: booked.body))")
            let stay = try StayActionsAPITests.decode(Components.Schemas.Stay.self, booked)
            #expect(try await client.execute(uri: "/api/v1/stays/\(stay.id)/check-in", method: .post).status == .ok)
            let issued = try await client.execute(
                uri: "/api/v1/stays/\(stay.id)/documents", method: .post,
                body: ByteBuffer(string: #"{"kind": "invoice"}"#))
            #expect(issued.status == .created, "\(String(buffer: issued.body))")
            let invoice = try StayActionsAPITests.decode(Components.Schemas.FolioDocument.self, issued)

            // The law's arithmetic: each night, its service charge, then the VAT of its date on both.
            let night = 1_000_000
            let service = night * 5 / 100
            let (vat8, vat10) = ((night + service) * 8 / 100, (night + service) * 10 / 100)
            let total = 2 * (night + service) + vat8 + vat10
            #expect(invoice.totalCharges.amount == total && invoice.eInvoice == true)

            let path = "/api/v1/documents/\(invoice.id)/e-invoice"
            let refused = try await client.execute(uri: path + "?provider=12", method: .get)
            #expect(refused.status == .badRequest && refused.error?.error.field == "provider")
            let answer = try await client.execute(uri: path + "?provider=0100109106", method: .get)
            #expect(answer.status == .ok, "\(String(buffer: answer.body))")
            let xml = String(buffer: answer.body)
            // Every mandated field of the general part, the seller, the lines and the totals.
            for tag in [
                "PBan", "THDon", "KHMSHDon", "KHHDon", "SHDon", "NLap", "DVTTe", "TGia", "HTTToan", "MSTTCGP", "Ten",
                "MST", "DChi", "TChat", "THHDVu", "ThTien", "TSuat", "TThue", "TgTCThue", "TgTThue", "TgTTTBSo",
                "TgTTTBChu",
            ] {
                #expect(!Self.values(tag, in: xml).isEmpty, "\(tag) is missing")
            }
            #expect(xml.hasPrefix(#"<?xml version="1.0" encoding="UTF-8"?>"#) && xml.contains(#"<DLHDon Id="data">"#))
            #expect(Self.values("KHMSHDon", in: xml) == ["1"] && Self.values("KHHDon", in: xml) == ["C26TYY"])
            #expect(Self.values("SHDon", in: xml) == ["1"], "the year's first invoice")
            #expect(Self.values("NLap", in: xml) == ["2026-12-31"] && Self.values("MSTTCGP", in: xml) == ["0100109106"])
            #expect(Self.values("MST", in: xml) == ["0101234567"])
            #expect(Self.values("DChi", in: xml) == ["12 Hàng Bạc, Hoàn Kiếm, Hà Nội"])
            // The lines: the two nights at the rate of their dates, and each night's service charge.
            #expect(
                Self.values("THHDVu", in: xml) == [
                    "Tiền phòng đêm 31/12/2026", "Tiền phòng đêm 01/01/2027", "Phí phục vụ", "Phí phục vụ",
                ])
            #expect(Self.values("ThTien", in: xml).prefix(4) == ["\(night)", "\(night)", "\(service)", "\(service)"])
            #expect(Self.values("TSuat", in: xml) == ["8%", "10%", "8%", "10%", "8%", "10%"])
            // Each rate's totals, then the invoice's.
            #expect(Self.values("TThue", in: xml) == ["\(vat8)", "\(vat10)"])
            #expect(Self.values("ThTien", in: xml).suffix(2) == ["\(night + service)", "\(night + service)"])
            #expect(Self.values("TgTCThue", in: xml) == ["\(2 * (night + service))"])
            #expect(Self.values("TgTThue", in: xml) == ["\(vat8 + vat10)"])
            #expect(Self.values("TgTTTBSo", in: xml) == ["\(total)"])
            #expect(Self.values("TgTTTBChu", in: xml) == ["Hai triệu hai trăm tám mươi chín nghìn đồng"])
            #expect(total == 2_289_000)

        }
    }
}

extension EInvoiceAPITests {
    /// A Hanoi salon whose prices hold the VAT, on 2026-12-31 (8 %): a cut and a shampoo checked out; the
    /// sale's e-invoice states each without its VAT, the VAT taken out once, the receipt's number, and is the
    /// salon's first of the year; a deposit's own sale has none.
    @Test(arguments: TestDatabase.available)
    func aSalonsSaleHasItsEInvoiceWithTheVATTakenOutOfItsPrices(database: TestDatabase) async throws {
        let fixture = try await APIFixture.make(database: database)
        let store = fixture.store
        store.clock.set(Self.morning("2026-12-31"))
        let property = try await store.properties.insert(
            Property(
                id: 0, name: "Salon Hoa", kind: .salon, region: "Hà Nội", city: "Hoàn Kiếm", latitude: 21.03,
                longitude: 105.85, timeZoneID: "Asia/Ho_Chi_Minh", currency: .vnd))
        let member = try await store.properties.insert(
            StaffMember(id: 0, propertyID: property.id, name: "Lan", team: "Cut", workingHours: 480..<1200))
        let cut = try await store.properties.insert(
            Service(
                id: 0, propertyID: property.id, name: "Cắt tóc", durationMinutes: 45, price: .whole(324_000, .vnd)))
        try await fixture.staff(property.id)
        let salon = AppointmentAPITests.Salon(property: property, staff: [member], service: cut)
        try await fixture.test(as: .manager) { client in
            let base = "/api/v1/properties/\(property.id)"
            let put = { (path: String, json: String) in
                try await client.execute(uri: base + path, method: .put, body: ByteBuffer(string: json))
            }
            let taxes = """
                {"taxes": [
                  {"name": "VAT", "basis": "included_share", "basisPoints": 800, "through": "2026-12-31"},
                  {"name": "VAT", "basis": "included_share", "basisPoints": 1000, "from": "2027-01-01"}
                ]}
                """
            #expect(try await put("/taxes", taxes).status == .ok)
            #expect(
                try await put(
                    "/issuer", #"{"name": "Hộ kinh doanh Salon Hoa", "address": "5 Hàng Gai", "taxId": "0101234567"}"#
                ).status == .ok)
            let products = #"{"products": [{"name": "Dầu gội", "price": {"amount": 108001, "currency": "VND"}}]}"#
            let shampoo = try await put("/products", products)
            let productID = try #require(
                try APIFixture.decoder.decode(Components.Schemas.ProductList.self, from: Data(buffer: shampoo.body))
                    .products.first?.id)
            let customer = try await CustomerAPITests.add(client, salon, #"{"name": "Trần Thị Mai"}"#)
            let visit = try await CustomerAPITests.book(client, salon, customer: customer, days: 0, fixture: fixture)
            let items = #"[{"productId": \#(productID), "quantity": 1}]"#
            let quote = try await CheckoutAPITests.quote(
                client, salon, #"{"appointmentIds": [\#(visit)], "items": \#(items)}"#)
            let order =
                #"{"appointmentIds": [\#(visit)], "items": \#(items), "payments": [{"method": "transfer", "amount": {"amount": \#(quote.total.amount), "currency": "VND"}, "reference": "MB 123"}]}"#
            let sale = try CheckoutAPITests.sale(
                try await client.execute(uri: base + "/sales", method: .post, body: ByteBuffer(string: order)))
            #expect(sale.value2.eInvoice == true)

            // The law's arithmetic: 8 % inside 432,001 đồng is 432,001 × 8 / 108, rounded half up.
            let gross = 324_000 + 108_001
            let vat = (gross * 8 * 2 + 108) / (2 * 108)
            #expect(sale.value1.includedTaxes.map(\.amount.amount) == [vat])
            let path = "/api/v1/sales/\(sale.value2.id)/e-invoice"
            let answer = try await client.execute(uri: path + "?provider=0100109106", method: .get)
            #expect(answer.status == .ok, "\(String(buffer: answer.body))")
            let xml = String(buffer: answer.body)
            #expect(Self.values("SHDon", in: xml) == ["1"] && Self.values("KHHDon", in: xml) == ["C26TYY"])
            #expect(Self.values("THHDVu", in: xml) == ["Cắt tóc", "Dầu gội"])
            let lines = Self.values("ThTien", in: xml).prefix(2).compactMap { Int($0) }
            #expect(lines.count == 2 && lines.reduce(0, +) == gross - vat)
            #expect(Self.values("TSuat", in: xml) == ["8%", "8%", "8%"])
            #expect(Self.values("TThue", in: xml) == ["\(vat)"])
            #expect(
                Self.values("TgTCThue", in: xml) == ["\(gross - vat)"] && Self.values("TgTThue", in: xml) == ["\(vat)"])
            #expect(Self.values("TgTTTBSo", in: xml) == ["\(gross)"] && Self.values("HTTToan", in: xml) == ["CK"])
            #expect(Self.values("HVTNMHang", in: xml) == ["Trần Thị Mai"])
            #expect(Self.values("DLieu", in: xml) == [sale.value2.reference])
        }
    }
}
