import FoundationEssentials
import TextEffects

/// A visual regression suite: the frames a user cares about, each with its reference image in
/// the suite's folder and the tolerances it is compared with (Playwright's, by default the
/// goldens' own). Read from JSON, checked whole before anything is drawn, so a bad suite is one
/// line naming the case and the field.
package struct VisualSuite: Sendable, Equatable {
  /// One frame or more of one scene, drawn headless as `--screenshot` draws them.
  package struct Case: Sendable, Equatable {
    package var name: String
    package var scene: SceneKind
    /// The scene times to draw; one reference image each.
    package var times: [Double]
    /// True when the case gave `times` rather than `at`: each reference is then named with
    /// its time.
    package var namesTimes: Bool
    package var size: Size
    package var scale: Double
    package var settings: SceneSettings
    package var showsChrome: Bool
    package var comparison: ImageComparison

    /// The reference image of the frame at `time`: `NAME.png`, or `NAME-1.25s.png` for one of
    /// several times.
    package func referenceName(at time: Double) -> String {
      guard namesTimes else { return "\(name).png" }
      let seconds = time == time.rounded() ? String(Int(time)) : String(time)
      return "\(name)-\(seconds)s.png"
    }
  }

  package var cases: [Case]
  /// The tolerances for every case when the libraries that draw differ from those the
  /// references were made with (a new FreeType hints a little differently); nil keeps each
  /// case's own.
  package var whenLibrariesDiffer: ImageComparison?

  /// One line saying what is wrong with a suite and where.
  package struct Problem: Error, Equatable, CustomStringConvertible {
    package let description: String
  }

  /// Reads a suite's JSON; `readFile` reads a file it names (a trace) by the path as given,
  /// relative to the suite's folder.
  package static func parse(_ data: Data, readFile: (String) throws -> Data) throws(Problem)
    -> VisualSuite
  {
    let file: SuiteFile
    do {
      file = try JSONProblem.decode(SuiteFile.self, from: data, in: "the suite")
    } catch {
      throw Problem(description: error.description)
    }
    guard !file.cases.isEmpty else {
      throw Problem(description: "'cases' is empty: nothing to check")
    }
    var suite = VisualSuite(cases: [], whenLibrariesDiffer: nil)
    if let tolerances = file.whenLibrariesDiffer {
      do throws(Problem) {
        suite.whenLibrariesDiffer = try tolerances.comparison(over: ImageComparison())
      } catch {
        throw Problem(description: "whenLibrariesDiffer: \(error.description)")
      }
    }
    var names: [String: Int] = [:]
    for (index, raw) in file.cases.enumerated() {
      let place = "cases[\(index)]" + (raw.fields.name.map { " (\($0))" } ?? "")
      do throws(Problem) {
        let item = try raw.suiteCase(defaults: file.defaults, readFile: readFile)
        if let earlier = names[item.name] {
          throw Problem(description: "the name is already that of cases[\(earlier)]")
        }
        names[item.name] = index
        suite.cases.append(item)
      } catch {
        throw Problem(description: "\(place): \(error.description)")
      }
    }
    return suite
  }
}
