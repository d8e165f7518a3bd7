import API
import Booking
import Foundation
import Storage

/// A property's rate plans: its staff who read money read them, a manager sets them; and what a stay on
/// one owes before arrival.
extension FrontdeskAPI {
    func getRatePlans(_ input: Operations.GetRatePlans.Input) async throws -> Operations.GetRatePlans.Output {
        let property = try await settings.accountsSettings(propertyID: input.path.id, by: try staff)
        return .ok(.init(body: .json(.init(plans: try property.ratePlans.map(Components.Schemas.RatePlanBody.init)))))
    }

    func setRatePlans(_ input: Operations.SetRatePlans.Input) async throws -> Operations.SetRatePlans.Output {
        let body =
            switch input.body {
            case .json(let body): body
            }
        let plans = try body.plans.enumerated().map { index, plan in try RatePlan(plan, field: "plans[\(index)]") }
        let property = try await settings.setRatePlans(plans, propertyID: input.path.id, by: try staff)
        return .ok(.init(body: .json(.init(plans: try property.ratePlans.map(Components.Schemas.RatePlanBody.init)))))
    }
}

extension RatePlan {
    /// A plan as the API sends it, checked by `RatePlan.validate` once all are read.
    init(_ body: Components.Schemas.RatePlanBody, field: String) throws {
        let cancellation: CancellationPolicy? =
            body.nonRefundable == true
            ? RatePlan.nonRefundable
            : body.freeCancellationDays.map {
                CancellationPolicy(
                    freeUntilDaysBefore: $0, lateCancellationBasisPoints: body.lateCancellationBasisPoints ?? 10_000)
            }
        let deposit: RatePlan.Deposit =
            switch body.deposit {
            case .none: .none
            case .firstNight: .firstNight
            case .share: .share(body.depositBasisPoints ?? 0)
            case .all: .all
            }
        self.init(
            id: body.id ?? 0, name: body.name, adjustmentBasisPoints: body.adjustmentBasisPoints,
            extraName: body.extraName ?? "",
            extraPerGuestNight: try body.extraPerGuestNight?.money(field: "\(field).extraPerGuestNight"),
            cancellation: cancellation, deposit: deposit, active: body.active ?? true)
    }
}

extension Components.Schemas.RatePlanBody {
    init(_ plan: RatePlan) throws {
        let nonRefundable = plan.cancellation == RatePlan.nonRefundable
        var share: Int?
        if case .share(let basisPoints) = plan.deposit { share = basisPoints }
        self.init(
            id: plan.id, name: plan.name, adjustmentBasisPoints: plan.adjustmentBasisPoints,
            extraName: plan.extraPerGuestNight == nil ? nil : plan.extraName,
            extraPerGuestNight: try plan.extraPerGuestNight.map {
                .init(amount: $0.amount, currency: try documented($0.currency.code))
            },
            nonRefundable: nonRefundable,
            freeCancellationDays: nonRefundable ? nil : plan.cancellation?.freeUntilDaysBefore,
            lateCancellationBasisPoints: nonRefundable ? nil : plan.cancellation?.lateCancellationBasisPoints,
            deposit: try documented(Self.depositWord(plan.deposit)), depositBasisPoints: share, active: plan.active)
    }

    static func depositWord(_ deposit: RatePlan.Deposit) -> String {
        switch deposit {
        case .none: "none"
        case .firstNight: "first_night"
        case .share: "share"
        case .all: "all"
        }
    }
}

extension Components.Schemas.Deposit {
    init(_ deposit: DepositDue) throws {
        self.init(
            amount: try .init(deposit.amount), dueBy: deposit.dueBy.iso, paid: try .init(deposit.paid),
            open: try .init(deposit.open))
    }
}
