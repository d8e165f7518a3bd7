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
    private let started = Date()

    /// Upper bounds of the duration buckets.
    static let buckets: [Duration] = [
        .milliseconds(1), .milliseconds(2), .milliseconds(5), .milliseconds(10), .milliseconds(25),
        .milliseconds(50), .milliseconds(100), .milliseconds(250), .milliseconds(500), .seconds(1), .seconds(2.5),
        .seconds(5),
    ]

    init(store: Store) {
        self.store = store
        eventClients = registry.makeGauge(
            name: "frontdesk_event_stream_clients", help: "Open connections to the live event stream.")
    }

    func record(method: String, route: String, status: Int, duration: Duration) {
        registry.makeCounter(
            name: "http_requests_total", labels: [("method", method), ("route", route), ("status", String(status))],
            help: "HTTP requests answered, by method, route and status."
        ).increment()
        registry.makeDurationHistogram(
            name: "http_request_duration_seconds", labels: [("method", method), ("route", route)],
            buckets: Self.buckets, help: "Time to answer an HTTP request, by method and route."
        ).record(duration)
    }

    /// The current figures as Prometheus text.
    func exposition() -> Response {
        eventClients.set(Double(store.events.readerCount))
        registry.makeGauge(name: "process_uptime_seconds", help: "Seconds since the server started.")
            .set(Date().timeIntervalSince(started))
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
