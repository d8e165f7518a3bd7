import Foundation
import Testing

@testable import Booking

struct StayRulesTests {
    @Test func checkInIsRefusedBeforeTheArrivalDate() {
        var stay = Make.stay(id: 1, room: 1)
        #expect(throws: DomainError.self) {
            try stay.checkIn(today: Make.arrival.adding(days: -1), room: Make.room(id: 1))
        }
        #expect(stay.state == .booked)
    }

    @Test func checkInToADirtyRoomNeedsAnOverride() throws {
        var stay = Make.stay(id: 1, room: 1)
        let dirty = Make.room(id: 1, status: .dirty)
        #expect(throws: DomainError.self) { try stay.checkIn(today: Make.arrival, room: dirty) }
        try stay.checkIn(today: Make.arrival, room: dirty, override: true)
        #expect(stay.state == .checkedIn)
    }

    @Test func checkInNeedsTheRoomTheStayIsIn() {
        var unassigned = Make.stay(id: 1, room: nil)
        #expect(throws: DomainError.self) { try unassigned.checkIn(today: Make.arrival, room: nil) }
        var assigned = Make.stay(id: 2, room: 1)
        #expect(throws: DomainError.self) { try assigned.checkIn(today: Make.arrival, room: Make.room(id: 2)) }
    }

    @Test func checkOutWithAnOpenBalanceNeedsAManager() throws {
        var stay = Make.stay(id: 1, room: 1, state: .checkedIn)
        #expect(throws: DomainError.self) { try stay.checkOut(balance: Money(500, .thb)) }
        try stay.checkOut(balance: Money(500, .thb), forcedByManager: true)
        #expect(stay.state == .checkedOut)
        var settled = Make.stay(id: 2, room: 1, state: .checkedIn)
        try settled.checkOut(balance: .zero(.thb))
        #expect(settled.state == .checkedOut)
    }

    @Test func onlyBookedStaysCanBeCancelledOrMarkedNoShow() throws {
        var inHouse = Make.stay(id: 1, room: 1, state: .checkedIn)
        #expect(throws: DomainError.self) { try inHouse.cancel() }
        var early = Make.stay(id: 2, room: 1)
        #expect(throws: DomainError.self) { try early.markNoShow(today: Make.arrival.adding(days: -1)) }
        try early.markNoShow(today: Make.arrival)
        #expect(early.state == .noShow)
        #expect(!early.state.holdsRoom)
    }

    @Test func roomMoveSplitsTheStayIntoSegments() throws {
        var stay = Make.stay(id: 1, room: 1, nights: 4, state: .checkedIn)
        try stay.move(toRoom: 2, fromNight: Make.arrival.adding(days: 2))
        #expect(stay.segments.map(\.roomID) == [1, 2])
        #expect(stay.segments.map(\.nights.count) == [2, 2])
        #expect(stay.nights == Make.nights(Make.arrival, 4))
        #expect(stay.roomID(on: Make.arrival.adding(days: 1)) == 1)
        #expect(stay.roomID(on: Make.arrival.adding(days: 3)) == 2)
    }

    @Test func movingFromTheArrivalNightMovesTheWholeStay() throws {
        var stay = Make.stay(id: 1, room: 1, nights: 3)
        try stay.move(toRoom: 5, fromNight: Make.arrival)
        #expect(stay.segments == [StaySegment(roomID: 5, nights: Make.nights(Make.arrival, 3))])
    }

    @Test func movingBackJoinsTheRuns() throws {
        var stay = Make.stay(id: 1, room: 1, nights: 4)
        try stay.move(toRoom: 2, fromNight: Make.arrival.adding(days: 1))
        try stay.move(toRoom: 1, fromNight: Make.arrival.adding(days: 1))
        #expect(stay.segments == [StaySegment(roomID: 1, nights: Make.nights(Make.arrival, 4))])
    }

    @Test func aMoveMustStartOnOneOfTheStaysNights() {
        var stay = Make.stay(id: 1, room: 1, nights: 2)
        #expect(throws: DomainError.self) { try stay.move(toRoom: 2, fromNight: Make.arrival.adding(days: 2)) }
        var gone = Make.stay(id: 2, room: 1, state: .checkedOut)
        #expect(throws: DomainError.self) { try gone.move(toRoom: 2, fromNight: Make.arrival) }
    }

    @Test func guestsMustFitTheRoomType() {
        #expect(throws: DomainError.self) { try Stay.validateGuests(adults: 2, children: 1, capacity: 2) }
        #expect(throws: DomainError.self) { try Stay.validateGuests(adults: 0, children: 1, capacity: 2) }
        #expect(throws: Never.self) { try Stay.validateGuests(adults: 1, children: 1, capacity: 2) }
    }

    @Test func guestDetailsAreChecked() {
        #expect(throws: DomainError.self) { try Guest.validate(name: " ", email: "", phone: "") }
        #expect(throws: DomainError.self) { try Guest.validate(name: "Ann", email: "ann@", phone: "") }
        #expect(throws: DomainError.self) { try Guest.validate(name: "Ann", email: "", phone: "call me") }
        #expect(throws: Never.self) {
            try Guest.validate(name: "Ann", email: "ann@example.com", phone: "+66 81-234-5678")
        }
    }

    /// ASCII details are checked byte by byte, others through Unicode: both say the same.
    @Test func guestDetailsAreCheckedAlikeInASCIIAndBeyond() {
        let refused: [(String, String, String)] = [
            ("\t \t", "", ""), ("\u{3000}\u{2003}", "", ""), ("Ann\u{7}", "", ""), ("Ann\r\nLee", "", ""),
            ("Ann", "a b@example.com", ""), ("Ann", "a@b@example.com", ""),
            ("Ann", "ann@localhost", ""), ("Ann", "@example.com", ""), ("Ann", "", "12\r\n"),
            ("Ann", "", "081 234 5678 ext. 9"), ("Ann", "", String(repeating: "1", count: 41)),
            (String(repeating: "n", count: 201), "", ""), (String(repeating: "ก", count: 201), "", ""),
        ]
        for (name, email, phone) in refused {
            #expect(throws: DomainError.self, "\(name) \(email) \(phone)") {
                try Guest.validate(name: name, email: email, phone: phone)
            }
        }
        let accepted: [(String, String, String)] = [
            (" Ann ", "ann@example.com", "+66 (81) 234-5678"), ("สมชาย ใจดี", "สมชาย@example.co.th", "๐๘๑ ๒๓๔ ๕๖๗๘"),
            ("Zoë", "zoë@example.com", "١٢٣"),
            (String(repeating: "n", count: 200), "", String(repeating: "1", count: 40)),
        ]
        for (name, email, phone) in accepted {
            #expect(throws: Never.self, "\(name) \(email) \(phone)") {
                try Guest.validate(name: name, email: email, phone: phone)
            }
        }
    }

    @Test func appointmentsFollowTheirStates() throws {
        var appointment = Appointment(
            id: 1, propertyID: 2, staffID: 3, serviceID: 4, customerID: 5, startMinute: 0, durationMinutes: 45)
        try appointment.transition(to: .checkedIn)
        #expect(throws: DomainError.self) { try appointment.transition(to: .cancelled) }
        try appointment.reschedule(staffID: 4, startMinute: 30, durationMinutes: 60)
        #expect(appointment.endMinute == 90)
        try appointment.transition(to: .completed)
        #expect(throws: DomainError.self) {
            try appointment.reschedule(staffID: 3, startMinute: 0, durationMinutes: 45)
        }
        #expect(throws: DomainError.self) { try Appointment.validate(durationMinutes: 0) }
    }
}

struct FolioTests {
    @Test func balanceIsChargesLessPaymentsLessReversedEntries() throws {
        var folio = Folio(currency: .thb)
        try folio.post(
            FolioEntry(id: 1, kind: .charge, description: "Room", amount: Money(120_000, .thb), category: .room))
        try folio.post(
            FolioEntry(id: 2, kind: .charge, description: "Minibar", amount: Money(15_000, .thb), category: .minibar))
        try folio.post(
            FolioEntry(id: 3, kind: .payment, description: "Cash", amount: Money(100_000, .thb), method: .cash))
        #expect(folio.balance == Money(35_000, .thb))
        try folio.post(try folio.reversal(of: 2, newID: 4, reason: "Minibar was not used"))
        #expect(folio.balance == Money(20_000, .thb))
        #expect(folio.totalCharges == Money(120_000, .thb))
        #expect(folio.entries.count == 4)
    }

    @Test func entriesAreReversedOnceAndReversalsNever() throws {
        var folio = Folio(currency: .jpy)
        try folio.post(
            FolioEntry(id: 1, kind: .charge, description: "Cut", amount: Money(6_600, .jpy), category: .service))
        try folio.post(try folio.reversal(of: 1, newID: 2, reason: "wrong guest"))
        #expect(throws: DomainError.self) { try folio.post(try folio.reversal(of: 1, newID: 3, reason: "again")) }
        #expect(throws: DomainError.self) { try folio.post(try folio.reversal(of: 2, newID: 3, reason: "undo")) }
        #expect(throws: DomainError.self) { try folio.reversal(of: 99, newID: 3, reason: "none") }
        #expect(folio.balance == .zero(.jpy))
    }

    @Test func chargesMustBePositiveAndInTheFoliosCurrency() {
        var folio = Folio(currency: .thb)
        #expect(throws: DomainError.self) {
            try folio.post(FolioEntry(id: 1, kind: .charge, description: "x", amount: Money(-5, .thb)))
        }
        #expect(throws: DomainError.self) {
            try folio.post(FolioEntry(id: 1, kind: .payment, description: "x", amount: Money(5, .jpy)))
        }
        #expect(folio.entries.isEmpty)
    }
}
