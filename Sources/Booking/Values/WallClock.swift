import Foundation
import Synchronization

/// The instant it is now, for every "today" the server reads and every line it posts: the system's
/// clock, or, once a test has set it, an instant that stands still until the test moves it (a hotel
/// walked across its midnight).
public final class WallClock: Sendable {
    private let fixed = Mutex<Date?>(nil)

    public init() {}

    public func now() -> Date { fixed.withLock { $0 } ?? Date() }

    /// Milliseconds since 1970 now: the stamp of every row written.
    public var nowMillis: Int { now().millisSince1970 }

    /// The day it is now at `property`, in its time zone.
    public func today(at property: Property) -> Day { property.today(now: now()) }

    /// Makes it `date` now, until set again or moved.
    public func set(_ date: Date) {
        fixed.withLock { $0 = date }
    }

    /// Moves a set clock on by `seconds` (the system's clock: sets it to now and moves it).
    public func advance(by seconds: TimeInterval) {
        fixed.withLock { $0 = ($0 ?? Date()).addingTimeInterval(seconds) }
    }
}

extension Date {
    /// Whole milliseconds since 1970, as rows are stamped.
    public var millisSince1970: Int { Int((timeIntervalSince1970 * 1000).rounded()) }
}
