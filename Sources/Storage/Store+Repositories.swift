/// The one way into the database from outside Storage: repositories are built here and nowhere else
/// (their initialisers are internal). Each is a small value holding the store, so an accessor makes one.
extension Store {
    /// Stays, their segments and what the domain's `StayStorage` asks of the database.
    public var stays: StayRepository { StayRepository(store: self) }
    /// Properties and what they sell: room types, rates, rooms, staff, services, translations.
    public var properties: PropertyRepository { PropertyRepository(store: self) }
    /// Rooms' housekeeping and the blocks that take rooms out of service.
    public var rooms: RoomRepository { RoomRepository(store: self) }
    /// Stays' folios: charges, payments and reversals.
    public var folios: FolioRepository { FolioRepository(store: self) }
    /// Each property's recorded changes, as the live stream reads them (`events` wakes its readers).
    public var eventLog: EventRepository { EventRepository(store: self) }
    /// Staff accounts, their roles and their sessions.
    public var users: UserRepository { UserRepository(store: self) }
    /// Salon appointments.
    public var appointments: AppointmentRepository { AppointmentRepository(store: self) }
    /// A salon's customer records.
    public var customers: CustomerRepository { CustomerRepository(store: self) }
    /// A salon's sales (its checkout) and the products it sells.
    public var sales: SaleRepository { SaleRepository(store: self) }
    /// Rooms' calendars exchanged with channel managers: export links and imported blocks.
    public var calendars: ICalRepository { ICalRepository(store: self) }
    /// The answers remembered for requests sent with an `Idempotency-Key`.
    public var idempotencyKeys: IdempotencyRepository { IdempotencyRepository(store: self) }
    /// The outbox: messages to guests and customers, and how each went out.
    public var messages: MessageRepository { MessageRepository(store: self) }
    /// Webhooks and how far each has been sent its property's events.
    public var webhooks: WebhookRepository { WebhookRepository(store: self) }
    /// What the guest site's rate limit and the sign-in throttle count, across server instances.
    public var limits: LimitRepository { LimitRepository(store: self) }
    public var waitlist: WaitlistRepository { WaitlistRepository(store: self) }
    /// Invoices and receipts as issued, their issuer, and properties' taxes and rate plans.
    public var documents: DocumentRepository { DocumentRepository(store: self) }
}
