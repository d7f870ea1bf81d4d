import Foundation
import Testing
import TextEffectsTestSupport

/// The libraries' public surface, read from the symbol graphs the toolchain extracts from the
/// modules this test run was built with: every public symbol declared here has a doc comment,
/// and the surface is the one `docs/public-api.md` lists, so it changes only on purpose.
@Suite(.threadOfItsOwn(.waiting)) struct PublicAPITests {
  static let modules = ["TextEffects", "TextEffectsSDL"]
  static let listing = Repository.root.appendingPathComponent("docs/public-api.md")

  struct Graph: Decodable {
    struct Symbol: Decodable {
      struct Kind: Decodable { var identifier: String }
      struct Identifier: Decodable { var precise: String }
      struct Lines: Decodable {
        struct Line: Decodable { var text: String }
        var lines: [Line]
      }
      struct Location: Decodable {
        struct Position: Decodable { var line: Int }
        var uri: String
        var position: Position
      }
      var kind: Kind
      var identifier: Identifier
      var pathComponents: [String]
      var docComment: Lines?
      var location: Location?
    }
    var symbols: [Symbol]
  }

  /// A module's public symbols declared in this repository's sources: not those the compiler
  /// makes (a raw enum's `hashValue`) or copies onto each conforming type (a protocol
  /// extension's methods), which are documented where they are written.
  static func declaredSymbols(of module: String) throws -> [Graph.Symbol] {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("text-effects-symbols-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let built = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
      .appendingPathComponent("Modules")
    let repository = Repository.root
    var arguments = [
      "-module-name", module, "-I", built.path,
      "-target", "\(try output(of: "uname", ["-m"]))-unknown-linux-gnu",
      "-minimum-access-level", "public", "-output-dir", folder.path,
    ]
    for cModule in ["CSDL2", "CSDL2Image", "CHarfBuzz", "CFontconfig", "CCmark"] {
      arguments += ["-I", repository.appendingPathComponent("Modules/\(cModule)").path]
    }
    // The core's C target: SwiftPM writes its module map beside its objects.
    arguments += [
      "-I", built.deletingLastPathComponent().appendingPathComponent("CICU.build").path,
    ]
    for flag in try output(of: "pkg-config", ["--cflags-only-I", "harfbuzz"]).split(separator: " ")
    {
      arguments += ["-Xcc", String(flag)]
    }
    try output(of: "swift-symbolgraph-extract", arguments)
    let data = try Data(contentsOf: folder.appendingPathComponent("\(module).symbols.json"))
    return try JSONDecoder().decode(Graph.self, from: data).symbols.filter {
      !$0.identifier.precise.contains("::SYNTHESIZED::")
        && $0.location?.uri.hasPrefix(repository.appendingPathComponent("Sources").absoluteString)
          == true
    }
  }

  @Test(arguments: modules) func everyPublicSymbolHasADocComment(module: String) throws {
    let symbols = try Self.declaredSymbols(of: module)
    #expect(symbols.count > 15, "\(module): found \(symbols.count) public symbols")
    for symbol in symbols {
      let text = symbol.docComment?.lines.map(\.text).joined() ?? ""
      let place = symbol.location.map {
        "\(URL(string: $0.uri)?.lastPathComponent ?? $0.uri):\($0.position.line + 1)"
      }
      #expect(
        !text.trimmingCharacters(in: .whitespaces).isEmpty,
        "\(module).\(symbol.pathComponents.joined(separator: ".")) (\(place ?? "?")) is public without a doc comment"
      )
    }
  }

  /// The public API as one table: a row a type, its members, and the first paragraph of what
  /// it says of itself.
  static func table() throws -> String {
    var rows = [
      "| module | type | kind | members | what it is |", "| --- | --- | --- | --- | --- |",
    ]
    for module in modules {
      let symbols = try declaredSymbols(of: module)
      let types = symbols.filter { $0.pathComponents.count == 1 }
        .sorted { $0.pathComponents[0] < $1.pathComponents[0] }
      for type in types {
        let members = symbols.filter {
          $0.pathComponents.count > 1 && $0.pathComponents[0] == type.pathComponents[0]
        }
        .map { $0.pathComponents.dropFirst().joined(separator: ".") }.sorted()
        let lines = type.docComment?.lines.map(\.text) ?? []
        let summary = lines.prefix { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
          .joined(separator: " ")
        let kind = type.kind.identifier.replacingOccurrences(of: "swift.", with: "")
        let cells = [
          module, "`\(type.pathComponents[0])`", kind,
          members.map { "`\($0)`" }.joined(separator: ", "), summary,
        ]
        rows.append(
          "| "
            + cells.map { $0.replacingOccurrences(of: "|", with: "\\|") }
            .joined(separator: " | ") + " |")
      }
    }
    return rows.joined(separator: "\n")
  }

  /// `docs/public-api.md` holds the table as the symbol graphs give it. A change to the public
  /// API fails here until the listing is copied from `.build/public-api.md`, which this writes.
  @Test func theListingIsTheSurface() throws {
    let listed = try String(contentsOf: Self.listing, encoding: .utf8)
    let table = try Self.table()
    let start = try #require(listed.range(of: "| module | type |"))
    let current = String(listed[..<start.lowerBound]) + table + "\n"
    guard current != listed else { return }
    let written = Repository.root.appendingPathComponent(".build/public-api.md")
    try current.write(to: written, atomically: true, encoding: .utf8)
    Issue.record(
      "the public API differs from docs/public-api.md: if that is meant, copy \(written.path) over it"
    )
  }
}
