import Booking
import Testing

/// A Tokyo hotel's invoice as Japan's qualified invoice asks, each figure worked out here from the law: two
/// guests, two nights at ¥24,000 room-only (¥12,000 each), a bento taken away at the reduced 8 %, and a
/// late cancellation's fee from another stay, outside the tax.
struct QualifiedInvoiceTests {
    static let consumption = Tax(
        id: 1, name: "消費税", basis: .includedShare, basisPoints: 1_000, rounding: .down)
    static let reduced = Tax(
        id: 2, name: "消費税（軽減）", basis: .includedShare, basisPoints: 800, appliesTo: .reduced, rounding: .down)
    static let accommodation = Tax(
        id: 3, name: "宿泊税", basis: .perPersonNight,
        bands: [
            .init(from: .zero(.jpy), amount: .zero(.jpy)), .init(from: .whole(10_000, .jpy), amount: .whole(100, .jpy)),
            .init(from: .whole(15_000, .jpy), amount: .whole(200, .jpy)),
        ])

    @Test func theInvoiceStatesEachRatesTotalAndTaxOnceTheAccommodationTaxByBandAndTheFeeApart() throws {
        let taxes = [Self.consumption, Self.reduced, Self.accommodation]
        let property = Make.hotel(currency: .jpy, taxes: taxes, timeZone: "Asia/Tokyo")
        let stay = Make.stay(id: 9, room: 1, state: .checkedIn)
        let roomType = RoomType(id: 1, propertyID: 1, name: "Twin", capacity: 2, baseRate: .whole(24_000, .jpy))
        let price = try StayPrice.quote(roomType: roomType, nights: stay.nights, property: property, party: stay.party)
        var folio = Folio(currency: .jpy)
        var next = 1
        func post(_ posting: Posting) throws {
            try folio.post(
                FolioEntry(
                    id: next, kind: posting.kind, description: posting.description, amount: posting.amount,
                    category: posting.category, night: posting.night, businessDay: Make.arrival, taxes: posting.taxes))
            next += 1
        }
        for correction in StayCharges.corrections(
            folio: folio, nights: stay.nights, price: price, taxes: taxes, party: stay.party)
        {
            try post(Posting(correction))
        }
        try post(
            Posting(
                kind: .charge, description: "Bento", amount: .whole(1_080, .jpy), category: .food,
                taxes: .charge(.reduced, on: Make.arrival, taxes: taxes)))
        try post(
            Posting(
                kind: .charge, description: "Late cancellation fee", amount: .whole(5_000, .jpy), category: .fee,
                taxes: .charge(.outside, on: Make.arrival, taxes: taxes)))

        let invoice = try FolioDocument.draft(
            .invoice, folio: folio, stay: stay, property: property, guestName: "山田 花子", roomNumbers: [1: "301"],
            today: Make.arrival.adding(days: 2))
        // 10 %: ¥48,000 of rooms with the tax inside, 48,000 × 10 / 110 = 4,363.6 → ¥4,363, rounded once.
        // 8 %: the bento, 1,080 × 8 / 108 = ¥80.
        #expect(invoice.includedTaxes.map(\.basisPoints) == [1_000, 800])
        #expect(invoice.includedTaxes.map(\.base) == [.whole(48_000, .jpy), .whole(1_080, .jpy)])
        #expect(invoice.includedTaxes.map(\.amount) == [.whole(48_000 * 10 / 110, .jpy), .whole(80, .jpy)])
        // 宿泊税: ¥24,000 is ¥21,818 without the tax inside, ¥10,909 a guest: ¥100 × 2 guests × 2 nights.
        #expect(invoice.taxes.map(\.name) == ["宿泊税"])
        #expect(invoice.taxes.first?.perNight == .whole(100, .jpy) && invoice.taxes.first?.units == 4)
        #expect(invoice.totalTax == .whole(400, .jpy))
        // The fee stands apart, outside the tax; the bento is marked reduced.
        #expect(invoice.outsideTotal == .whole(5_000, .jpy))
        #expect(invoice.charges.map(\.taxClass) == [.standard, .standard, .reduced, .outside])
        #expect(invoice.totalCharges == .whole(48_000 + 1_080 + 5_000 + 400, .jpy))
    }
}
