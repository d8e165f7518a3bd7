import API
import Booking
import Foundation
import Storage

/// A salon's set-up: its staff read it, a manager sets its hours, resources and window, a member's shifts
/// and how each service is booked. Each decodes, calls `SalonDesk` and answers the set-up as stored.
extension FrontdeskAPI {
    func getSalonSetup(_ input: Operations.GetSalonSetup.Input) async throws -> Operations.GetSalonSetup.Output {
        .ok(.init(body: .json(try await salonSetup(input.path.id))))
    }

    func setSalonHours(_ input: Operations.SetSalonHours.Input) async throws -> Operations.SetSalonHours.Output {
        let body =
            switch input.body {
            case .json(let body): body
            }
        try await salonDesk.setUp(
            input.path.id, openingHours: try WeeklyHours(body.openingHours, field: "openingHours"),
            resources: body.resources.map {
                NamedResource(SalonResource(id: $0.id, count: $0.count), name: $0.name)
            },
            window: BookingWindow(
                minimumNoticeMinutes: body.window.minimumNoticeMinutes, daysAhead: body.window.daysAhead,
                gridMinutes: body.window.gridMinutes.rawValue,
                cancelNoticeMinutes: body.window.cancelNoticeMinutes ?? BookingWindow().cancelNoticeMinutes),
            by: try staff)
        return .ok(.init(body: .json(try await salonSetup(input.path.id))))
    }

    func setStaffShifts(_ input: Operations.SetStaffShifts.Input) async throws -> Operations.SetStaffShifts.Output {
        let body =
            switch input.body {
            case .json(let body): body
            }
        try await salonDesk.setShifts(
            try WeeklyHours(body, field: ""), of: input.path.staffId, at: input.path.id, by: try staff)
        return .ok(.init(body: .json(try await salonSetup(input.path.id))))
    }

    func setServiceBooking(_ input: Operations.SetServiceBooking.Input) async throws
        -> Operations.SetServiceBooking.Output
    {
        let body =
            switch input.body {
            case .json(let body): body
            }
        try await salonDesk.setBooking(
            of: BookableService(
                id: input.path.serviceId, durationMinutes: BookableService.durations.lowerBound,
                bufferBeforeMinutes: body.bufferBeforeMinutes, bufferAfterMinutes: body.bufferAfterMinutes,
                performers: Set(body.performers), resourceID: body.resourceId, bookableOnline: body.bookableOnline,
                terms: try body.terms.map { try VisitTerms($0, field: "terms") }),
            at: input.path.id, by: try staff)
        return .ok(.init(body: .json(try await salonSetup(input.path.id))))
    }

    func setSalonTerms(_ input: Operations.SetSalonTerms.Input) async throws -> Operations.SetSalonTerms.Output {
        let body =
            switch input.body {
            case .json(let body): body
            }
        try await salonDesk.setTerms(try VisitTerms(body, field: ""), at: input.path.id, by: try staff)
        return .ok(.init(body: .json(try await salonSetup(input.path.id))))
    }

    /// The salon's set-up as the document describes it, read for the member signed in.
    private func salonSetup(_ propertyID: Int) async throws -> Components.Schemas.SalonSetup {
        let (schedule, resources) = try await salonDesk.schedule(of: propertyID, by: try staff)
        let services = try await store.bookableServices(propertyID: propertyID)
        let terms = try await salonDesk.terms(of: propertyID, by: try staff)
        return .init(
            value1: .init(
                openingHours: .init(schedule.openingHours),
                resources: resources.map { .init(id: $0.resource.id, name: $0.name, count: $0.resource.count) },
                window: .init(
                    minimumNoticeMinutes: schedule.window.minimumNoticeMinutes, daysAhead: schedule.window.daysAhead,
                    cancelNoticeMinutes: schedule.window.cancelNoticeMinutes,
                    gridMinutes: try documented(schedule.window.gridMinutes))),
            value2: .init(
                terms: try .init(terms),
                shifts: schedule.shifts.sorted { $0.key < $1.key }.map {
                    .init(staffId: $0.key, hours: .init($0.value))
                },
                services: try services.map {
                    .init(
                        value1: .init(serviceId: $0.id),
                        value2: .init(
                            bufferBeforeMinutes: $0.bufferBeforeMinutes, bufferAfterMinutes: $0.bufferAfterMinutes,
                            performers: $0.performers.sorted(), resourceId: $0.resourceID,
                            bookableOnline: $0.bookableOnline,
                            terms: try $0.terms.map(Components.Schemas.VisitTerms.init)))
                }))
    }
}

extension VisitTerms {
    /// Terms as the API sends them; a fee with both a share and an amount, or neither, is refused naming it.
    init(_ body: Components.Schemas.VisitTerms, field: String) throws {
        let prefix = field.isEmpty ? "" : "\(field)."
        func fee(_ rule: Components.Schemas.VisitFeeRule?, _ name: String) throws -> Fee? {
            guard let rule else { return nil }
            switch (rule.basisPoints, rule.amount) {
            case (let basisPoints?, nil): return .share(basisPoints: basisPoints)
            case (nil, let amount?): return .amount(try amount.money(field: "\(prefix)\(name).amount"))
            default: throw DomainError.invalid("\(prefix)\(name)", "a share (basisPoints) or an amount, one of the two")
            }
        }
        self.init(
            lateCancellationMinutes: body.lateCancellationMinutes,
            lateCancellationFee: try fee(body.lateCancellationFee, "lateCancellationFee"),
            noShowFee: try fee(body.noShowFee, "noShowFee"), deposit: try fee(body.deposit, "deposit"))
    }
}

extension Components.Schemas.VisitTerms {
    init(_ terms: VisitTerms) throws {
        func rule(_ fee: VisitTerms.Fee?) throws -> Components.Schemas.VisitFeeRule? {
            switch fee {
            case nil: nil
            case .share(let basisPoints): .init(basisPoints: basisPoints)
            case .amount(let amount): .init(amount: try .init(amount))
            }
        }
        self.init(
            lateCancellationMinutes: terms.lateCancellationMinutes,
            lateCancellationFee: try rule(terms.lateCancellationFee), noShowFee: try rule(terms.noShowFee),
            deposit: try rule(terms.deposit))
    }
}

extension WeeklyHours {
    /// Hours as the API sends them; a weekday or a date given twice is refused naming it.
    init(_ body: Components.Schemas.WeeklyHours, field: String) throws {
        self.init()
        let prefix = field.isEmpty ? "" : "\(field)."
        for (index, day) in body.weekly.enumerated() {
            guard weekly[day.weekday] == nil else {
                throw DomainError.invalid("\(prefix)weekly[\(index)].weekday", "weekday \(day.weekday) is given twice")
            }
            weekly[day.weekday] = day.ranges.map { $0.start..<max($0.start, $0.end) }
        }
        for (index, exception) in body.exceptions.enumerated() {
            let date = try Day.parse(exception.date, field: "\(prefix)exceptions[\(index)].date")
            guard exceptions[date] == nil else {
                throw DomainError.invalid("\(prefix)exceptions[\(index)].date", "\(date.iso) is given twice")
            }
            exceptions[date] = exception.ranges.map { $0.start..<max($0.start, $0.end) }
        }
    }
}

extension Components.Schemas.WeeklyHours {
    init(_ hours: WeeklyHours) {
        self.init(
            weekly: hours.weekly.sorted { $0.key < $1.key }.map {
                .init(weekday: $0.key, ranges: $0.value.map { .init(start: $0.lowerBound, end: $0.upperBound) })
            },
            exceptions: hours.exceptions.sorted { $0.key < $1.key }.map {
                .init(date: $0.key.iso, ranges: $0.value.map { .init(start: $0.lowerBound, end: $0.upperBound) })
            })
    }
}
