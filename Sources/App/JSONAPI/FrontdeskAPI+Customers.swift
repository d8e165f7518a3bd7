import API
import Booking
import Foundation
import OpenAPIRuntime
import Storage

/// A salon's customer records (顧客 / カルテ): search, read with visits, add, change, merge, export, erase.
extension FrontdeskAPI {
    var customers: Customers<Store> { Customers(storage: store, now: store.clock.now) }

    func listCustomers(_ input: Operations.ListCustomers.Input) async throws -> Operations.ListCustomers.Output {
        let found = try await customers.find(input.query.q ?? "", at: input.path.id, by: try staff)
        return .ok(.init(body: .json(.init(customers: found.map(Components.Schemas.CustomerSummary.init)))))
    }

    func createCustomer(_ input: Operations.CreateCustomer.Input) async throws -> Operations.CreateCustomer.Output {
        let body =
            switch input.body {
            case .json(let body): body
            }
        let customer = try await customers.add(
            Customer(
                propertyID: input.path.id, name: body.name, reading: body.reading ?? "", phone: body.phone ?? "",
                email: body.email ?? "", birthday: try Self.birthday(body.birthday) ?? nil, notes: body.notes ?? "",
                allergies: body.allergies ?? ""),
            by: try staff)
        return .created(
            .init(
                headers: .init(eTag: Self.eTag(of: customer), location: "/api/v1/customers/\(customer.id)"),
                body: .json(.init(customer))))
    }

    func getCustomer(_ input: Operations.GetCustomer.Input) async throws -> Operations.GetCustomer.Output {
        let record = try await customers.record(input.path.id, by: try staff)
        return .ok(
            .init(
                headers: .init(eTag: Self.eTag(of: record.customer)),
                body: .json(
                    .init(
                        value1: .init(record.customer),
                        value2: .init(
                            visits: try record.visits.map(Components.Schemas.CustomerVisit.init),
                            upcoming: try record.upcoming.map(Components.Schemas.CustomerVisit.init),
                            visitsLastYear: record.visitsLastYear,
                            spent: try record.spent.map(Components.Schemas.Money.init),
                            owing: try record.owing?.map(Components.Schemas.SaleSummary.init))))))
    }

    func editCustomer(_ input: Operations.EditCustomer.Input) async throws -> Operations.EditCustomer.Output {
        let version = try IfMatch(input.headers.ifMatch).requiredForEdit(of: "customer")
        let body =
            switch input.body {
            case .json(let body): body
            }
        let customer = try await customers.change(
            input.path.id, version: version,
            CustomerChange(
                name: body.name, reading: body.reading, phone: body.phone, email: body.email,
                birthday: try Self.birthday(body.birthday), notes: body.notes, allergies: body.allergies),
            by: try staff)
        return .ok(.init(headers: .init(eTag: Self.eTag(of: customer)), body: .json(.init(customer))))
    }

    func eraseCustomer(_ input: Operations.EraseCustomer.Input) async throws -> Operations.EraseCustomer.Output {
        try await customers.erase(input.path.id, by: try staff)
        return .noContent(.init())
    }

    func mergeCustomer(_ input: Operations.MergeCustomer.Input) async throws -> Operations.MergeCustomer.Output {
        let body =
            switch input.body {
            case .json(let body): body
            }
        let customer = try await customers.merge(body.customerId, into: input.path.id, by: try staff)
        return .ok(.init(headers: .init(eTag: Self.eTag(of: customer)), body: .json(.init(customer))))
    }

    func exportCustomer(_ input: Operations.ExportCustomer.Input) async throws -> Operations.ExportCustomer.Output {
        let language = try Language.asked(input.query.lang) ?? .en
        return .ok(.init(body: .csv(HTTPBody(try await customers.export(input.path.id, in: language, by: try staff)))))
    }

    func exportCustomers(_ input: Operations.ExportCustomers.Input) async throws -> Operations.ExportCustomers.Output {
        let language = try Language.asked(input.query.lang) ?? .en
        let csv = try await customers.exportAll(propertyID: input.path.id, in: language, by: try staff)
        return .ok(.init(body: .csv(HTTPBody(csv))))
    }

    static func eTag(of customer: Customer) -> String { "\"\(customer.version)\"" }

    /// A birthday as sent: absent leaves it, empty forgets it, otherwise a date.
    static func birthday(_ text: String?) throws -> Day?? {
        guard let text else { return nil }
        return .some(text.isEmpty ? nil : try Day.parse(text, field: "birthday"))
    }
}

extension Components.Schemas.Customer {
    init(_ customer: Customer) {
        self.init(
            id: customer.id, propertyId: customer.propertyID, name: customer.name, reading: customer.reading,
            phone: customer.phone, email: customer.email, birthday: customer.birthday?.iso, notes: customer.notes,
            allergies: customer.allergies, erased: customer.erased, version: customer.version)
    }
}

extension Components.Schemas.CustomerSummary {
    init(_ summary: CustomerSummary) {
        let instant = { (minute: Int) in Date(timeIntervalSince1970: TimeInterval(minute) * 60) }
        self.init(
            id: summary.customer.id, name: summary.customer.name, reading: summary.customer.reading,
            phone: summary.customer.phone, lastVisit: summary.lastVisitMinute.map(instant),
            nextVisit: summary.nextVisitMinute.map(instant))
    }
}

extension Components.Schemas.CustomerVisit {
    init(_ visit: CustomerVisit) throws {
        let appointment = visit.appointment
        self.init(
            appointmentId: appointment.id,
            start: Date(timeIntervalSince1970: TimeInterval(appointment.startMinute) * 60),
            durationMinutes: appointment.durationMinutes, state: try documented(appointment.state.rawValue),
            serviceId: appointment.serviceID, serviceName: visit.serviceName, staffId: appointment.staffID,
            staffName: visit.staffName, price: try visit.price.map(Components.Schemas.Money.init),
            notes: appointment.notes, visitNotes: appointment.visitNotes)
    }
}
