import Booking

/// The other subjects' operations over a test's desk, its storage and clock.
extension FrontDesk {
    var accounts: Accounts<Storage> { operations() }
    var guests: GuestsBookings<Storage> { operations() }
}

extension FrontDesk where Storage: RoomStorage {
    var housekeeping: HousekeepingDesk<Storage> { operations() }
}
