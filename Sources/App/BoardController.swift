import API
import Booking
import Foundation
import Hummingbird
import Storage

/// The board's data in a compact form: served by hand, because a large hotel's board is thousands of
/// bars, written as flat arrays of integers without a Codable value per bar (`CompactJSON`).
struct BoardController {
    let store: Store
    /// Hotel boards as last sent, while nothing has changed at their property.
    let cache = BoardCache<HotelBoard>()

    func register(on group: RouterGroup<AppRequestContext>) {
        group.get("properties/{id}/board", use: board)
    }

    /// `GET /api/v1/properties/{id}/board?from=&to=`: rows and items for the timeline engine.
    ///
    /// Rows are room types (group headers, row id `-roomTypeId`) each followed by its rooms (row id
    /// `roomId`). Items are six integers each, flat: `segmentId, rowId, arrival, departure, style, stayId`,
    /// days as numbers since 1970-01-01; a room move makes a stay several runs (segments), and stays
    /// without a room sit on their room type's row. `guests` holds each item's
    /// guest name, in the same order; `blocks`, the rooms out of service.
    ///
    /// A salon's board instead has teams (row id `-n`) and their staff (row id `staffId`), and items
    /// `appointmentId, staffId, startMinute, endMinute, style, serviceId` in minutes since 1970 (by
    /// default over today in the salon's zone), with `customers` in the same order.
    @Sendable func board(_ request: Request, context: AppRequestContext) async throws -> Response {
        let property = try await property(context)
        let today = store.clock.today(at: property)
        let salon = property.kind == .salon
        let from =
            try request.uri.queryParameters.get("from").map { try Day.parse(String($0), field: "from") }
            ?? (salon ? today : today.adding(days: -30))
        let to =
            try request.uri.queryParameters.get("to").map { try Day.parse(String($0), field: "to") }
            ?? from.adding(days: salon ? 1 : 90)
        guard to > from else { throw DomainError.invalid("to", "must be after from (\(from))") }
        let nights = try Nights(arrival: from, departure: to)
        guard nights.count <= Stay.boardDays else { throw DomainError.invalid("to", "at most three years at a time") }
        // Every change at a property moves its event sequence on: read before the board, so that a board is
        // never older than the number it says (and a hotel's is kept under).
        let seq = try await store.latestSeq(propertyID: property.id) ?? 0
        switch property.kind {
        case .hotel:
            // While the sequence stands still, the board as last sent is still true.
            let key = BoardCache<HotelBoard>.Key(
                propertyID: property.id, from: nights.arrival, to: nights.departure, today: today)
            let board = try await cache.board(for: key, seq: seq) { [store] kept in
                if let kept, let updated = try await kept.updated(to: seq, in: store) { return updated }
                return try await HotelBoard.read(property, nights, today: today, seq: seq, in: store)
            }
            // Gzipped once for every client that accepts it (`HotelBoard.gzippedBody`): the compression
            // middleware leaves an encoded answer as it is.
            let gzip = CompressionMiddleware<AppRequestContext>.acceptsGzip(request.headers[values: .acceptEncoding])
            var headers: HTTPFields = [.contentType: "application/json; charset=utf-8"]
            if gzip { headers[.contentEncoding] = "gzip" }
            return Response(
                status: .ok, headers: headers, body: .init(byteBuffer: gzip ? try board.gzippedBody() : board.body))
        case .salon:
            return try await salonBoard(property, nights, today, seq: seq, money: context.readsMoney(at: property.id))
                .response(from: request, context: context)
        }
    }

    /// A salon's board, read after its sequence number `seq`; its services' prices only with `money`.
    private func salonBoard(_ property: Property, _ days: Nights, _ today: Day, seq: Int, money: Bool) async throws
        -> SalonBoardJSON
    {
        let schedule = try await store.salonSchedule(propertyID: property.id)?.0
        let fromMinute = Int(days.arrival.instant(atMinute: 0, in: property.timeZone).timeIntervalSince1970) / 60
        let toMinute = Int(days.departure.instant(atMinute: 0, in: property.timeZone).timeIntervalSince1970) / 60
        let booked = try await store.boardAppointments(
            propertyID: property.id, fromMinute: fromMinute, toMinute: toMinute)
        // A member taken off the salon keeps a row on the days they had appointments.
        let current = Set(try await store.staff(propertyID: property.id).map(\.id))
        let busy = Set(booked.map(\.appointment.staffID))
        let roster = SalonBoardJSON.roster(
            try await store.staff(propertyID: property.id, retired: true).filter {
                current.contains($0.id) || busy.contains($0.id)
            },
            working: { member in schedule?.working(staffID: member.id, on: days.arrival) ?? [member.workingHours] })
        var items: [Int] = []
        items.reserveCapacity(booked.count * 6)
        for (appointment, _) in booked {
            let style = AppointmentState.allCases.firstIndex(of: appointment.state) ?? 0
            items += [
                appointment.id, appointment.staffID, appointment.startMinute, appointment.endMinute, style,
                appointment.serviceID,
            ]
        }
        return SalonBoardJSON(
            propertyId: property.id, from: days.arrival.iso, to: days.departure.iso, today: today.iso,
            fromMinute: fromMinute, toMinute: toMinute, timeZone: property.timeZoneID, seq: seq,
            teams: roster.teams, staff: roster.staff,
            services: try await store.services(propertyID: property.id, retired: true).map {
                SalonBoardJSON.Service($0, money: money)
            },
            items: items, customers: booked.map(\.customerName))
    }

    private func property(_ context: AppRequestContext) async throws -> Property {
        let desk: FrontDesk<Store> = store.operations()
        return try await desk.property(
            try context.parameters.requireID("id"), by: try context.staff(), field: "id")
    }
}

struct SalonBoardJSON: ResponseEncodable {
    struct Team: Codable {
        var rowId: Int
        var name: String
    }

    struct Staff: Codable {
        var id: Int
        var rowId: Int
        var teamRowId: Int
        var name: String
        var workStart: String
        var workEnd: String
        /// When the member works on the board's first day, within the salon's hours: minutes of the day.
        var shifts: [[Int]]
    }

    struct Service: Codable {
        var id: Int
        var name: String
        var durationMinutes: Int
        /// Absent for a role that reads no money.
        var price: MoneyJSON?

        init(_ service: Booking.Service, money: Bool) {
            id = service.id
            name = service.name
            durationMinutes = service.durationMinutes
            price = money ? MoneyJSON(service.price) : nil
        }
    }

    /// Teams in the order their first member comes (row ids -1, -2, …) and the staff with their team's row,
    /// each with when they work (`working`: ranges of the day's minutes, in order; none on a day off).
    static func roster(_ staff: [StaffMember], working: (StaffMember) -> [Range<Int>]) -> (
        teams: [Team], staff: [Staff]
    ) {
        var teams: [String] = []
        for member in staff where !teams.contains(member.team) { teams.append(member.team) }
        return (
            teams.enumerated().map { Team(rowId: -($0.offset + 1), name: $0.element) },
            staff.map { member in
                let shifts = working(member)
                return Staff(
                    id: member.id, rowId: member.id, teamRowId: -((teams.firstIndex(of: member.team) ?? 0) + 1),
                    name: member.name,
                    workStart: clockTime(shifts.first?.lowerBound ?? member.workingHours.lowerBound),
                    workEnd: clockTime(shifts.last?.upperBound ?? member.workingHours.upperBound),
                    shifts: shifts.map { [$0.lowerBound, $0.upperBound] })
            }
        )
    }

    var kind = "salon"
    var propertyId: Int
    var from: String
    var to: String
    var today: String
    var fromMinute: Int
    var toMinute: Int
    var timeZone: String
    /// The property's event sequence number the board is as of, at least.
    var seq: Int
    var teams: [Team]
    var staff: [Staff]
    var services: [Service]
    /// Six integers an appointment: `appointmentId, staffId, startMinute, endMinute, style, serviceId`;
    /// style is the state's position in booked, checked in, completed, cancelled, no-show.
    var items: [Int]
    var customers: [String]
}
