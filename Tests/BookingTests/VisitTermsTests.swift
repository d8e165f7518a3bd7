import Testing

@testable import Booking

/// A salon's fees for appointments not kept: worked out on the service's price, late only within the
/// window, and every number bounded before it is stored.
struct VisitTermsTests {
    let terms = VisitTerms(
        lateCancellationMinutes: 1440, lateCancellationFee: .share(basisPoints: 5_000),
        noShowFee: .amount(.whole(2_000, .jpy)))
    let price = Money.whole(6_600, .jpy)
    let start = 30_000_000

    @Test func aCancellationIsLateOnlyWithinTheWindowBeforeTheStart() {
        #expect(terms.fee(.lateCancellation, price: price, start: start, now: start - 1440) == .zero(.jpy))
        #expect(terms.fee(.lateCancellation, price: price, start: start, now: start - 1439) == .whole(3_300, .jpy))
        #expect(terms.fee(.lateCancellation, price: price, start: start, now: start + 60) == .whole(3_300, .jpy))
    }

    @Test func aNoShowCostsItsFeeWhateverTheHourAndAnAmountWhateverThePrice() {
        #expect(terms.fee(.noShow, price: price, start: start, now: start - 10_000) == .whole(2_000, .jpy))
        #expect(terms.fee(.noShow, price: .whole(500, .jpy), start: start, now: start) == .whole(2_000, .jpy))
        #expect(VisitTerms.free.fee(.noShow, price: price, start: start, now: start) == .zero(.jpy))
        #expect(!VisitTerms.free.chargesFees && terms.chargesFees)
    }

    @Test func aDepositHeldIsKeptLateAtLeastAndGivenBackInTime() {
        let held = Money.whole(4_000, .jpy)
        // Late: the fee, or the deposit when it is more; in time, nothing (the deposit is refunded).
        #expect(terms.fee(.lateCancellation, price: price, start: start, now: start - 60, held: held) == held)
        #expect(terms.fee(.lateCancellation, price: price, start: start, now: start - 2_000, held: held) == .zero(.jpy))
        #expect(terms.fee(.noShow, price: price, start: start, now: start, held: held) == held)
        let small = Money.whole(1_000, .jpy)
        #expect(terms.fee(.noShow, price: price, start: start, now: start, held: small) == .whole(2_000, .jpy))
        // Terms that charge no fee still keep a deposit held for a visit not kept.
        let depositOnly = VisitTerms(lateCancellationMinutes: 60, deposit: .share(basisPoints: 2_000))
        #expect(depositOnly.fee(.noShow, price: price, start: start, now: start, held: small) == small)
        #expect(
            depositOnly.fee(.lateCancellation, price: price, start: start, now: start - 61, held: small) == .zero(.jpy))
    }

    @Test func aDepositIsAShareOrAnAmountNeverMoreThanThePrice() {
        #expect(VisitTerms(deposit: .share(basisPoints: 2_000)).deposit(price: price) == .whole(1_320, .jpy))
        #expect(VisitTerms(deposit: .amount(.whole(9_000, .jpy))).deposit(price: price) == price)
        #expect(VisitTerms.free.deposit(price: price) == .zero(.jpy))
    }

    @Test func aShareRoundsHalfUpToTheMinorUnit() {
        let third = VisitTerms(lateCancellationFee: .share(basisPoints: 3_333))
        #expect(
            third.fee(.lateCancellation, price: Money(1_000_015, .thb), start: start, now: start)
                == Money(333_305, .thb))
    }

    @Test func termsOutOfBoundsAreRefusedNamingTheirField() {
        func field(_ terms: VisitTerms) -> String? {
            do {
                try terms.validate(field: "terms", currency: .jpy)
                return nil
            } catch { return error.field }
        }
        #expect(field(terms) == nil)
        #expect(field(VisitTerms(lateCancellationMinutes: 10_081)) == "terms.lateCancellationMinutes")
        #expect(field(VisitTerms(lateCancellationMinutes: -1)) == "terms.lateCancellationMinutes")
        #expect(field(VisitTerms(noShowFee: .share(basisPoints: 0))) == "terms.noShowFee.basisPoints")
        #expect(field(VisitTerms(noShowFee: .share(basisPoints: 10_001))) == "terms.noShowFee.basisPoints")
        #expect(
            field(VisitTerms(lateCancellationFee: .amount(.zero(.jpy)))) == "terms.lateCancellationFee.amount.amount")
        #expect(
            field(VisitTerms(lateCancellationFee: .amount(Money(Money.maxAmount + 1, .jpy))))
                == "terms.lateCancellationFee.amount.amount")
        #expect(
            field(VisitTerms(lateCancellationFee: .amount(.whole(1, .thb))))
                == "terms.lateCancellationFee.amount.currency")
        #expect(field(VisitTerms(deposit: .share(basisPoints: 10_001))) == "terms.deposit.basisPoints")
        #expect(field(VisitTerms(deposit: .amount(.whole(1, .thb)))) == "terms.deposit.amount.currency")
    }

    @Test func aServiceOfItsOwnTermsIsChargedByThemAndTheRestByTheSalons() {
        let own = VisitTerms(lateCancellationMinutes: 2880, lateCancellationFee: .amount(.whole(3_000, .jpy)))
        let salon = SalonTerms(salon: terms, services: [7: own])
        let perm = Appointment(
            id: 1, propertyID: 1, staffID: 1, serviceID: 7, customerID: 1, startMinute: start, durationMinutes: 60)
        var cut = perm
        cut.serviceID = 8
        let now = start - 2000
        #expect(salon.fee(.lateCancellation, for: perm, price: price, now: now) == .whole(3_000, .jpy))
        #expect(salon.fee(.lateCancellation, for: cut, price: price, now: now) == .zero(.jpy))
        #expect(salon.fee(.noShow, for: perm, price: price, now: now) == .zero(.jpy))
        cut.state = .completed
        #expect(salon.fee(.noShow, for: cut, price: price, now: start) == .zero(.jpy))
    }
}
