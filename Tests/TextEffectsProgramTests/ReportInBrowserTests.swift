import Foundation
import Testing
import TextEffectsTestSupport

@testable import TextEffects
@testable import TextEffectsSDL

/// A suite's report looked at in a real browser.
@Suite(.threadOfItsOwn(.waiting)) struct ReportInBrowserTests {
  /// Debian's headless Chromium, which the report is looked at in; nil when not installed.
  static let chromium = ["/usr/bin/chromium-headless-shell", "/usr/bin/chromium"].first {
    FileManager.default.isExecutableFile(atPath: $0)
  }

  /// The report opened in a real browser: the suite's last case, broken, shows first, its
  /// red edge above every green one, its slider filled in by the page's script.
  @Test(
    .enabled(
      if: chromium != nil,
      "Chromium is not installed: apt-get install chromium-headless-shell to look at the report"))
  func theReportShowsTheFailingCaseFirstInABrowser() throws {
    let folder = try SuiteCheckTests.goldenSuiteCopy("suite-report")
    try FileManager.default.removeItem(at: folder.appendingPathComponent("decode-emoji-2x.png"))
    try FileManager.default.copyItem(
      at: folder.appendingPathComponent("decode-settled-2x.png"),
      to: folder.appendingPathComponent("decode-emoji-2x.png"))
    let report = folder.appendingPathComponent("report")
    let checked = try Executable.run([
      "--check", folder.appendingPathComponent("suite.json").path, "--report", report.path,
    ])
    #expect(checked.status == 1)
    let page = report.appendingPathComponent("index.html")
    #expect(checked.output.contains("report: \(page.path)\n"))
    let html = try String(contentsOf: page, encoding: .utf8)
    // Self-contained: nothing fetched from anywhere.
    #expect(!html.contains("http://") && !html.contains("https://") && !html.contains(" src=\"/"))

    let shot = folder.appendingPathComponent("report.png").path
    let browser = try browse(page, ["--window-size=1000,900", "--screenshot=\(shot)"])
    #expect(browser.status == 0, "\(browser.error)")
    let image = try PNGFile.read(shot)
    // Down the rows' coloured edge (x 24 to 38 in CSS pixels): the first edge met, a run of
    // one colour taller than any letter of the heading, is the failing row's red; the first
    // green edge comes below it.
    var edges: [(y: Int, red: Bool)] = []
    var run = (start: 0, length: 0, red: false)
    for y in 0..<image.height {
      let pixel = image[30, y]
      let red = pixel.red > 180 && pixel.green < 80 && pixel.blue < 80
      let green = pixel.green > 100 && pixel.red < 80 && pixel.blue < 80
      if (red || green) && run.length > 0 && run.red == red {
        run.length += 1
      } else {
        run = red || green ? (y, 1, red) : (y, 0, false)
      }
      if run.length == 60 { edges.append((run.start, run.red)) }
    }
    #expect(edges.first?.red == true, "the first row is not the failing one: \(edges)")
    #expect(edges.dropFirst().allSatisfy { !$0.red } && edges.count >= 2, "\(edges)")

    // The page's script ran: the slider's two images have their pictures.
    let dom = try browse(page, ["--dump-dom"]).output
    let failing = try #require(dom.range(of: "decode-emoji-2x"))
    #expect(dom.range(of: "typewriter-typing-1x")!.lowerBound > failing.lowerBound)
    #expect(dom.contains("class=\"under\" alt=\"expected\" src=\"data:image/png;base64,"))
  }

  /// Runs the browser headless on `page` with `options`.
  func browse(_ page: URL, _ options: [String]) throws -> Ran {
    try Executable.run(
      ["--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars"] + options
        + [page.absoluteString], executable: URL(fileURLWithPath: try #require(Self.chromium)))
  }
}
