import Foundation

/// Where a salon's waitlist is kept.
public protocol WaitlistStorage: SalonStorage {
    /// Stores a customer's request, waiting, made at `millis`.
    func insert(_ entry: NewWaitlistEntry, at millis: Int64) async throws -> WaitlistEntry
    func waitlistEntry(id: Int) async throws -> WaitlistEntry?
    /// The salon's customers in `states`, first come first, at most `limit`.
    func waitlistEntries(propertyID: Int, in states: Set<WaitlistState>, limit: Int) async throws -> [WaitlistEntry]
    /// The salon's entries still live, or that ended at or after `millis`, with their offers (latest first).
    func waitlist(propertyID: Int, endedSince millis: Int64) async throws -> [(WaitlistEntry, [WaitlistOffer])]
    /// The offers made to a customer, latest first.
    func waitlistOffers(entryID: Int) async throws -> [WaitlistOffer]
    func waitlistOffer(token: String) async throws -> WaitlistOffer?
    /// Open offers whose time ran out at `millis`, at any salon, at most `limit`.
    func lapsingWaitlistOffers(at millis: Int64, limit: Int) async throws -> [WaitlistOffer]
    /// The salons with customers waiting or offered a time.
    func salonsWithWaitlist() async throws -> [Int]
    func insert(_ offer: WaitlistOffer) async throws -> WaitlistOffer
    /// Moves an entry to `state` if it is in one of `from`: whether it was (and so moved).
    func move(entryID: Int, to state: WaitlistState, from: Set<WaitlistState>, at millis: Int64) async throws -> Bool
    /// Answers an open offer (`state`, at `millis`; with the code of the visit it booked when accepted):
    /// whether it was open (and so answered).
    func answer(offerID: Int, _ state: WaitlistOfferState, at millis: Int64, visitCode: String?) async throws -> Bool
}

/// What the link in an offer's email opens: the time, what it costs, and the terms it is booked on.
public struct WaitlistOfferPage: Sendable {
    public var offer: WaitlistOffer
    public var entry: WaitlistEntry
    public var salon: Property
    public var service: Service
    public var staff: StaffMember?
    public var fees: VisitFees
    /// The deposit the service asks at booking (zero when none is).
    public var deposit: Money
    /// Until how many minutes before the start the visit may be cancelled online.
    public var cancelNoticeMinutes: Int
}

extension SalonDesk where Storage: WaitlistStorage {
    var nowMillis: Int64 { Int64((now().timeIntervalSince1970 * 1000).rounded(.down)) }

    /// Puts a customer on the salon's list (`staff` nil: from the booking page). The service must be one
    /// the booking page offers (and the member one who does it online), for the time offered is booked as
    /// the page books it; the days from the salon's today within the days it books ahead.
    public func join(_ new: NewWaitlistEntry, by staff: Staff?) async throws -> WaitlistEntry {
        let salon = try await storage.salon(new.propertyID, by: staff)
        let window = try await schedule(of: salon).window
        let today = Day.today(in: salon.timeZone, now: now())
        try new.validate(today: today, lastDay: window.lastDay(today: today))
        let request = VisitRequest(
            propertyID: salon.id, serviceIDs: [new.serviceID], staff: new.staffID.map(StaffChoice.member) ?? .anyone)
        do {
            _ = try OnlineContext(request, setUp: try await OnlineSetUp.read(salon.id, desk: self), now: now())
        } catch let error as DomainError where error.field == "services" {
            var named = error
            named.field = "serviceId"
            throw named
        }
        return try await storage.insert(new, at: nowMillis)
    }

    /// The salon's list as the desk reads it: customers still waiting or offered a time, then those whose
    /// wait ended in the last 30 days, each with their offers.
    public func waitlist(propertyID: Int, by staff: Staff) async throws -> [(WaitlistEntry, [WaitlistOffer])] {
        _ = try await storage.salon(propertyID, by: staff)
        return try await storage.waitlist(propertyID: propertyID, endedSince: nowMillis - 30 * 86_400_000)
    }

    /// One round at a salon: each customer waiting, first come first, is offered the earliest free time
    /// on their days they were not offered before, held for `Waitlist.holdMinutes` (half an hour, or at
    /// night until the morning's). The customer's message is written in the offer's transaction.
    /// Answers the offers made.
    public func offerTimes(propertyID: Int) async throws -> [WaitlistOffer] {
        let salon = try await storage.salon(propertyID, by: nil)
        let today = Day.today(in: salon.timeZone, now: now())
        var made: [WaitlistOffer] = []
        // Customers waiting for the same service, stylist and day share its free times, read once a round
        // until an offer is tried.
        var known: [FreeTimesAsked: [FreeTime]] = [:]
        for entry in try await storage.waitlistEntries(
            propertyID: propertyID, in: [.waiting], limit: Waitlist.roundLimit)
        where entry.request.to >= today {
            let offered = Set(
                try await storage.waitlistOffers(entryID: entry.id).map {
                    FreeTime(start: $0.start, staffID: $0.staffID)
                })
            var day = max(entry.request.from, today)
            while day <= entry.request.to {
                let asked = FreeTimesAsked(
                    serviceID: entry.request.serviceID, staffID: entry.request.staffID, day: day)
                let free: [FreeTime]
                do {
                    if let times = known[asked] {
                        free = times
                    } else {
                        free = try await freeTimes(entry.visitRequest, on: day).times
                        known[asked] = free
                    }
                } catch is DomainError {
                    // A service or stylist taken off the booking page since: nothing to offer until it is back.
                    break
                }
                if let time = Waitlist.choose(among: free, offered: offered) {
                    if let offer = try await offer(time, to: entry, at: salon) { made.append(offer) }
                    // Taken now (or meanwhile, when the offer could not be made): read the times again.
                    known = [:]
                    break
                }
                day = day.adding(days: 1)
            }
        }
        return made
    }

    /// Offers `time` to `entry` if they are still waiting and the time is still free: its hold and the
    /// offer are written together, with the salon locked, so a time goes to one customer at once.
    private func offer(_ time: FreeTime, to entry: WaitlistEntry, at salon: Property) async throws -> WaitlistOffer? {
        var asked = entry.visitRequest
        asked.staff = .member(time.staffID)
        asked.start = time.start
        let request = asked
        do {
            return try await storage.exclusively(salon: salon.id) {
                let at = nowMillis
                guard try await storage.move(entryID: entry.id, to: .offered, from: [.waiting], at: at) else {
                    throw WaitlistRace()
                }
                let hold = try await hold(
                    request, minutes: Waitlist.holdMinutes(now: now(), start: time.start, in: salon.timeZone))
                let offer = try await storage.insert(
                    WaitlistOffer(
                        id: 0, entryID: entry.id, propertyID: salon.id, token: HoldToken.make(),
                        holdToken: hold.token, start: time.start, staffID: time.staffID, expiresAt: hold.expiresAt,
                        state: .open, createdAt: at))
                // The offer as its link opens it (written in this transaction): its service, stylist and deposit.
                let page = try await offerPage(token: offer.token)
                try await notices.sendAsAsked(
                    .waitlistOffer(
                        offer, to: entry, salon: salon, service: page.service.name, staffName: page.staff?.name,
                        deposit: page.deposit))
                return offer
            }
        } catch is WaitlistRace {
            return nil
        } catch let error as DomainError where error.code == .conflict || error.code == .invalid {
            // Taken meanwhile (or no longer offered): the next round looks again.
            return nil
        }
    }

    /// Offers whose time ran out pass on: each is marked lapsed and its customer waits again (for another
    /// time: this one is not offered to them again). Answers how many lapsed.
    public func lapseOffers(limit: Int = 500) async throws -> Int {
        var lapsed = 0
        for offer in try await storage.lapsingWaitlistOffers(at: nowMillis, limit: limit) {
            lapsed += try await storage.exclusively(salon: offer.propertyID) {
                let at = nowMillis
                guard try await storage.answer(offerID: offer.id, .lapsed, at: at, visitCode: nil) else { return 0 }
                _ = try await storage.move(entryID: offer.entryID, to: .waiting, from: [.offered], at: at)
                try await storage.releaseHold(token: offer.holdToken, propertyID: offer.propertyID)
                return 1
            }
        }
        return lapsed
    }

    /// Ends the waits at a salon whose last day has passed (its today's): an offer still open goes with them.
    public func endPastWaits(propertyID: Int) async throws {
        let salon = try await storage.salon(propertyID, by: nil)
        let today = Day.today(in: salon.timeZone, now: now())
        for entry in try await storage.waitlistEntries(propertyID: propertyID, in: [.waiting, .offered], limit: 500)
        where entry.request.to < today {
            try await end(entry, as: .ended, offers: .lapsed)
        }
    }

    /// The desk takes a customer off the list; an open offer is withdrawn and its time let go. `.conflict`
    /// (`waitlist.ended`) when their wait already ended.
    public func withdraw(entryID: Int, by staff: Staff) async throws {
        guard let entry = try await storage.waitlistEntry(id: entryID), try staff.worksAt(entry.request.propertyID)
        else { throw DomainError(.notFound, "no customer \(entryID) on a waitlist here", field: "id") }
        guard entry.state.isLive else {
            throw DomainError(
                .conflict, "their wait already ended (\(entry.state.rawValue))", field: "id", reason: .waitlistEnded)
        }
        try await end(entry, as: .withdrawn, offers: .withdrawn)
    }

    private func end(_ entry: WaitlistEntry, as state: WaitlistState, offers: WaitlistOfferState) async throws {
        try await storage.exclusively(salon: entry.request.propertyID) {
            let at = nowMillis
            guard try await storage.move(entryID: entry.id, to: state, from: [.waiting, .offered], at: at) else {
                throw DomainError(.conflict, "their wait already ended", field: "id", reason: .waitlistEnded)
            }
            for offer in try await storage.waitlistOffers(entryID: entry.id) where offer.state == .open {
                _ = try await storage.answer(offerID: offer.id, offers, at: at, visitCode: nil)
                try await storage.releaseHold(token: offer.holdToken, propertyID: offer.propertyID)
            }
        }
    }

    /// What the offer's link opens; `.notFound` (naming `token`) for a token that is no offer's.
    public func offerPage(token: String) async throws -> WaitlistOfferPage {
        let (offer, entry) = try await offer(token: token)
        let salon = try await storage.salon(offer.propertyID, by: nil)
        guard
            let service = try await storage.services(propertyID: salon.id).first(where: {
                $0.id == entry.request.serviceID
            })
        else { throw DomainError(.notFound, "no such offer", field: "token") }
        let staff = try await storage.staff(propertyID: salon.id).first { $0.id == offer.staffID }
        let terms = try await SalonTerms.read(salon, from: storage)
        let proposed = Appointment(
            id: 0, propertyID: salon.id, staffID: offer.staffID, serviceID: service.id, customerID: 0,
            startMinute: offer.start, durationMinutes: service.durationMinutes)
        let fees = VisitFees(
            [proposed], prices: [service.price], terms: terms, now: Int(nowMillis / 60_000), currency: salon.currency)
        return WaitlistOfferPage(
            offer: offer, entry: entry, salon: salon, service: service, staff: staff, fees: fees,
            deposit: terms.of(serviceID: service.id).deposit(price: service.price),
            cancelNoticeMinutes: try await schedule(of: salon).window.cancelNoticeMinutes)
    }

    /// The offer a token names, and its customer; `.notFound` (naming `token`) for a token that is no offer's.
    private func offer(token: String) async throws -> (WaitlistOffer, WaitlistEntry) {
        guard let offer = try await storage.waitlistOffer(token: token),
            let entry = try await storage.waitlistEntry(id: offer.entryID)
        else { throw DomainError(.notFound, "no such offer", field: "token") }
        return (offer, entry)
    }

    /// The customer takes the time offered: booked as the booking page books it, on the hold that kept it
    /// for them; with the customer, whose confirmation is written with it, in `language` (else the one they
    /// asked in). `.conflict` (`waitlist.offerClosed`) once the offer lapsed or was answered.
    public func accept(token: String, acceptsTerms: Bool, language: Language? = nil) async throws -> SalonVisit {
        let (offer, entry) = try await offer(token: token)
        return try await storage.exclusively(salon: offer.propertyID) {
            try await requireOpen(offer)
            var request = entry.visitRequest
            request.staff = .member(offer.staffID)
            request.start = offer.start
            let new = NewOnlineVisit(
                request: request, holdToken: offer.holdToken, customerName: entry.request.customerName,
                customerEmail: entry.request.email, customerPhone: entry.request.phone, acceptsTerms: acceptsTerms)
            let visit = try await confirmedBooking(online: new, language: language ?? entry.request.language)
            let at = nowMillis
            _ = try await storage.answer(offerID: offer.id, .accepted, at: at, visitCode: visit.code)
            _ = try await storage.move(entryID: entry.id, to: .booked, from: [.offered], at: at)
            return visit
        }
    }

    /// The customer turns the time down: it is let go for the next customer, and they wait on for another.
    public func decline(token: String) async throws -> WaitlistOfferPage {
        let (offer, _) = try await offer(token: token)
        try await storage.exclusively(salon: offer.propertyID) {
            try await requireOpen(offer)
            let at = nowMillis
            _ = try await storage.answer(offerID: offer.id, .declined, at: at, visitCode: nil)
            _ = try await storage.move(entryID: offer.entryID, to: .waiting, from: [.offered], at: at)
            try await storage.releaseHold(token: offer.holdToken, propertyID: offer.propertyID)
        }
        return try await offerPage(token: token)
    }

    /// Refuses an offer no longer open, as read again with the salon locked.
    private func requireOpen(_ offer: WaitlistOffer) async throws {
        guard let current = try await storage.waitlistOffer(token: offer.token), current.isOpen(at: nowMillis) else {
            throw DomainError(
                .conflict, "this offer is no longer open", field: "token", reason: .waitlistOfferClosed)
        }
    }
}

/// A customer offered a time by another round meanwhile: this round leaves them.
private struct WaitlistRace: Error {}

/// What a waiting customer's day asks of the free times.
private struct FreeTimesAsked: Hashable {
    var serviceID: Int
    var staffID: Int?
    var day: Day
}
