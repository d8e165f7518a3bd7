import Booking

/// What the live board, its cache and the guest site's counts read: the server's own views of the
/// database, beside the domain's operations (App reaches the database through these and the domain's
/// storage protocols, never through a repository).
extension Store {
    /// The board's bars of a property's stays overlapping `nights`, by runs of nights in one room.
    public func boardSegments(propertyID: Int, overlapping nights: Nights) async throws -> [StayRepository.BoardSegment]
    {
        try await stays.boardSegments(propertyID: propertyID, overlapping: nights)
    }

    /// The stays booked together on the board over `nights`, with their groups' names: their bars say so.
    public func boardGroups(propertyID: Int, overlapping nights: Nights) async throws -> GroupRepository.BoardGroups {
        try await groups.boardGroups(propertyID: propertyID, overlapping: nights)
    }

    /// The board's bars of these stays overlapping `nights` (after a change to them).
    public func boardSegments(stayIDs: [Int], overlapping nights: Nights) async throws -> [StayRepository.BoardSegment]
    {
        try await stays.boardSegments(stayIDs: stayIDs, overlapping: nights)
    }

    /// The rooms held by stays at each of these properties over `nights`, for the guest site's counts.
    public func holds(propertyIDs: [Int], overlapping nights: Nights) async throws -> [Int: [RoomHold]] {
        try await stays.holds(propertyIDs: propertyIDs, overlapping: nights)
    }

    /// A salon board's appointments between two minutes, with their customers' names.
    public func boardAppointments(propertyID: Int, fromMinute: Int, toMinute: Int) async throws
        -> [(appointment: Appointment, customerName: String)]
    {
        try await appointments.boardAppointments(propertyID: propertyID, fromMinute: fromMinute, toMinute: toMinute)
    }

    /// A property's staff, those retired too when `retired` (a board shows past appointments' staff).
    public func staff(propertyID: Int, retired: Bool) async throws -> [StaffMember] {
        try await properties.staff(propertyID: propertyID, retired: retired)
    }

    /// A property's services, those retired too when `retired`.
    public func services(propertyID: Int, retired: Bool) async throws -> [Service] {
        try await properties.services(propertyID: propertyID, retired: retired)
    }

    /// Staff members' names by id.
    public func staffNames(ids: [Int]) async throws -> [Int: String] { try await properties.staffNames(ids: ids) }

    /// A number that changes whenever anything the guest site's search reads of hotels changes.
    public func inventoryGeneration() async throws -> Int { try await properties.inventoryGeneration() }

    /// Every hotel with its room types and rooms, as the guest site's search holds them in memory.
    public func hotelInventory() async throws -> PropertyRepository.HotelInventory {
        try await properties.hotelInventory()
    }

    /// The newest recorded change of each of these properties.
    public func latestSeqs(of propertyIDs: [Int]) async throws -> [Int: Int] {
        try await eventLog.latestSeqs(of: propertyIDs)
    }

    /// A property's recorded changes after `seq`, oldest first, at most `limit`.
    public func recordedEvents(propertyID: Int, after seq: Int, limit: Int = 500) async throws -> [StoredEvent] {
        try await eventLog.events(propertyID: propertyID, after: seq, limit: limit)
    }
}
