import ArgumentParser
import Booking
import Foundation
import Storage

/// `frontdesk export`: every stay of a hotel as the CSV `frontdesk import` reads, so that a hotel can
/// leave with its stays (or move them to another Frontdesk).
struct ExportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write every stay of a hotel as CSV, in the form `frontdesk import` reads.",
        discussion: """
            One row a stay, oldest first, with its guest, room, room type, dates, guests, state and the amount \
            paid (payments less refunds, in the property's currency). A stay moved between rooms is given the \
            room it ends in.
            """)

    @OptionGroup var database: DatabaseOption
    @Option(help: "The hotel (property id) whose stays to write.") var property: Int
    @Option(name: .shortAndLong, help: "Write to this file instead of standard output.") var output: String?

    func run() async throws {
        let started = ContinuousClock.now
        let store = try Store.open(try await database.location())
        let sink: FileHandle
        if let output {
            guard FileManager.default.createFile(atPath: output, contents: nil),
                let file = FileHandle(forWritingAtPath: output)
            else {
                await store.shutdown()
                Terminal.error("frontdesk: cannot write \(output)")
                throw ExitCode.failure
            }
            sink = file
        } else {
            sink = FileHandle.standardOutput
        }
        do {
            try await store.migrate()
            let stays = store.stays
            let form = try await stays.importForm(propertyID: property)
            sink.write(Data(StayImport.header.utf8))
            let count = try await stays.exportStays(propertyID: property) { rows in
                var text = ""
                for row in rows { text += form.line(for: row) }
                try sink.write(contentsOf: Data(text.utf8))
            }
            if output != nil { try sink.close() }
            Terminal.error(
                "frontdesk: exported \(count) stays of property \(form.property.id) (\(form.property.name))"
                    + "\(output.map { " to \($0)" } ?? "") in \(Terminal.seconds(since: started)) s")
        } catch {
            await store.shutdown()
            if let output { try? FileManager.default.removeItem(atPath: output) }
            if let error = error as? DomainError {
                Terminal.error("frontdesk: \(error.message)\(error.code == .notFound ? " in \(store.location)" : "")")
                throw ExitCode.failure
            }
            throw error
        }
        await store.shutdown()
    }
}
