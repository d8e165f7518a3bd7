import API
import Booking
import Hummingbird
import Storage
import Synchronization

/// A hotel's board over some days as read at an event sequence number, and its JSON. `BoardCache`
/// keeps it, and brings it up to date with the changes recorded after it (`updated(to:in:)`): a
/// change reads again only what it touched, instead of the whole board.
struct HotelBoard: Sendable {
    /// The property's event sequence number the board is as of, at least.
    private(set) var seq: Int
    let property: Property
    let nights: Nights
    let today: Day
    private(set) var roomTypes: [RoomType]
    private(set) var rooms: [Room]
    /// In board order (`BoardSegment.inBoardOrder`), as `StayRepository.boardSegments` reads them.
    private(set) var runs: [StayRepository.BoardSegment]
    private(set) var blocks: [RoomBlock]
    /// The stays on it booked together, and their groups' names: read with the board whole (a group is
    /// made in one change, which reads the board again), kept as its stays change.
    private(set) var groups: GroupRepository.BoardGroups
    /// The JSON's members but the runs (`BoardJSON`), kept while rooms and blocks stay as they are.
    private var opening = ByteBuffer()
    private(set) var body = ByteBuffer()
    /// `body` gzipped, made for the first client that accepts gzip after the board was read or brought up
    /// to date, then kept rather than made again for each: a 2,000-room board's 16 MB go out as about 2.
    private var gzipped = GzippedOnce()

    /// Changes read at once when bringing a board up to date; a longer gap reads the board whole again.
    static let updateLimit = 200

    /// Reads the board whole. `seq` is the property's sequence number read before it, so that the
    /// board is never older than the number it is kept under.
    static func read(_ property: Property, _ nights: Nights, today: Day, seq: Int, in store: Store) async throws
        -> HotelBoard
    {
        // Five reads side by side: on PostgreSQL each waits on the database, on a connection of its own.
        async let roomTypes = store.roomTypes(propertyID: property.id)
        async let rooms = store.rooms(propertyID: property.id)
        async let runs = store.boardSegments(propertyID: property.id, overlapping: nights)
        async let blocks = store.blocks(propertyID: property.id, overlapping: nights)
        async let groups = store.boardGroups(propertyID: property.id, overlapping: nights)
        var board = HotelBoard(
            seq: seq, property: property, nights: nights, today: today, roomTypes: try await roomTypes,
            rooms: try await rooms, runs: try await runs, blocks: try await blocks, groups: try await groups)
        try board.encode(opening: true)
        return board
    }

    /// What a recorded change asks of a board kept in memory.
    enum Change: Equatable {
        /// Nothing the board draws (a folio's line, an invoice, an appointment).
        case none
        case stay(Int)
        case rooms
        case blocks
        /// Anything else: read the board whole.
        case everything

        init(_ event: StoredEvent) {
            let entity = event.kind.prefix { $0 != "." }
            switch entity {
            case "stay" where event.entityID > 0 && event.kind != "stay.import": self = .stay(event.entityID)
            case "folio", "document", "appointment": self = .none
            case "property" where event.kind == "property.issuer" || event.kind == "property.translations":
                self = .none
            case "room": self = .rooms
            case "block": self = .blocks
            default: self = .everything
            }
        }
    }

    /// The board as of `seq`, from this one and the changes recorded since: the runs of the stays
    /// that changed, the rooms or the blocks read again; nil when a change needs the whole board read
    /// again (or there are more than `updateLimit` of them).
    func updated(to seq: Int, in store: Store) async throws -> HotelBoard? {
        guard self.seq < seq else { return self }
        let events = try await store.recordedEvents(
            propertyID: property.id, after: self.seq, limit: Self.updateLimit)
        guard let last = events.last?.seq, last >= seq else { return nil }
        var stays = Set<Int>()
        var (rooms, blocks) = (false, false)
        for event in events {
            switch Change(event) {
            case .none: break
            case .stay(let id): stays.insert(id)
            case .rooms: rooms = true
            case .blocks: blocks = true
            case .everything: return nil
            }
        }
        var board = self
        board.seq = last
        if !stays.isEmpty {
            let reread = try await store.boardSegments(
                stayIDs: stays.sorted(), overlapping: nights)
            board.runs.removeAll { stays.contains($0.stayID) }
            board.runs += reread
            // Nearly in order already: the sort merges the few runs read again into the rest.
            board.runs.sort(by: StayRepository.BoardSegment.inBoardOrder)
        }
        if rooms { board.rooms = try await store.rooms(propertyID: property.id) }
        if blocks {
            board.blocks = try await store.blocks(propertyID: property.id, overlapping: nights)
        }
        try board.encode(opening: rooms || blocks)
        return board
    }

    /// What a bar's colour says, the `style` the timeline engine hands back.
    enum BarStyle: Int {
        case booked = 0
        case checkedIn = 1
        case checkedOut = 2
        case unassigned = 3
        /// Nights blocked by an imported calendar (iCal).
        case blocked = 4
        // 5 is the board's own, for rooms out of service.
        /// Booked, and its guest checked in online before arriving.
        case checkedInOnline = 6
    }

    /// Writes `body`, and first the JSON's `opening` when asked (the rooms or blocks changed).
    private mutating func encode(opening again: Bool) throws {
        if again {
            let (from, to) = (nights.arrival, nights.departure)
            var head = try CompactJSON.opening(
                BoardJSON(
                    propertyId: property.id, from: from.iso, to: to.iso, today: today.iso, fromDay: from.number,
                    toDay: to.number, checkIn: clockTime(property.checkInMinute),
                    checkOut: clockTime(property.checkOutMinute),
                    blocks: blocks.map(Components.Schemas.RoomBlock.init)))
            // A large hotel's thousands of rooms, written by hand: through `JSONEncoder` they were most of
            // a short board's time.
            CompactJSON.append("groups", array: roomTypes, to: &head) { roomType, buffer in
                buffer.writeStaticString("{\"id\":")
                CompactJSON.appendInteger(roomType.id, to: &buffer)
                buffer.writeStaticString(",\"rowId\":")
                CompactJSON.appendInteger(-roomType.id, to: &buffer)
                buffer.writeStaticString(",\"name\":")
                CompactJSON.appendString(roomType.name, to: &buffer)
                buffer.writeStaticString("}")
            }
            CompactJSON.append("rooms", array: rooms, to: &head) { room, buffer in
                buffer.writeStaticString("{\"id\":")
                CompactJSON.appendInteger(room.id, to: &buffer)
                buffer.writeStaticString(",\"rowId\":")
                CompactJSON.appendInteger(room.id, to: &buffer)
                buffer.writeStaticString(",\"roomTypeId\":")
                CompactJSON.appendInteger(room.roomTypeID, to: &buffer)
                buffer.writeStaticString(",\"number\":")
                CompactJSON.appendString(room.number, to: &buffer)
                buffer.writeStaticString(",\"housekeeping\":")
                CompactJSON.appendString(room.housekeeping.rawValue, to: &buffer)
                buffer.writeStaticString("}")
            }
            opening = head
        }
        var items: [Int] = []
        items.reserveCapacity(runs.count * 6)
        var guests: [String] = []
        guests.reserveCapacity(runs.count)
        for run in runs {
            let style: BarStyle
            switch (run.source, run.state, run.roomID) {
            case (.ical, _, _): style = .blocked
            case (_, _, nil): style = .unassigned
            case (_, .checkedIn, _): style = .checkedIn
            case (_, .checkedOut, _): style = .checkedOut
            case (_, .booked, _) where run.checkedInOnline: style = .checkedInOnline
            default: style = .booked
            }
            items += [
                run.id, run.roomID ?? -run.roomTypeID, run.nights.arrival.number, run.nights.departure.number,
                style.rawValue, run.stayID,
            ]
            guests.append(run.guestName)
        }
        body = CompactJSON.object(opening: opening, capacity: items.count * 7 + guests.count * 16) { buffer in
            buffer.writeStaticString(",\"seq\":")
            CompactJSON.appendInteger(seq, to: &buffer)
            CompactJSON.append("items", integers: items, to: &buffer)
            CompactJSON.append("guests", strings: guests, to: &buffer)
            guard !groups.groupOfStay.isEmpty else { return }
            CompactJSON.append(
                "stayGroups", integers: groups.groupOfStay.sorted { $0.key < $1.key }.flatMap { [$0.key, $0.value] },
                to: &buffer)
            buffer.writeStaticString(",\"groupNames\":{")
            for (index, (id, name)) in groups.names.sorted(by: { $0.key < $1.key }).enumerated() {
                if index > 0 { buffer.writeStaticString(",") }
                CompactJSON.appendString(String(id), to: &buffer)
                buffer.writeStaticString(":")
                CompactJSON.appendString(name, to: &buffer)
            }
            buffer.writeStaticString("}")
        }
        gzipped = GzippedOnce()
    }

    /// `body` gzipped (`gzipped`).
    func gzippedBody() throws -> ByteBuffer { try gzipped.of(body) }
}

/// A body gzipped once, by the first request that needs it; a request meanwhile may gzip it too, and the
/// first kept stands.
final class GzippedOnce: Sendable {
    private let kept = Mutex<ByteBuffer?>(nil)

    func of(_ body: ByteBuffer) throws -> ByteBuffer {
        if let kept = kept.withLock({ $0 }) { return kept }
        let zipped = try CompressionMiddleware<AppRequestContext>.gzipped(body)
        return kept.withLock { kept in
            if kept == nil { kept = zipped }
            return kept ?? zipped
        }
    }
}

/// A hotel board's JSON but its rows, its sequence number and its runs (`groups`, `rooms`, `seq`, and
/// `items`, six numbers a run, with `guests`), which `CompactJSON` appends.
struct BoardJSON: Encodable {
    var kind = "hotel"
    var propertyId: Int
    var from: String
    var to: String
    var today: String
    var fromDay: Int
    var toDay: Int
    var checkIn: String
    var checkOut: String
    /// Rooms out of service over some of the days, as the API's other operations write them.
    var blocks: [Components.Schemas.RoomBlock]
}
