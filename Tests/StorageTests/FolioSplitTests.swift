import Booking
import Foundation
import StorageTesting
import Testing

@testable import Storage

/// A stay's bill split between the guest and a company, on each database: the routes send rooms and their
/// fee to the company and the rest to the guest, each folio bears its own taxes, a line moves as its
/// reversal and its copy, each folio is documented on its own, and check-out asks only the guest's settled.
@Suite(.closesItsStores, .serialized)
struct FolioSplitTests {
    static let manager = Staff(User(id: 1, email: "m@example.com", name: "M", role: .manager))

    /// VAT 7 % of what a folio's standing charges come to, rounded once for the folio.
    static func vat(on folio: Folio) -> Money {
        let charged = folio.entries.filter {
            $0.kind == .charge && !folio.isReversed($0.id) && $0.category != .tax
        }
        return Money(charged.map(\.amount.amount).reduce(0, +), .thb).share(basisPoints: 700)
    }

    static func taxes(on folio: Folio) -> Money {
        let lines = folio.entries.filter { $0.kind == .charge && !folio.isReversed($0.id) && $0.category == .tax }
        return Money(lines.map(\.amount.amount).reduce(0, +), .thb)
    }

    @Test(arguments: TestDatabase.available)
    func aCompanyPaysTheRoomsAndTheGuestTheExtras(database: TestDatabase) async throws {
        let store = try await database.makeStore()
        let hotel = try await Hotel.make(in: store)
        let instant = Hotel.arrival.instant(atMinute: 15 * 60, in: hotel.property.timeZone)
        let desk = FrontDesk(storage: store, now: { instant })
        let accounts = Accounts(storage: store, now: { instant })
        let company = try await accounts.save(
            Company(
                propertyID: hotel.property.id, name: " Lanna Trading Co., Ltd. ", address: "9 Nimman Rd\nChiang Mai",
                taxID: "0505561000123"), by: Self.manager)
        #expect(company.id > 0 && company.name == "Lanna Trading Co., Ltd.")
        let stay = try await desk.book(hotel.newStay(room: hotel.rooms[0].id), by: Self.manager)
        let split = FolioSplit(
            bills: [.init(number: 2, payer: .company(id: company.id))], routes: [.room: 2, .fee: 2])
        let before = try await accounts.split(stay.id, into: split, by: Self.manager)
        #expect(before.split == split && before.entries.isEmpty)

        _ = try await desk.checkIn(stay.id, version: nil, by: Self.manager)
        _ = try await accounts.postCharge(
            to: stay.id, description: "Minibar", amount: .whole(150, .thb), category: .minibar, by: Self.manager)
        var folio = try await store.folio(stayID: stay.id)
        let (guest, billed) = (folio.part(1), folio.part(2))
        #expect(billed.entries.filter { $0.category == .room }.count == 2)
        #expect(billed.entries.contains { $0.category == .fee })
        #expect(guest.entries.map(\.category) == [.minibar, .tax])
        for part in [guest, billed] { #expect(Self.taxes(on: part) == Self.vat(on: part)) }
        #expect(guest.balance.amount + billed.balance.amount == folio.balance.amount)

        // The minibar was the company's after all: it moves, with its tax.
        let minibar = try #require(guest.entries.first { $0.category == .minibar })
        folio = try await accounts.move(entries: [minibar.id], of: stay.id, to: 2, by: Self.manager).folio
        #expect(folio.isReversed(minibar.id))
        #expect(folio.part(2).entries.contains { $0.movedFrom == minibar.id && $0.amount == minibar.amount })
        #expect(folio.part(1).balance.amount == 0)
        #expect(Self.taxes(on: folio.part(2)) == Self.vat(on: folio.part(2)))
        await #expect(throws: DomainError.self) {
            _ = try await accounts.move(entries: [minibar.id], of: stay.id, to: 2, by: Self.manager)
        }
        // A folio with lines cannot be taken away.
        await #expect(throws: DomainError.self) {
            _ = try await accounts.split(stay.id, into: FolioSplit(), by: Self.manager)
        }

        // Each folio its own invoice: the company's names it as the buyer.
        let invoice = try await accounts.issueDocument(.invoice, stayID: stay.id, folio: 2, by: Self.manager)
        #expect(invoice.folio == 2 && invoice.buyer?.name == company.name)
        #expect(invoice.totalCharges == folio.part(2).totalCharges)
        let stored = try await accounts.documents(stayID: stay.id, by: Self.manager)
        #expect(stored.map(\.folio) == [2] && stored[0].buyer?.taxID == company.taxID)
        await #expect(throws: DomainError.self) {
            _ = try await accounts.issueDocument(.invoice, stayID: stay.id, folio: 3, by: Self.manager)
        }

        // Check-out leaves the company's folio open: its monthly invoice bills it.
        let out = try await desk.checkOut(stay.id, version: nil, by: Self.manager)
        #expect(out.state == .checkedOut)
        #expect(try await store.folio(stayID: stay.id).part(2).balance.amount > 0)

        // Another guest of the company's, leaving the same month: its rooms on the company's folio too.
        let other = try await desk.book(hotel.newStay(room: hotel.rooms[1].id, guest: "Bo Chen"), by: Self.manager)
        _ = try await accounts.split(other.id, into: split, by: Self.manager)
        _ = try await desk.checkIn(other.id, version: nil, by: Self.manager)
        let month = CompanyInvoice.days(of: Day(year: 2026, month: 12, day: 1))
        #expect(month.upperBound == Day(year: 2026, month: 12, day: 31))
        let account = try await accounts.companyAccount(
            company.id, at: hotel.property.id, month: month.lowerBound, by: Self.manager)
        let preview = try #require(account.month)
        #expect(preview.stays.map(\.stayID) == [stay.id, other.id] && account.invoices.isEmpty)
        let issued = try await accounts.issueCompanyInvoice(
            company.id, at: hotel.property.id, month: month.lowerBound, by: Self.manager)
        // Numbered with the stays' invoices: the first was the stay's own folio 2's.
        #expect(issued.reference == "INV-000002" && issued.buyer.name == company.name)
        let companys = [
            try await store.folio(stayID: stay.id).part(2), try await store.folio(stayID: other.id).part(2),
        ]
        #expect(issued.totalCharges.amount == companys.map(\.totalCharges.amount).reduce(0, +))
        #expect(issued.balance.amount == companys.map(\.balance.amount).reduce(0, +))
        #expect(issued.taxes.map(\.amount.amount).reduce(0, +) == issued.totalTax.amount)
        #expect(try await accounts.companyInvoice(issued.id, by: Self.manager) == issued)
        // A month with nothing to bill is refused and takes no number.
        await #expect(throws: DomainError.self) {
            _ = try await accounts.issueCompanyInvoice(
                company.id, at: hotel.property.id, month: Day(year: 2027, month: 1, day: 1), by: Self.manager)
        }
        let next = try await accounts.issueDocument(.invoice, stayID: other.id, folio: 2, by: Self.manager)
        #expect(next.reference == "INV-000003")
    }

    @Test(arguments: TestDatabase.available)
    func aSplitIsRefusedWhenItIsNoSplit(database: TestDatabase) async throws {
        let store = try await database.makeStore()
        let hotel = try await Hotel.make(in: store)
        let accounts = Accounts(storage: store, now: store.clock.now)
        let desk = FrontDesk(storage: store, now: store.clock.now)
        let stay = try await desk.book(hotel.newStay(room: hotel.rooms[0].id), by: Self.manager)
        let refused: [(FolioSplit, String)] = [
            (FolioSplit(bills: [.init(number: 2, payer: .guest)]), "folios.2.payer"),
            (FolioSplit(bills: [.init(number: 2, payer: .person(name: " "))]), "folios.2.name"),
            (FolioSplit(bills: [.init(number: 9, payer: .person(name: "Bo"))]), "folios.9.number"),
            (FolioSplit(routes: [.room: 2]), "routes.room"),
            (FolioSplit(bills: [.init(number: 2, payer: .person(name: "Bo"))], routes: [.tax: 2]), "routes.tax"),
            (FolioSplit(bills: [.init(number: 2, payer: .company(id: 999_999))]), "folios.2.companyId"),
        ]
        for (split, field) in refused {
            await #expect(throws: DomainError.self) {
                do {
                    _ = try await accounts.split(stay.id, into: split, by: Self.manager)
                } catch let error as DomainError {
                    #expect(error.field == field)
                    throw error
                }
            }
        }
        #expect(try await store.folio(stayID: stay.id).split == FolioSplit())
    }
}
