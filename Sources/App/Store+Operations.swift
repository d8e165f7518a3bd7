import Booking
import Storage

extension Store {
    /// The domain's operations of a subject over this store, with its clock: how every route reaches
    /// the rules, and the access each operation decides.
    func operations<Operations: StayOperations>() -> Operations where Operations.Storage == Store {
        Operations(storage: self, now: { [clock] in clock.now() })
    }
}
