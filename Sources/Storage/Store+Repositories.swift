/// Repositories are built here and nowhere else (their initialisers are internal). Each is a small value
/// holding the store, so an accessor makes one. They are `package`: for Storage's own conformances, the
/// demo's seed, the command line's administration and the tests. The server (`App`) reaches the database
/// only through the domain's storage protocols and the narrow views of `Store+Board`, `Store+Sessions`,
/// `Store+Delivery` and `Store+Calendars` (scripts/check-architecture.py fails on a repository used in App).
extension Store {
    /// Stays, their segments and what the domain's `StayStorage` asks of the database.
    package var stays: StayRepository { StayRepository(store: self) }
    /// Properties and what they sell: room types, rates, rooms, staff, services, translations.
    package var properties: PropertyRepository { PropertyRepository(store: self) }
    /// Rooms' housekeeping and the blocks that take rooms out of service.
    package var rooms: RoomRepository { RoomRepository(store: self) }
    /// Stays' folios: charges, payments and reversals.
    package var folios: FolioRepository { FolioRepository(store: self) }
    /// Each property's recorded changes, as the live stream reads them (`events` wakes its readers).
    package var eventLog: EventRepository { EventRepository(store: self) }
    /// Staff accounts, their roles and their sessions.
    package var users: UserRepository { UserRepository(store: self) }
    /// Salon appointments.
    package var appointments: AppointmentRepository { AppointmentRepository(store: self) }
    /// A salon's customer records.
    package var customers: CustomerRepository { CustomerRepository(store: self) }
    /// A salon's sales (its checkout) and the products it sells.
    package var sales: SaleRepository { SaleRepository(store: self) }
    /// A salon's ticket books: its offers, the books sold and their draws.
    package var tickets: TicketRepository { TicketRepository(store: self) }
    /// A salon's visits on its hotel's guests' bills.
    package var roomCharges: RoomChargeRepository { RoomChargeRepository(store: self) }
    /// Rooms' calendars exchanged with channel managers: export links and imported blocks.
    package var calendars: ICalRepository { ICalRepository(store: self) }
    /// The answers remembered for requests sent with an `Idempotency-Key`.
    package var idempotencyKeys: IdempotencyRepository { IdempotencyRepository(store: self) }
    /// The outbox: messages to guests and customers, and how each went out.
    package var messages: MessageRepository { MessageRepository(store: self) }
    /// Webhooks and how far each has been sent its property's events.
    package var webhooks: WebhookRepository { WebhookRepository(store: self) }
    /// What the guest site's rate limit and the sign-in throttle count, across server instances.
    package var limits: LimitRepository { LimitRepository(store: self) }
    package var waitlist: WaitlistRepository { WaitlistRepository(store: self) }
    /// Invoices and receipts as issued, their issuer, and properties' taxes and rate plans.
    package var documents: DocumentRepository { DocumentRepository(store: self) }
    /// The companies properties bill.
    package var companies: CompanyRepository { CompanyRepository(store: self) }
    /// Bookings of several rooms.
    package var groups: GroupRepository { GroupRepository(store: self) }
}
