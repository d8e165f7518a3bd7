import ArgumentParser

@main
struct Frontdesk: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "frontdesk",
        abstract: "Frontdesk: a reservation system for small hotels and appointment businesses.",
        subcommands: [
            Serve.self, Migrate.self, DemoCommand.self, ImportCommand.self, ExportCommand.self, UserCommand.self,
            PropertyCommand.self,
            Bench.self,
            Fixture.self,
        ]
    )
}

struct Bench: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print performance figures, one `name: value` per line.",
        subcommands: [TimelineBench.self]
    )
}

struct Fixture: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print fixtures that other test suites replay (JSON on standard output).",
        subcommands: [TimelineFixture.self]
    )
}
