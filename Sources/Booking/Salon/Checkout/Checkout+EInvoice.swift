/// Vietnam's e-invoice of a salon's sale: each sale to a customer has one, written as a hotel's invoice's is
/// (`VietnamEInvoice`), for the salon's licensed provider to sign and send.
extension Checkout where Storage: SaleEInvoiceStorage {
    /// The e-invoice of a sale in đồng, numbered among the salon's e-invoiced sales of its year, handed to
    /// `provider`; for those whose role reads money.
    public func eInvoice(of saleID: Int, provider: some EInvoiceProvider, by staff: Staff) async throws
        -> (invoice: VietnamEInvoice, submission: EInvoiceSubmission)
    {
        let sale = try await sale(saleID, by: staff)
        guard let property = try await storage.property(id: sale.propertyID) else {
            throw DomainError(.notFound, "no sale \(saleID)")
        }
        guard VietnamEInvoice.applies(to: sale) else {
            throw DomainError(
                .notAllowed, "an e-invoice is Vietnam's, of a sale in VND other than a deposit's", field: "id",
                reason: .eInvoiceCountry)
        }
        let number = try await storage.eInvoiceNumberInYear(of: sale)
        let invoice = try VietnamEInvoice.of(sale, number: number, property: property)
        return (invoice, try await provider.submit(invoice))
    }
}

/// What a sale's e-invoice needs of storage besides the checkout's.
public protocol SaleEInvoiceStorage: CheckoutStorage {
    /// Which of its property's sales of its calendar year that have an e-invoice (`VietnamEInvoice.applies`)
    /// `sale` is, from 1: sales are numbered without gaps, so this restarts each 1 January without gaps too.
    func eInvoiceNumberInYear(of sale: Sale) async throws -> Int
}
