/// The day a property's books are kept by. Every folio line, a hotel's or a salon's, belongs to one
/// business day; a day closed (the hotel's night audit, `NightAudit`) is the record of that day and never
/// changes again. A mistake found later is corrected by a new line, on a day still open.
public enum BusinessDay {
    /// The business day of a line posted now: the property's today, or, once the desk has closed today
    /// early (before midnight), the day after the last one closed.
    public static func current(today: Day, closedThrough: Day?) -> Day {
        guard let closedThrough, closedThrough >= today else { return today }
        return closedThrough.adding(days: 1)
    }

    /// The day the desk closes next: the one after the last closed; with none closed yet, yesterday (a
    /// hotel's first close is usually after its first midnight).
    public static func nextToClose(today: Day, closedThrough: Day?) -> Day {
        closedThrough?.adding(days: 1) ?? today.adding(days: -1)
    }

    /// Refuses to close `day` unless it is the next open one (a hotel's first close: yesterday or today)
    /// and it has begun.
    public static func validate(closing day: Day, today: Day, closedThrough: Day?) throws(DomainError) {
        let next = nextToClose(today: today, closedThrough: closedThrough)
        if let closedThrough, day <= closedThrough {
            throw DomainError(
                .conflict, "\(day) is already closed", field: "day", reason: .auditClosed,
                params: ["day": day.iso, "next": next.iso])
        }
        guard day <= today else {
            throw DomainError(
                .conflict, "\(day) has not begun at the property (today is \(today))", field: "day",
                reason: .auditNotYet, params: ["day": day.iso, "today": today.iso])
        }
        guard day == next || (closedThrough == nil && day == today) else {
            throw DomainError(
                .conflict, "close \(next) first: days are closed one after another", field: "day",
                reason: .auditOrder, params: ["day": day.iso, "next": next.iso])
        }
    }
}
