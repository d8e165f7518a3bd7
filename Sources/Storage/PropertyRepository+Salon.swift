import Booking
import SQLKit

/// A salon's schedule as its desk sets it up and its booking page reads it (`SalonSchedule`,
/// `BookableService`). What was never set reads as the salon worked before it could be set: open all day
/// (only shifts limit), each member at their working hours every day, each service performed by every member,
/// bookings from an hour's notice up to 60 days ahead on a 15-minute grid (`BookingWindow()`).
extension PropertyRepository {
    /// The salon's schedule and its resources' names; nil for a property that is not a salon.
    public func salonSchedule(propertyID: Int) async throws -> (SalonSchedule, [NamedResource])? {
        try await store.read { sql in
            guard
                let row = try await sql.raw(
                    "SELECT salon FROM properties WHERE id = \(bind: propertyID) AND kind = 'salon'"
                ).first()
            else { return nil }
            let settings = try Self.settings(try row.decode(column: "salon", as: String.self))
            var shifts: [Int: WeeklyHours] = [:]
            for member in try await sql.raw(
                """
                SELECT id, shifts, work_start, work_end FROM staff WHERE property_id = \(bind: propertyID) AND NOT retired
                """
            ).all() {
                let text = try member.decode(column: "shifts", as: String.self)
                shifts[try member.decode(column: "id", as: Int.self)] =
                    text.isEmpty
                    ? .everyDay([
                        try member.decode(
                            column: "work_start", as: Int.self)..<member.decode(
                                column: "work_end", as: Int.self)
                    ])
                    : try JSONText.decodeRemembered(WeeklyHoursRecord.self, text).hours()
            }
            let resources =
                settings.map {
                    $0.resources.map { NamedResource(SalonResource(id: $0.id, count: $0.count), name: $0.name) }
                } ?? []
            let schedule = SalonSchedule(
                openingHours: try settings?.openingHours.hours()
                    ?? .everyDay([WeeklyHours.minutesOfDay.lowerBound..<WeeklyHours.minutesOfDay.upperBound]),
                shifts: shifts, resources: resources.map(\.resource),
                window: settings.map {
                    BookingWindow(
                        minimumNoticeMinutes: $0.minimumNoticeMinutes, daysAhead: $0.daysAhead,
                        gridMinutes: $0.gridMinutes,
                        cancelNoticeMinutes: $0.cancelNoticeMinutes ?? BookingWindow().cancelNoticeMinutes)
                } ?? BookingWindow())
            return (schedule, resources)
        }
    }

    /// Stores the salon's opening hours, resources and booking window, as `SalonSchedule.validate` allows.
    public func setSalonSettings(
        propertyID: Int, openingHours: WeeklyHours, resources: [NamedResource], window: BookingWindow,
        by userID: Int?
    ) async throws {
        let record = SalonSettingsRecord(
            openingHours: WeeklyHoursRecord(openingHours),
            resources: resources.map { .init(id: $0.resource.id, name: $0.name, count: $0.resource.count) },
            minimumNoticeMinutes: window.minimumNoticeMinutes, daysAhead: window.daysAhead,
            gridMinutes: window.gridMinutes, cancelNoticeMinutes: window.cancelNoticeMinutes)
        let text = try JSONText.encode(record)
        try await store.write { [store] sql in
            try await sql.raw(
                "UPDATE properties SET salon = \(bind: text) WHERE id = \(bind: propertyID) AND kind = 'salon'"
            ).run()
            try await Self.journal(
                "salon", propertyID, "update", at: propertyID, by: userID, after: record, in: sql, store: store)
        }
    }

    /// Stores a member's shifts: their weekly hours with breaks, and days that differ.
    public func setShifts(staffID: Int, _ shifts: WeeklyHours, by userID: Int?) async throws {
        let record = WeeklyHoursRecord(shifts)
        let text = try JSONText.encode(record)
        try await store.write { [store] sql in
            let propertyID = try await sql.raw(
                "UPDATE staff SET shifts = \(bind: text) WHERE id = \(bind: staffID) RETURNING property_id"
            ).first()?.decode(column: "property_id", as: Int.self)
            guard let propertyID else { return }
            try await Self.journal(
                "staff_member", staffID, "shifts", at: propertyID, by: userID, after: record, in: sql, store: store)
        }
    }

    /// The salon's services as its schedule books them.
    public func bookableServices(propertyID: Int) async throws -> [BookableService] {
        try await store.read { sql in
            let everyone = Set(
                try await sql.raw("SELECT id FROM staff WHERE property_id = \(bind: propertyID) AND NOT retired").all()
                    .map {
                        try $0.decode(column: "id", as: Int.self)
                    })
            return try await sql.raw(
                """
                SELECT s.id, s.duration_minutes, s.buffer_before, s.buffer_after, s.performers, s.resource_id,
                  s.online, s.terms, p.currency
                FROM services s JOIN properties p ON p.id = s.property_id
                WHERE s.property_id = \(bind: propertyID) AND NOT s.retired ORDER BY s.id
                """
            ).all().map { row in
                let performers = try row.decode(column: "performers", as: String.self)
                let currency = try Currency.named(try row.decode(column: "currency", as: String.self))
                return BookableService(
                    id: try row.decode(column: "id", as: Int.self),
                    durationMinutes: try row.decode(column: "duration_minutes", as: Int.self),
                    bufferBeforeMinutes: try row.decode(column: "buffer_before", as: Int.self),
                    bufferAfterMinutes: try row.decode(column: "buffer_after", as: Int.self),
                    performers: performers.isEmpty
                        ? everyone : Set(try JSONText.decodeRemembered([Int].self, performers)),
                    resourceID: try row.decode(column: "resource_id", as: Int?.self),
                    bookableOnline: try row.decode(column: "online", as: Bool.self),
                    terms: try VisitTermsRecord.terms(
                        try row.decode(column: "terms", as: String.self), currency: currency))
            }
        }
    }

    /// Stores how the schedule books a service: its buffers, performers, resource and whether it is online
    /// (its length is `Service`'s).
    public func setBooking(of service: BookableService, by userID: Int?) async throws {
        let performers = try JSONText.encode(service.performers.sorted())
        let terms = try VisitTermsRecord.text(service.terms)
        try await store.write { [store] sql in
            let propertyID = try await sql.raw(
                """
                UPDATE services SET buffer_before = \(bind: service.bufferBeforeMinutes),
                  buffer_after = \(bind: service.bufferAfterMinutes), performers = \(bind: performers),
                  resource_id = \(bind: service.resourceID), online = \(bind: service.bookableOnline),
                  terms = \(bind: terms)
                WHERE id = \(bind: service.id)
                RETURNING property_id
                """
            ).first()?.decode(column: "property_id", as: Int.self)
            guard let propertyID else { return }
            try await Self.journal(
                "service", service.id, "booking", at: propertyID, by: userID, after: ServiceBookingRecord(service),
                in: sql, store: store)
        }
    }

    /// The salon's fees for appointments not kept: `VisitTerms.free` until its manager states them.
    public func visitTerms(propertyID: Int) async throws -> VisitTerms {
        try await store.read { sql in
            guard
                let row = try await sql.raw(
                    "SELECT visit_terms, currency FROM properties WHERE id = \(bind: propertyID)"
                ).first()
            else { return .free }
            return try VisitTermsRecord.terms(
                try row.decode(column: "visit_terms", as: String.self),
                currency: try Currency.named(try row.decode(column: "currency", as: String.self))) ?? .free
        }
    }

    /// Stores the salon's fees, journaled as its set-up's other changes are.
    public func setVisitTerms(_ terms: VisitTerms, propertyID: Int, by userID: Int?) async throws {
        let text = try VisitTermsRecord.text(terms)
        try await store.write { [store] sql in
            try await sql.raw(
                "UPDATE properties SET visit_terms = \(bind: text) WHERE id = \(bind: propertyID) AND kind = 'salon'"
            ).run()
            try await Self.journal(
                "salon", propertyID, "terms", at: propertyID, by: userID, after: VisitTermsRecord(terms), in: sql,
                store: store)
        }
    }

    static func settings(_ text: String) throws -> SalonSettingsRecord? {
        text.isEmpty ? nil : try JSONText.decodeRemembered(SalonSettingsRecord.self, text)
    }
}

/// A salon's services and staff as its manager changes them (`SalonDesk+Catalogue.swift`). Each change is
/// journaled: its audit row, and the salon's next event, which its boards and its free times move on with.
extension PropertyRepository {
    /// Stores a new service on the menu.
    public func insert(_ service: Service, by userID: Int?) async throws -> Service {
        try await store.write { [self, store] sql in
            let stored = try await insert(service)
            try await Self.journal(
                "service", stored.id, "create", at: stored.propertyID, by: userID, after: ServiceRecord(stored),
                in: sql, store: store)
            return stored
        }
    }

    /// Stores a new member of staff working `shifts`.
    public func insert(_ member: StaffMember, shifts: WeeklyHours, by userID: Int?) async throws -> StaffMember {
        try await store.write { [self, store] sql in
            let stored = try await insert(member)
            try await Self.journal(
                "staff_member", stored.id, "create", at: stored.propertyID, by: userID, after: MemberRecord(stored),
                in: sql, store: store)
            try await setShifts(staffID: stored.id, shifts, by: userID)
            return stored
        }
    }

    public func update(_ service: Service, by userID: Int?) async throws {
        try await store.write { [store] sql in
            try await sql.raw(
                """
                UPDATE services SET name = \(bind: service.name), duration_minutes = \(bind: service.durationMinutes),
                  price = \(bind: service.price.amount)
                WHERE id = \(bind: service.id) AND property_id = \(bind: service.propertyID)
                """
            ).run()
            try await Self.journal(
                "service", service.id, "update", at: service.propertyID, by: userID, after: ServiceRecord(service),
                in: sql, store: store)
        }
    }

    public func update(_ member: StaffMember, by userID: Int?) async throws {
        try await store.write { [store] sql in
            try await sql.raw(
                """
                UPDATE staff SET name = \(bind: member.name), team = \(bind: member.team), colour = \(bind: member.colour),
                  online = \(bind: member.bookableOnline)
                WHERE id = \(bind: member.id) AND property_id = \(bind: member.propertyID)
                """
            ).run()
            try await Self.journal(
                "staff_member", member.id, "update", at: member.propertyID, by: userID, after: MemberRecord(member),
                in: sql, store: store)
        }
    }

    public func retire(serviceID: Int, by userID: Int?) async throws {
        try await retire(table: "services", entity: "service", id: serviceID, by: userID)
    }

    public func retire(staffID: Int, by userID: Int?) async throws {
        try await retire(table: "staff", entity: "staff_member", id: staffID, by: userID)
    }

    private func retire(table: String, entity: String, id: Int, by userID: Int?) async throws {
        try await store.write { [store] sql in
            let propertyID = try await sql.raw(
                "UPDATE \(unsafeRaw: table) SET retired = TRUE WHERE id = \(bind: id) RETURNING property_id"
            ).first()?.decode(column: "property_id", as: Int.self)
            guard let propertyID else { return }
            try await Self.journal(
                entity, id, "retire", at: propertyID, by: userID, after: nil as ServiceRecord?, in: sql, store: store)
        }
    }

    /// The audit row and event of a change to the salon's set-up, in its transaction.
    static func journal<Record: Encodable>(
        _ entity: String, _ entityID: Int, _ action: String, at propertyID: Int, by userID: Int?, after: Record?,
        in sql: any SQLDatabase, store: Store
    ) async throws {
        try await Journal.record(
            in: sql, at: store.clock.nowMillis, propertyID: propertyID, userID: userID, entity: entity,
            entityID: entityID, action: action, before: nil as Record?, after: after)
    }

    /// How many appointments booked or under way start at `minute` or later, of a member or a service.
    public func appointmentsToCome(propertyID: Int, from minute: Int, staffID: Int?, serviceID: Int?) async throws
        -> Int
    {
        // Ids are integers, written into the query as such: a NULL bound to compare would have no type on
        // PostgreSQL.
        try await store.read { sql in
            let row = try await sql.raw(
                """
                SELECT COUNT(*) AS coming FROM appointments
                WHERE property_id = \(bind: propertyID) AND state IN ('booked', 'checked_in')
                  AND start_minute + duration_minutes > \(bind: minute)
                  \(unsafeRaw: staffID.map { "AND staff_id = \($0)" } ?? "")
                  \(unsafeRaw: serviceID.map { "AND service_id = \($0)" } ?? "")
                """
            ).first()
            return try row?.decode(column: "coming", as: Int.self) ?? 0
        }
    }
}

/// A service as the audit log keeps a change of it.
struct ServiceRecord: Encodable {
    var name: String
    var durationMinutes: Int
    var price: Int

    init(_ service: Service) {
        name = service.name
        durationMinutes = service.durationMinutes
        price = service.price.amount
    }
}

/// How a service is booked, as the audit log keeps a change of it.
struct ServiceBookingRecord: Encodable {
    var bufferBeforeMinutes: Int
    var bufferAfterMinutes: Int
    var performers: [Int]
    var resourceId: Int?
    var bookableOnline: Bool
    var terms: VisitTermsRecord?

    init(_ booking: BookableService) {
        terms = booking.terms.map(VisitTermsRecord.init)
        bufferBeforeMinutes = booking.bufferBeforeMinutes
        bufferAfterMinutes = booking.bufferAfterMinutes
        performers = booking.performers.sorted()
        resourceId = booking.resourceID
        bookableOnline = booking.bookableOnline
    }
}

/// A member of staff as the audit log keeps a change of them.
struct MemberRecord: Encodable {
    var name: String
    var team: String
    var colour: String
    var bookableOnline: Bool

    init(_ member: StaffMember) {
        name = member.name
        team = member.team
        colour = member.colour
        bookableOnline = member.bookableOnline
    }
}
