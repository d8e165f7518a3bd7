import Foundation

/// What the desk's lists of a day read of storage besides stays and rooms: guests, balances, and when
/// stays were booked (a deposit is due from then).
public protocol DeskDayStorage: RoomStorage, OnlineCheckInStorage {
    func guests(ids: [Int]) async throws -> [Int: Guest]
    /// Each stay's folio balance, zero for one with no lines.
    func balances(stayIDs: [Int], currency: Currency) async throws -> [Int: Money]
    /// When each stay was booked.
    func bookedAt(stayIDs: [Int]) async throws -> [Int: Date]
}

/// The desk's day: its arrivals, departures and guests in house, each as the signed-in member may see it.
public struct DeskDay: Sendable {
    /// A stay on one of the day's lists.
    public struct Entry: Sendable {
        public var stay: Stay
        public var guest: Guest?
        /// The room the stay holds that day (else its current room), by number.
        public var roomNumber: String?
        /// Its folio's balance; nil for a member who does not read money.
        public var balance: Money?
        /// What is still owed of its deposit; nil when none is (or the member does not read money).
        public var depositOpen: Money?
        /// What the member may do to it now, as of the property's today.
        public var actions: [StayAction]
        /// What its guests sent before arriving ("checked in online"), to who reads the guest.
        public var onlineCheckIn: OnlineCheckIn?
    }

    public var day: Day
    public var arrivals: [Entry]
    public var departures: [Entry]
    public var inHouse: [Entry]
}

extension FrontDesk where Storage: DeskDayStorage {
    /// The property's arrivals, departures and guests in house on `date` (its today when nil). Balances
    /// and deposits only for a member whose role reads money.
    public func day(propertyID: Int, date: Day?, by staff: Staff) async throws -> DeskDay {
        let property = try await property(propertyID, by: staff)
        let today = property.today(now: now())
        let day = date ?? today
        let around = try Nights(arrival: day.adding(days: -1), departure: day.adding(days: 1))
        let lists = FrontDeskDay(day: day, stays: try await storage.stays(propertyID: property.id, overlapping: around))
        let rooms = Dictionary(
            uniqueKeysWithValues: try await storage.rooms(propertyID: property.id).map { ($0.id, $0.number) })
        let listed = lists.arrivals + lists.departures + lists.inHouse
        let guests = try await storage.guests(ids: listed.map(\.guestID))
        let role = staff.roles(property.id)
        let money = role?.readsMoney ?? false
        let balances =
            money ? try await storage.balances(stayIDs: listed.map(\.id), currency: property.currency) : [:]
        let deposits = money ? try await self.deposits(of: lists.arrivals, at: property) : [:]
        let sent = try await storage.onlineCheckIns(stayIDs: listed.filter { guests[$0.guestID] != nil }.map(\.id))
        func entries(_ list: [Stay]) -> [DeskDay.Entry] {
            list.map { stay in
                DeskDay.Entry(
                    stay: stay, guest: guests[stay.guestID],
                    roomNumber: stay.roomID(on: day).flatMap { rooms[$0] } ?? stay.currentRoomID.flatMap { rooms[$0] },
                    balance: money ? balances[stay.id] ?? .zero(property.currency) : nil,
                    depositOpen: deposits[stay.id].flatMap { $0.open.amount > 0 ? $0.open : nil },
                    actions: role.map { stay.actions(for: $0, today: today) } ?? [],
                    onlineCheckIn: guests[stay.guestID] == nil ? nil : sent[stay.id])
            }
        }
        return DeskDay(
            day: day, arrivals: entries(lists.arrivals), departures: entries(lists.departures),
            inHouse: entries(lists.inHouse))
    }

}
