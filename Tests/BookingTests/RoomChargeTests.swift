import Foundation
import Testing

@testable import Booking

/// A salon's visit on its hotel's guest's bill, without a database: the folio line a payment charged to the
/// room posts, and the desk's booking for a guest's stay (`InMemorySalonStorage`). The same run through the
/// API on both databases in `RoomChargeAPITests`.
struct RoomChargeTests {
    static let hotelID = 3

    static func guest(_ stayID: Int, state: StayState, hotel: Int = hotelID) -> RoomGuest {
        let today = Day(year: 2026, month: 12, day: 1)
        return RoomGuest(
            stayID: stayID, hotelID: hotel, confirmationCode: "K7QX2M\(stayID)", roomName: "204",
            guestName: "Hanako Yamada", guestPhone: "+81 90 1111 2222", guestEmail: "hanako@example.com",
            arrival: today, departure: today.adding(days: 2), state: state)
    }

    @Test func theLineNamesTheSalonItsServicesAndItsReceiptOutsideTheHotelsTaxes() {
        let salon = SalonDeskTests.salon
        let posting = RoomCharge.posting(
            amount: .whole(8_800, .jpy), salon: salon, services: ["Cut", "Head spa"], reference: "RCT-000042")
        #expect(posting.description == "Salon Hanami: Cut, Head spa (RCT-000042)")
        #expect(posting.kind == .charge && posting.category == .salon && posting.amount == .whole(8_800, .jpy))
        #expect(posting.taxes.taxClass == .outside && posting.taxes.included == [])
        // Many services are cut to a folio line's length, the receipt's reference kept whole.
        let long = RoomCharge.posting(
            amount: .whole(1, .jpy), salon: salon, services: Array(repeating: "Treatment", count: 40),
            reference: "RCT-000043")
        #expect(long.description.count == Posting.descriptionLimit)
        #expect(long.description.hasSuffix("… (RCT-000043)"))
        #expect(RoomCharge.reference(room: "204", code: "K7QX2M") == "204 · K7QX2M")
        #expect(RoomCharge.reference(room: "", code: "K7QX2M") == "K7QX2M")
    }

    @Test func onlyAGuestInTheHouseIsChargedAndOnlyAStayHoldingItsRoomIsBookedFor() {
        #expect(StayState.allCases.filter(RoomCharge.mayCharge) == [.checkedIn])
        #expect(StayState.allCases.filter(RoomCharge.mayBook) == [.booked, .checkedIn])
    }

    @Test func theDeskBooksAHotelGuestUnderTheirNameForTheirStayAndNoOtherStay() async throws {
        let (desk, storage) = SalonDeskTests.desk()
        var visit = SalonDeskTests.visit(name: "")
        visit.stayID = 41
        // A salon charging no hotel books for no stay.
        await #expect(throws: DomainError.self) { _ = try await desk.book(visit, by: SalonDeskTests.clerk) }
        _ = await storage.linkRoomCharges(salonID: SalonDeskTests.salon.id, hotelID: Self.hotelID, by: nil)
        await storage.setRoomGuests([
            Self.guest(41, state: .checkedIn), Self.guest(42, state: .cancelled),
            Self.guest(43, state: .checkedIn, hotel: 9),
        ])
        let booked = try await desk.book(visit, by: SalonDeskTests.clerk)
        #expect(booked.stayID == 41)
        let customer = try #require(await storage.customers[booked.customerID])
        #expect(customer.name == "Hanako Yamada" && customer.phone == "+81 90 1111 2222")
        for other in [42, 43, 99] {
            visit.stayID = other
            await #expect(throws: DomainError.roomNotInHouse(field: "stayId")) {
                _ = try await desk.book(visit, by: SalonDeskTests.clerk)
            }
        }
        #expect(await storage.appointments.count == 1)
    }

    @Test func onlyAManagerLinksTheSalonToAHotelTheyWorkAt() async throws {
        let (_, storage) = SalonDeskTests.desk()
        let charges = RoomCharges(storage: storage, now: { Date() })
        await #expect(throws: DomainError.self) {
            _ = try await charges.link(
                salonID: SalonDeskTests.salon.id, hotelID: Self.hotelID, by: SalonDeskTests.clerk)
        }
        // The hotel is none this storage knows: refused naming it, and nothing linked.
        await #expect(throws: DomainError(.notFound, "no hotel 3 of yours", field: "hotelId")) {
            _ = try await charges.link(
                salonID: SalonDeskTests.salon.id, hotelID: Self.hotelID, by: SalonDeskTests.manager)
        }
        #expect(await storage.chargesHotelID == nil)
        let unlinked = try await charges.link(
            salonID: SalonDeskTests.salon.id, hotelID: nil, by: SalonDeskTests.manager)
        #expect(unlinked.chargesHotelID == nil)
    }
}
