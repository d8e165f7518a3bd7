import Foundation
import Hummingbird
import Prometheus
import Storage

/// What `GET /metrics` reports, in Prometheus' text format: requests and their durations by route and
/// status, and the live event stream's open connections.
///
/// One registry per router rather than the process-wide `MetricsSystem`, so that several servers (the
/// tests start many) keep apart.
final class ServerMetrics: Sendable {
    let registry = PrometheusCollectorRegistry()
    private let store: Store
    private let eventClients: Gauge
    private let started = ContinuousClock.now

    /// Upper bounds of the duration buckets.
    static let buckets: [Duration] = [
        .milliseconds(1), .milliseconds(2), .milliseconds(5), .milliseconds(10), .milliseconds(25),
        .milliseconds(50), .milliseconds(100), .milliseconds(250), .milliseconds(500), .seconds(1), .seconds(2.5),
        .seconds(5),
    ]

    static var requests: MetricNameDescriptor {
        MetricNameDescriptor(
            metricName: "http_requests", unitName: "total",
            helpText: "HTTP requests answered, by method, route and status.")
    }
    static var requestDuration: MetricNameDescriptor {
        MetricNameDescriptor(
            metricName: "http_request_duration", unitName: "seconds",
            helpText: "Time to answer an HTTP request, by method and route.")
    }
    static var streamClients: MetricNameDescriptor {
        MetricNameDescriptor(
            metricName: "frontdesk_event_stream_clients", unitName: "",
            helpText: "Open connections to the live event stream.")
    }
    static var uptime: MetricNameDescriptor {
        MetricNameDescriptor(
            metricName: "process_uptime", unitName: "seconds", helpText: "Seconds since the server started.")
    }

    init(store: Store) {
        self.store = store
        eventClients = registry.makeGauge(descriptor: Self.streamClients)
    }

    func record(method: String, route: String, status: Int, duration: Duration) {
        registry.makeCounter(
            descriptor: Self.requests, labels: [("method", method), ("route", route), ("status", String(status))]
        ).increment()
        registry.makeDurationHistogram(
            descriptor: Self.requestDuration, labels: [("method", method), ("route", route)], buckets: Self.buckets
        ).record(duration)
    }

    /// The current figures as Prometheus text.
    func exposition() -> Response {
        eventClients.set(Double(store.events.readerCount))
        registry.makeGauge(descriptor: Self.uptime).set(started.duration(to: .now).inSeconds)
        return Response(
            status: .ok, headers: [.contentType: "text/plain; version=0.0.4; charset=utf-8"],
            body: .init(byteBuffer: ByteBuffer(bytes: registry.emitToBuffer())))
    }
}

/// Counts every request and times it, by the route it matched (its pattern, such as
/// `/api/v1/stays/{id}`, so that ids do not make a series each).
struct MetricsMiddleware<Context: RequestContext>: RouterMiddleware {
    let metrics: ServerMetrics

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response)
        async throws -> Response
    {
        let start = ContinuousClock.now
        do {
            let response = try await next(request, context)
            record(request, context, status: response.status.code, since: start)
            return response
        } catch {
            let status = (error as? any HTTPResponseError)?.status.code ?? 500
            record(request, context, status: status, since: start)
            throw error
        }
    }

    private func record(_ request: Request, _ context: Context, status: Int, since start: ContinuousClock.Instant) {
        let route = context.endpointPath ?? (status == 404 ? "NotFound" : "static")
        metrics.record(
            method: request.method.rawValue, route: route, status: status, duration: ContinuousClock.now - start)
    }
}

/// Who may read `/metrics`: whoever presents the installation's token as `Authorization: Bearer …`.
/// Without a configured token the route is not served at all (404).
enum MetricsAccess {
    static func require(_ request: Request, token: String?) throws {
        guard let token else { throw APIError(.notFound, code: "not_found", "metrics are not served here") }
        let presented = request.headers[.authorization].flatMap { header -> Substring? in
            header.lowercased().hasPrefix("bearer ") ? header.dropFirst("bearer ".count) : nil
        }
        guard let presented, equalInConstantTime(Array(presented.utf8), Array(token.utf8)) else {
            throw APIError(.unauthorized, code: "unauthorized", "metrics need the installation's bearer token")
        }
    }

    /// Compares every byte, so that the time taken does not tell how much of a guess was right.
    private static func equalInConstantTime(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        guard a.count == b.count else { return false }
        return zip(a, b).reduce(UInt8(0)) { $0 | ($1.0 ^ $1.1) } == 0
    }
}
