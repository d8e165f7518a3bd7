import Booking
import FluentKit
import SQLKit

/// Rate plans (`RatePlan`): a property's kept with it as JSON, like its fees and taxes (a handful, read
/// and written whole); a stay's plan by its id (NULL: the property's standard terms).
struct RatePlanSchema: AsyncMigration {
    var name: String { "frontdesk.rate-plans.v17" }

    func prepare(on database: any Database) async throws {
        let sql = database as! any SQLDatabase
        try await sql.raw("ALTER TABLE properties ADD COLUMN rate_plans TEXT NOT NULL DEFAULT '[]'").run()
        try await sql.raw("ALTER TABLE stays ADD COLUMN rate_plan_id BIGINT").run()
    }

    func revert(on database: any Database) async throws {
        let sql = database as! any SQLDatabase
        try await sql.raw("ALTER TABLE stays DROP COLUMN rate_plan_id").run()
        try await sql.raw("ALTER TABLE properties DROP COLUMN rate_plans").run()
    }
}

/// A rate plan as stored.
struct RatePlanRecord: Codable {
    var id: Int
    var name: String
    var adjustmentBasisPoints: Int
    var extraName: String
    var extraPerGuestNight: Int?
    var freeUntilDaysBefore: Int?
    var lateCancellationBasisPoints: Int?
    var deposit: String
    var depositShare: Int?
    var active: Bool
}

extension RatePlanRecord {
    init(_ plan: RatePlan) {
        id = plan.id
        name = plan.name
        adjustmentBasisPoints = plan.adjustmentBasisPoints
        extraName = plan.extraName
        extraPerGuestNight = plan.extraPerGuestNight?.amount
        freeUntilDaysBefore = plan.cancellation?.freeUntilDaysBefore
        lateCancellationBasisPoints = plan.cancellation?.lateCancellationBasisPoints
        switch plan.deposit {
        case .none: deposit = "none"
        case .firstNight: deposit = "first_night"
        case .share(let share): (deposit, depositShare) = ("share", share)
        case .all: deposit = "all"
        }
        active = plan.active
    }

    func plan(currency: Currency) -> RatePlan {
        let rule: RatePlan.Deposit =
            switch deposit {
            case "first_night": .firstNight
            case "share": .share(depositShare ?? 0)
            case "all": .all
            default: .none
            }
        return RatePlan(
            id: id, name: name, adjustmentBasisPoints: adjustmentBasisPoints, extraName: extraName,
            extraPerGuestNight: extraPerGuestNight.map { Money($0, currency) },
            cancellation: freeUntilDaysBefore.map {
                CancellationPolicy(
                    freeUntilDaysBefore: $0, lateCancellationBasisPoints: lateCancellationBasisPoints ?? 0)
            },
            deposit: rule, active: active)
    }
}
