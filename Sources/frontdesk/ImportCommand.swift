import ArgumentParser
import Booking
import Foundation
import Storage
import Synchronization

/// `frontdesk import`: a hotel moving in from another system brings its stays as CSV. The file is
/// taken whole or not at all: every row is checked first, and every problem reported by its line.
struct ImportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Import a hotel's stays from a CSV file: all of them, or none.",
        discussion: """
            The file has a header row naming its columns (in any order and case): \
            \(StayImport.Column.allCases.map(\.rawValue).joined(separator: ", ")). Each row is one stay: a room \
            number of the property and/or a room type name, dates as YYYY-MM-DD, a state (\
            \(StayState.allCases.map(\.rawValue).joined(separator: ", "))), and the amount paid in the property's \
            currency (1234.50 baht, 12000 yen), which becomes a payment on the stay's folio. An empty \
            confirmation code gets a new one. Every row is checked before anything is written; any problem is \
            reported as 'line N: column: problem' and nothing is imported (exit 1). `frontdesk export` writes the \
            same form.
            """)

    @OptionGroup var database: DatabaseOption
    @Option(help: "The hotel (property id) the stays belong to.") var property: Int
    @Flag(help: "Check every row and report the problems; write nothing.") var dryRun = false
    @Argument(help: "The CSV file, or - for standard input.") var file: String

    func run() async throws {
        let started = ContinuousClock.now
        let bytes: [UInt8]
        do {
            bytes =
                try file == "-"
                ? Array(FileHandle.standardInput.readToEnd() ?? Data())
                : Array(Data(contentsOf: URL(fileURLWithPath: file)))
        } catch {
            Terminal.error("frontdesk: cannot read \(file): \(error.localizedDescription)")
            throw ExitCode.failure
        }
        let store = try Store.open(try await database.location())
        do {
            try await store.migrate()
            try await importFile(bytes, into: store, started: started)
        } catch {
            await store.shutdown()
            if let error = error as? DomainError {
                Terminal.error("frontdesk: \(error.message)\(error.code == .notFound ? " in \(store.location)" : "")")
                throw ExitCode.failure
            }
            throw error
        }
        await store.shutdown()
    }

    private func importFile(_ bytes: [UInt8], into store: Store, started: ContinuousClock.Instant) async throws {
        let stays = store.stays
        let checking = Terminal.isTerminal ? ProgressBar(label: "checking", total: nil) : nil
        checking?.draw(0)
        let check = try await stays.checkImport(bytes, propertyID: property)
        checking?.finish()
        let reading = check.reading
        let hotel = "property \(check.property.id) (\(check.property.name))"
        guard check.isGood else {
            for problem in reading.problems { Terminal.error(problem.description) }
            Terminal.error(
                "frontdesk: \(dryRun ? "dry run: " : "")\(reading.badRowCount) of \(reading.rowCount) rows have "
                    + "problems; nothing was \(dryRun ? "written" : "imported")")
            throw ExitCode.failure
        }
        if dryRun {
            print("frontdesk: dry run: all \(reading.rowCount) rows are good for \(hotel); nothing was written")
            return
        }
        let bar = Terminal.isTerminal ? ProgressBar(label: "importing", total: reading.rows.count) : nil
        bar?.draw(0)
        var progress: (@Sendable (Int) -> Void)?
        if let bar { progress = { done in bar.update(done) } }
        let count = try await stays.importStays(check, progress: progress)
        bar?.finish()
        print("frontdesk: imported \(count) stays into \(hotel) in \(Terminal.seconds(since: started)) s")
    }
}

/// Standard error, and whether it is a terminal (then a progress bar is drawn on it).
enum Terminal {
    static var isTerminal: Bool { isatty(2) == 1 }

    static func error(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }

    /// Seconds since `start` to a tenth: `7.9`.
    static func seconds(since start: ContinuousClock.Instant) -> String {
        let elapsed = ContinuousClock.now - start
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        return String(format: "%.1f", seconds)
    }

    /// `104,000`: thousands grouped for reading, whatever the locale.
    static func grouped(_ number: Int) -> String {
        var digits = String(number.magnitude)
        var index = digits.count - 3
        while index > 0 {
            digits.insert(",", at: digits.index(digits.startIndex, offsetBy: index))
            index -= 3
        }
        return (number < 0 ? "-" : "") + digits
    }
}

/// A progress bar on standard error, redrawn in place at most ten times a second:
/// `importing  [##########----------]  52%  104,000 / 200,000 stays`.
final class ProgressBar: Sendable {
    let label: String
    /// nil: only the label is shown (work of unknown length).
    let total: Int?
    private let lastDrawn = Mutex<ContinuousClock.Instant?>(nil)

    init(label: String, total: Int?) {
        self.label = label
        self.total = total
    }

    /// Redraws with `done` of `total`, unless it was drawn less than a tenth of a second ago.
    func update(_ done: Int) {
        let now = ContinuousClock.now
        let due = lastDrawn.withLock { last in
            guard last.map({ now - $0 >= .milliseconds(100) }) ?? true || done == total else { return false }
            last = now
            return true
        }
        if due { draw(done) }
    }

    func draw(_ done: Int) {
        guard let total else {
            write("\r\(label) …")
            return
        }
        let width = 20
        let share = total == 0 ? 1 : Double(done) / Double(total)
        let filled = min(width, Int(share * Double(width)))
        let bar = String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled)
        write(
            "\r\(label)  [\(bar)] \(String(format: "%3d", Int(share * 100)))%  "
                + "\(Terminal.grouped(done)) / \(Terminal.grouped(total)) stays")
    }

    /// Clears the bar's line, for what is printed next.
    func finish() {
        write("\r\u{1B}[2K")
    }

    private func write(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }
}
