import Foundation
import Testing

@testable import Booking

struct PricingTests {
    @Test func totalIsNightlyRatesPlusFeesPlusTaxesOnBoth() throws {
        let property = Make.hotel(
            fees: [Fee(name: "Cleaning", amount: .whole(300, .thb), basis: .perStay)],
            taxes: [Tax(name: "Service charge", basisPoints: 1_000), Tax(name: "VAT", basisPoints: 700)])
        var roomType = Make.roomType(rate: .whole(1200, .thb))
        roomType.rateOverrides[Make.arrival.adding(days: 1)] = .whole(1500, .thb)  // a Saturday
        let price = try StayPrice.quote(
            roomType: roomType, nights: Make.nights(Make.arrival, 3), property: property, party: Party(adults: 2))
        #expect(price.nights.map(\.amount) == [.whole(1200, .thb), .whole(1500, .thb), .whole(1200, .thb)])
        #expect(price.roomTotal == .whole(3900, .thb))
        #expect(price.feeTotal == .whole(300, .thb))
        #expect(price.taxes.map(\.amount) == [.whole(420, .thb), .whole(294, .thb)])
        #expect(price.total == .whole(4914, .thb))
    }

    @Test func aListingsQuoteHasTheQuotesAmountsWithoutNamingItsNights() throws {
        let property = Make.hotel(
            fees: [Fee(name: "Cleaning", amount: .whole(300, .thb), basis: .perStay)],
            taxes: [Tax(name: "VAT", basisPoints: 700)])
        var roomType = Make.roomType(rate: .whole(1_199, .thb))
        roomType.rateOverrides[Make.arrival.adding(days: 2)] = Money(150_001, .thb)
        for count in 1...5 {
            let nights = Make.nights(Make.arrival, count)
            let quote = try StayPrice.quote(
                roomType: roomType, nights: nights, property: property, party: Party(adults: 2))
            let listing = try StayPrice.listingQuote(
                roomType: roomType, nights: nights, property: property, party: Party(adults: 2))
            #expect(listing.nights.map(\.amount) == quote.nights.map(\.amount))
            #expect(listing.nights.map(\.night) == quote.nights.map(\.night))
            #expect(listing.fees == quote.fees && listing.taxes == quote.taxes)
            #expect(listing.perNight == quote.perNight && listing.total == quote.total)
        }
    }

    @Test func zeroDecimalCurrenciesRoundTaxesToWholeYen() throws {
        let property = Make.hotel(
            currency: .jpy, fees: [Fee(name: "Accommodation tax", amount: .whole(200, .jpy), basis: .perNight)],
            taxes: [Tax(name: "Consumption tax", basisPoints: 1_000)], timeZone: "Asia/Tokyo")
        let roomType = Make.roomType(rate: .whole(12_345, .jpy))
        let price = try StayPrice.quote(
            roomType: roomType, nights: Make.nights(Make.arrival, 2), property: property, party: Party(adults: 2))
        #expect(price.roomTotal == Money(24_690, .jpy))
        #expect(price.feeTotal == Money(400, .jpy))
        #expect(price.taxTotal == Money(2_509, .jpy))  // 2,509.0 of 25,090
        #expect(price.total == Money(27_599, .jpy))
        #expect(price.total.description == "27599 JPY")
    }

    @Test func nightsKeepTheRatesTheyWereBookedAtAndAddedNightsTakeTodaysRate() throws {
        var roomType = Make.roomType(rate: .whole(1_500, .thb))  // the rate has gone up since the booking
        roomType.rateOverrides[Make.arrival.adding(days: 1)] = .whole(2_000, .thb)
        let agreed = [Make.arrival: Money.whole(1_200, .thb), Make.arrival.adding(days: 1): .whole(1_200, .thb)]
        // The guest has since added a third night.
        let price = try StayPrice.quote(
            roomType: roomType, nights: Make.nights(Make.arrival, 3), property: Make.hotel(), party: Party(adults: 2),
            agreedRates: agreed)
        #expect(price.nights.map(\.amount) == [.whole(1_200, .thb), .whole(1_200, .thb), .whole(1_500, .thb)])
        #expect(price.roomTotal == .whole(3_900, .thb))
    }

    @Test func roomTypesPricedInAnotherCurrencyAreRefused() {
        #expect(throws: DomainError.self) {
            try StayPrice.quote(
                roomType: Make.roomType(rate: .whole(100, .usd)), nights: Make.nights(Make.arrival, 1),
                property: Make.hotel(), party: Party(adults: 2))
        }
    }

    @Test func aStayAcrossADaylightSavingChangeKeepsItsNightsAndLocalTimes() throws {
        // Berlin moves its clocks forward on 2026-03-29.
        let property = Make.hotel(currency: .usd, timeZone: "Europe/Berlin")
        let nights = Make.nights(Day(year: 2026, month: 3, day: 28), 2)
        let price = try StayPrice.quote(
            roomType: Make.roomType(rate: .whole(100, .usd)), nights: nights, property: property,
            party: Party(adults: 2))
        #expect(price.nights.count == 2)
        #expect(price.roomTotal == .whole(200, .usd))
        let checkIn = property.checkInInstant(on: nights.arrival)
        let checkOut = property.checkOutInstant(on: nights.departure)
        // 14:00 at UTC+1 on the 28th to 11:00 at UTC+2 on the 30th: 45 hours on the wall clock, 44
        // elapsed, one lost to the change.
        #expect(checkIn == Date(timeIntervalSince1970: 1_774_702_800))
        #expect(checkOut.timeIntervalSince(checkIn) == 44 * 3600)
    }
}

struct AvailabilityTests {
    let roomTypes = [Make.roomType(id: 1, capacity: 2), Make.roomType(id: 2, capacity: 4)]
    let rooms = [
        Make.room(id: 1), Make.room(id: 2), Make.room(id: 3), Make.room(id: 4, type: 2),
    ]
    /// Room 3 is out of service over the nights the tests ask about.
    var outOfService: RoomHold {
        RoomHold(stayID: 0, roomTypeID: 1, roomID: 3, nights: Make.nights(Make.arrival.adding(days: -1), 30))
    }

    func availability(_ stays: [Stay]) -> Availability {
        let plain = Availability(roomTypes: roomTypes, rooms: rooms, stays: stays)
        return Availability(roomTypes: roomTypes, rooms: rooms, holds: plain.holds + [outOfService])
    }

    @Test func aRoomTypeIsFreeWhileARoomOfItIsFreeOnEveryNight() {
        let stays = [
            Make.stay(id: 1, room: 1, nights: 3),
            Make.stay(id: 2, room: 2, from: Make.arrival.adding(days: 1), nights: 1),
        ]
        let availability = availability(stays)
        #expect(availability.freeCount(of: 1, for: Make.nights(Make.arrival, 3)) == 0)
        #expect(availability.freeCount(of: 1, for: Make.nights(Make.arrival, 1)) == 1)
        #expect(availability.freeCount(of: 1, for: Make.nights(Make.arrival.adding(days: 3), 2)) == 2)
        #expect(availability.freeRooms(of: 1, for: Make.nights(Make.arrival, 1)).map(\.id) == [2])
    }

    @Test func unassignedStaysTakeARoomOfTheirTypeAndCancelledOnesNone() {
        let stays = [
            Make.stay(id: 1, room: nil, nights: 2), Make.stay(id: 2, room: 1, nights: 2, state: .cancelled),
            Make.stay(id: 3, room: 2, nights: 2, state: .noShow),
        ]
        let availability = availability(stays)
        #expect(availability.freeCount(of: 1, for: Make.nights(Make.arrival, 2)) == 1)
    }

    @Test func guestsOverCapacityLeaveOnlyLargerRoomTypes() {
        let availability = availability([])
        #expect(availability.availableRoomTypes(for: Make.nights(Make.arrival, 2), guests: 3).map(\.id) == [2])
    }
}

struct FrontDeskDayTests {
    @Test func todaysListsSortStaysIntoArrivalsDeparturesAndInHouse() {
        let today = Make.arrival
        let stays = [
            Make.stay(id: 1, room: 1, from: today),
            Make.stay(id: 2, room: 2, from: today.adding(days: -2), nights: 2, state: .checkedIn),
            Make.stay(id: 3, room: 3, from: today.adding(days: -1), nights: 3, state: .checkedIn),
            Make.stay(id: 4, room: 4, from: today, state: .cancelled),
            Make.stay(id: 5, room: 5, from: today.adding(days: -3), nights: 3, state: .checkedOut),
        ]
        let lists = FrontDeskDay(day: today, stays: stays)
        #expect(lists.arrivals.map(\.id) == [1])
        #expect(lists.departures.map(\.id) == [2, 5])
        #expect(lists.inHouse.map(\.id) == [3])
    }

    @Test func occupancyAdrAndRevparPerDay() {
        let property = Make.hotel()
        let stays = [Make.stay(id: 1, room: 1, nights: 1), Make.stay(id: 2, room: 2, nights: 2, state: .cancelled)]
        let rooms = [Make.room(id: 1), Make.room(id: 2), Make.room(id: 3), Make.room(id: 4)]
        let stats = DailyStats.compute(
            over: Make.nights(Make.arrival, 2), property: property, roomTypes: [Make.roomType()], rooms: rooms,
            stays: stays)
        #expect(stats[0].occupancy == 0.25)
        #expect(stats[0].adr == .whole(1200, .thb))
        #expect(stats[0].revPAR == .whole(300, .thb))
        #expect(stats[1].roomsSold == 0)
        #expect(stats[1].adr == .zero(.thb))
        let total = DailyStats.total(of: stats, from: Make.arrival, currency: .thb)
        #expect(total.occupancy == 0.125)
        #expect(total.adr == .whole(1200, .thb))
        #expect(total.revPAR == .whole(150, .thb))
    }

    @Test func nightsBlockedByAnImportedCalendarAreNeitherAvailableNorSold() {
        var block = Make.stay(id: 2, room: 2, nights: 1)
        block.source = .ical
        let stats = DailyStats.compute(
            over: Make.nights(Make.arrival, 1), property: Make.hotel(), roomTypes: [Make.roomType()],
            rooms: [Make.room(id: 1), Make.room(id: 2), Make.room(id: 3)], stays: [Make.stay(id: 1, room: 1), block])
        #expect(stats[0].roomsAvailable == 2)
        #expect(stats[0].roomsSold == 1)
        #expect(stats[0].occupancy == 0.5)
        #expect(stats[0].adr == .whole(1200, .thb))
    }

    @Test func aNightsPriceIsTheNightsTotalOverTheirCountRoundedHalfUp() throws {
        let hotel = Make.hotel()
        var roomType = Make.roomType(rate: Money(158_666, .thb))
        roomType.rateOverrides[Make.arrival] = Money(158_668, .thb)
        let three = try StayPrice.quote(
            roomType: roomType, nights: Make.nights(Make.arrival, 3), property: hotel, party: Party(adults: 2))
        #expect(three.perNight == Money(158_667, .thb))  // 476,000 / 3 = 158,666.67
        let two = try StayPrice.quote(
            roomType: Make.roomType(rate: Money(101, .thb)), nights: Make.nights(Make.arrival, 2), property: hotel,
            party: Party(adults: 2))
        #expect(two.perNight == Money(101, .thb))
    }
}
