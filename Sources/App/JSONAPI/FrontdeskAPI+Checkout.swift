import API
import Booking
import Foundation
import OpenAPIRuntime
import Storage

/// A salon's checkout (お会計): its products, a sale priced and stored with its receipt, read and refunded.
extension FrontdeskAPI {
    var checkout: Checkout<Store> { Checkout(storage: store, now: store.clock.now) }

    func listProducts(_ input: Operations.ListProducts.Input) async throws -> Operations.ListProducts.Output {
        let products = try await checkout.products(propertyID: input.path.id, by: try staff)
        return .ok(.init(body: .json(.init(products: try products.map(Components.Schemas.Product.init)))))
    }

    func setProducts(_ input: Operations.SetProducts.Input) async throws -> Operations.SetProducts.Output {
        let body =
            switch input.body {
            case .json(let body): body
            }
        let products = try await checkout.setProducts(
            try body.products.enumerated().map { index, product in
                Product(
                    id: product.id ?? 0, name: product.name,
                    price: try product.price.money(field: "products[\(index)].price"),
                    active: product.active ?? true)
            }, propertyID: input.path.id, by: try staff)
        return .ok(.init(body: .json(.init(products: try products.map(Components.Schemas.Product.init)))))
    }

    func quoteSale(_ input: Operations.QuoteSale.Input) async throws -> Operations.QuoteSale.Output {
        let body =
            switch input.body {
            case .json(let body): body
            }
        let quote = try await checkout.quote(try Self.order(body, propertyID: input.path.id), by: try staff)
        var answer = try Components.Schemas.SaleQuote(quote, staff: try await staffNames(quote.lines))
        answer.payCodes = try quote.payCodes.enumerated().compactMap { index, code in
            try code.map { .init(payment: index, code: try .init($0, label: $0.amount.description)) }
        }
        return .ok(.init(body: .json(answer)))
    }

    func createSale(_ input: Operations.CreateSale.Input) async throws -> Operations.CreateSale.Output {
        let body =
            switch input.body {
            case .json(let body): body
            }
        let sale = try await checkout.checkOut(try Self.order(body, propertyID: input.path.id), by: try staff)
        return .created(
            .init(
                headers: .init(location: "/api/v1/sales/\(sale.id)"),
                body: .json(try .init(sale, staff: try await staffNames(sale.lines)))))
    }

    func getSale(_ input: Operations.GetSale.Input) async throws -> Operations.GetSale.Output {
        let sale = try await checkout.sale(input.path.id, by: try staff)
        return .ok(.init(body: .json(try .init(sale, staff: try await staffNames(sale.lines)))))
    }

    func refundSale(_ input: Operations.RefundSale.Input) async throws -> Operations.RefundSale.Output {
        let body =
            switch input.body {
            case .json(let body): body
            }
        let sale = try await checkout.refund(input.path.id, reason: body.reason, by: try staff)
        return .ok(.init(body: .json(try .init(sale, staff: try await staffNames(sale.lines)))))
    }

    func issueSaleTaxInvoice(_ input: Operations.IssueSaleTaxInvoice.Input) async throws
        -> Operations.IssueSaleTaxInvoice.Output
    {
        let body =
            switch input.body {
            case .json(let body): body
            }
        let sale = try await checkout.issueTaxInvoice(of: input.path.id, to: Buyer(body.buyer), by: try staff)
        return .ok(.init(body: .json(try .init(sale, staff: try await staffNames(sale.lines)))))
    }

    func collectSalePayment(_ input: Operations.CollectSalePayment.Input) async throws
        -> Operations.CollectSalePayment.Output
    {
        let body =
            switch input.body {
            case .json(let body): body
            }
        let sale = try await checkout.collect(input.path.id, payments: try Self.payments(body.payments), by: try staff)
        return .ok(.init(body: .json(try .init(sale, staff: try await staffNames(sale.lines)))))
    }

    func takeDeposit(_ input: Operations.TakeDeposit.Input) async throws -> Operations.TakeDeposit.Output {
        let body =
            switch input.body {
            case .json(let body): body
            }
        let sale = try await checkout.takeDeposit(
            appointmentID: input.path.id, payments: try Self.payments(body.payments), by: try staff)
        return .created(
            .init(
                headers: .init(location: "/api/v1/sales/\(sale.id)"),
                body: .json(try .init(sale, staff: try await staffNames(sale.lines)))))
    }

    /// The names of the members the lines are taken by, retired ones among them.
    func staffNames(_ lines: [SaleLine]) async throws -> [Int: String] {
        let ids = Set(lines.compactMap(\.staffID))
        guard !ids.isEmpty else { return [:] }
        return try await store.staffNames(ids: Array(ids))
    }

    static func order(_ body: Components.Schemas.SaleOrder, propertyID: Int) throws -> SaleOrder {
        let discount: SaleOrder.Discount? =
            switch (body.discount?.basisPoints, body.discount?.amount) {
            case (nil, nil): nil
            case (let basisPoints?, nil): .share(basisPoints: basisPoints)
            case (nil, let amount?): .amount(try amount.money(field: "discount.amount"))
            case (.some, .some): throw DomainError.invalid("discount", "a share or an amount, not both")
            }
        return SaleOrder(
            propertyID: propertyID, appointmentIDs: body.appointmentIds ?? [],
            items: (body.items ?? []).map {
                SaleOrder.Item(productID: $0.productId, quantity: $0.quantity ?? 1, staffID: $0.staffId)
            },
            discount: discount,
            payments: try payments(body.payments ?? []), customerID: body.customerId,
            tickets: (body.tickets ?? []).map(\.offerId),
            draws: (body.draws ?? []).map {
                TicketDraw.Request(ticketBookID: $0.ticketBookId, appointmentID: $0.appointmentId, units: $0.units)
            })
    }

    static func payments(_ payments: [Components.Schemas.SalePaymentRequest]) throws -> [SalePayment] {
        try payments.enumerated().map { index, payment in
            let field = "payments[\(index)]"
            guard let method = PaymentMethod(rawValue: payment.method.rawValue) else {
                throw DomainError.invalid("\(field).method", "'\(payment.method.rawValue)' is not a method")
            }
            return SalePayment(
                method: method, amount: try payment.amount.money(field: "\(field).amount"),
                tendered: try payment.tendered?.money(field: "\(field).tendered"), reference: payment.reference ?? "",
                stayID: payment.stayId)
        }
    }
}

extension Components.Schemas.Product {
    init(_ product: Product) throws {
        self.init(id: product.id, name: product.name, price: try .init(product.price), active: product.active)
    }
}

extension Components.Schemas.SaleQuote {
    init(_ quote: SaleQuote, staff: [Int: String]) throws {
        try self.init(
            customerID: quote.customerID, lines: quote.lines, taxes: quote.taxes, includedTaxes: quote.includedTaxes,
            payments: quote.payments, totals: quote.totals, tickets: quote.tickets, staff: staff)
    }

    init(
        customerID: Int?, lines: [SaleLine], taxes: [FolioDocument.TaxTotal], includedTaxes: [FolioDocument.TaxTotal],
        payments: [SalePayment], totals: SaleTotals, tickets: [Booking.TicketBalance], staff: [Int: String]
    ) throws {
        self.init(
            customerId: customerID,
            lines: try lines.map { line in
                Components.Schemas.SaleLine(
                    category: try documented(line.category.rawValue), description: line.description,
                    quantity: line.quantity, unitPrice: try .init(line.unitPrice), discount: try .init(line.discount),
                    amount: try .init(line.amount), appointmentId: line.appointmentID, serviceId: line.serviceID,
                    productId: line.productID, staffId: line.staffID, staffName: line.staffID.flatMap { staff[$0] },
                    ticketBookId: line.ticketBookID)
            },
            taxes: try taxes.map(Components.Schemas.FolioDocumentTax.init),
            includedTaxes: try includedTaxes.map(Components.Schemas.FolioDocumentTax.init),
            payments: try payments.map { payment in
                Components.Schemas.SalePayment(
                    value1: .init(
                        method: try documented(payment.method.rawValue), amount: try .init(payment.amount),
                        tendered: try payment.tendered.map(Components.Schemas.Money.init),
                        reference: payment.reference.isEmpty ? nil : payment.reference, stayId: payment.stayID),
                    value2: .init(
                        change: try .init(payment.change),
                        cashReceiptDue: CashReceiptRule.isDue(payment.method, payment.amount) ? true : nil))
            },
            gross: try .init(totals.gross), discount: try .init(totals.discount), subtotal: try .init(totals.subtotal),
            tax: try .init(totals.tax), total: try .init(totals.total), paid: try .init(totals.paid),
            change: try .init(totals.change), due: try .init(totals.due), deposits: try .init(totals.deposits),
            prepaid: try .init(totals.prepaid), tickets: try tickets.map(Components.Schemas.TicketBalance.init))
    }
}

extension Components.Schemas.Sale {
    init(_ sale: Sale, staff: [Int: String]) throws {
        self.init(
            value1: try .init(
                customerID: sale.customerID, lines: sale.lines, taxes: sale.taxes, includedTaxes: sale.includedTaxes,
                payments: sale.payments, totals: sale.totals, tickets: sale.tickets, staff: staff),
            value2: .init(
                id: sale.id, propertyId: sale.propertyID, reference: sale.reference, date: sale.day.iso,
                issuedAt: sale.issuedAt, issuer: .init(sale.issuer), customerName: sale.customerName,
                abbreviatedTaxInvoice: sale.standsAsAbbreviatedTaxInvoice ? true : nil,
                refund: sale.refund.map { .init(reference: $0.reference, date: $0.day.iso, reason: $0.reason) },
                eInvoice: VietnamEInvoice.applies(to: sale) ? true : nil,
                taxInvoiceOffered: sale.offersTaxInvoice ? true : nil,
                taxInvoice: sale.taxInvoice.map {
                    .init(reference: $0.reference, date: $0.day.iso, replaces: sale.reference, buyer: .init($0.buyer))
                }))
    }
}

extension Components.Schemas.SaleSummary {
    init(_ sale: Sale) throws {
        self.init(
            id: sale.id, reference: sale.reference, total: try .init(sale.totals.total),
            due: try .init(sale.refund == nil ? sale.totals.due : .zero(sale.currency)), refunded: sale.refund != nil)
    }
}
