import API
import Booking

/// The night audit: where the property's days stand, closing the next one, and a closed day's report.
extension FrontdeskAPI {
    func getNightAudit(_ input: Operations.GetNightAudit.Input) async throws -> Operations.GetNightAudit.Output {
        let status = try await nightAudit.auditStatus(propertyID: input.path.id, by: try staff)
        return .ok(
            .init(
                body: .json(
                    .init(
                        today: status.today.iso, closedThrough: status.closedThrough?.iso,
                        nextDay: status.nextDay.iso, canClose: status.canClose,
                        noShows: try status.noShows.map(Components.Schemas.DayCloseStay.init),
                        notCheckedOut: try status.notCheckedOut.map(Components.Schemas.DayCloseStay.init),
                        nightsToPost: status.nightsToPost))))
    }

    func closeDay(_ input: Operations.CloseDay.Input) async throws -> Operations.CloseDay.Output {
        let body =
            switch input.body {
            case .json(let body): body
            }
        let report = try await nightAudit.closeDay(
            try Day.parse(body.day, field: "day"), propertyID: input.path.id, by: try staff)
        let taxes = try await frontDesk.property(input.path.id, by: try staff).taxes
        return .created(.init(body: .json(try .init(report, taxes: taxes))))
    }

    func getDayClose(_ input: Operations.GetDayClose.Input) async throws -> Operations.GetDayClose.Output {
        let report = try await nightAudit.dayClose(
            try Day.parse(input.path.day, field: "day"), propertyID: input.path.id,
            by: try context.staff(for: .accounts))
        let taxes = try await frontDesk.property(input.path.id, by: try staff).taxes
        return .ok(.init(body: .json(try .init(report, taxes: taxes))))
    }
}

extension Components.Schemas.DayClose {
    init(_ report: DayClose, taxes: [Tax]) throws {
        self.init(
            day: report.day.iso, closedAt: report.closedAt, closedBy: report.closedBy, rooms: report.rooms,
            roomsOutOfService: report.roomsOutOfService, roomNightsSold: report.roomNightsSold,
            occupancyBasisPoints: report.occupancyBasisPoints, roomRevenue: try .init(report.roomRevenue),
            arrivals: report.arrivals, departures: report.departures,
            noShows: try report.noShows.map(Components.Schemas.DayCloseStay.init), nightsPosted: report.nightsPosted,
            ledger: try .init(report.ledger, taxes: taxes, included: report.includedTaxes),
            inHouse: try report.inHouse.map(Components.Schemas.DayCloseStay.init),
            notCheckedOut: try report.notCheckedOut.map(Components.Schemas.DayCloseStay.init),
            guestLedger: try .init(report.guestLedger),
            salon: try report.salon.map(Components.Schemas.SalonDayFigures.init))
    }
}

extension Components.Schemas.DayCloseStay {
    init(_ line: DayClose.StayLine) throws {
        self.init(
            stayId: line.stayID, confirmationCode: line.confirmationCode, guestName: line.guestName,
            roomId: line.roomID, amount: try .init(line.amount))
    }
}

extension Components.Schemas.SalonDayFigures {
    init(_ figures: SalonDayFigures) throws {
        let takings = { (line: SalonDayFigures.Takings) in
            Components.Schemas.SalonTakings(id: line.id, name: line.name, amount: try .init(line.amount))
        }
        self.init(
            byStylist: try figures.byStylist.map(takings), byService: try figures.byService.map(takings),
            products: try .init(figures.products), fees: try .init(figures.fees), takings: try .init(figures.takings),
            receipts: figures.receipts,
            appointments: figures.appointments, completed: figures.completed, noShows: figures.noShows,
            cancelled: figures.cancelled, open: figures.open, deposits: try .init(figures.deposits),
            prepaid: try .init(figures.prepaid))
    }
}
