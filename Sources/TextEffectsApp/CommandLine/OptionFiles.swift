import FoundationEssentials
import Glibc
import TextEffects

/// The files and folders options name: read, or checked before anything is written.
extension CommandLineOptions {
  /// The file's text, kept exactly but for its final line break (the end of its last line, not
  /// part of it); bytes that are not UTF-8 become U+FFFD.
  static func readText(_ path: String) throws(UsageError) -> String {
    var text = String(decoding: try readFile(path, option: .textFile), as: UTF8.self)
    // By scalar, not by character: finding the last character walks back over a cluster, and
    // a file of a million accents is one cluster. A line break is a character of its own but
    // for CR LF.
    if let last = text.unicodeScalars.last, Character(last).isNewline {
      text.unicodeScalars.removeLast()
      if last == "\n", text.unicodeScalars.last == "\r" { text.unicodeScalars.removeLast() }
    }
    return text
  }

  /// The options whose file may be `-`, standard input or output, as for other programs: a
  /// text or trace read, an image written. A file watched or a report's folder has no such.
  static let takeStandardStreams: Set<Option> = [.textFile, .trace, .screenshot, .contactSheet]

  /// The bytes of the file an option names, or a one-line reason why not.
  static func readFile(_ path: String, option: Option) throws(UsageError) -> Data {
    let path = path == "-" && takeStandardStreams.contains(option) ? "/dev/stdin" : path
    try checkedInputPath(path, option: option)
    do throws(InputFile.Failure) {
      return try InputFile.read(path)
    } catch {
      switch error {
      case .tooLarge:
        throw UsageError(
          description: "\(option): \(path) is larger than \(InputFile.limitName), the most "
            + "text-effects reads; give a shorter file")
      case .unreadable(let reason):
        throw UsageError(description: "\(option): \(path) cannot be read (\(reason))")
      }
    }
  }

  /// A file to read: it exists and is not a folder.
  @discardableResult
  static func checkedInputPath(_ path: String, option: Option) throws(UsageError) -> String {
    guard FileManager.default.fileExists(atPath: path) else {
      throw UsageError(description: "\(option): \(path) does not exist")
    }
    if isFolder(path) {
      throw UsageError(description: "\(option): \(path) is a folder, not a file")
    }
    return path
  }

  /// A path a PNG can be written to: its folder exists and it is not itself a folder.
  static func checkedOutputPath(_ path: String, option: Option) throws(UsageError)
    -> String
  {
    guard !path.isEmpty else { throw UsageError(description: "\(option) needs a file name") }
    if path == "-" {
      guard takeStandardStreams.contains(option) else {
        throw UsageError(
          description: "\(option): - (standard output) is not taken here; give a file name")
      }
      return "/dev/stdout"
    }
    let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
    guard isFolder(folder) else {
      throw UsageError(description: "\(option): the folder \(folder) does not exist")
    }
    if isFolder(path) {
      throw UsageError(description: "\(option): \(path) is a folder, not a file name")
    }
    return path
  }

  /// A folder the frames can go in: it exists, or its parent does and it will be made.
  static func checkedFolder(_ path: String, option: Option = .out) throws(UsageError) -> String {
    guard !path.isEmpty else { throw UsageError(description: "\(option) needs a folder") }
    if isFolder(path) { return path }
    if FileManager.default.fileExists(atPath: path) {
      throw UsageError(description: "\(option): \(path) is a file, not a folder")
    }
    let parent = URL(fileURLWithPath: path).deletingLastPathComponent().path
    guard isFolder(parent) else {
      throw UsageError(description: "\(option): the folder \(parent) does not exist")
    }
    return path
  }

  /// `--check SUITE`: the suite read and checked whole, the files it names read from its folder.
  static func checkRequest(_ given: GivenOptions, path: String) throws(UsageError) -> CheckRequest {
    let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
    let data = try readFile(path, option: .check)
    do {
      let suite = try VisualSuite.parse(data) { name in
        try InputFile.read(URL(fileURLWithPath: name, relativeTo: folder).path)
      }
      return CheckRequest(
        path: path, suite: suite, folder: folder.path, updates: given.updates,
        reportDirectory: given.reportDirectory)
    } catch {
      throw UsageError(description: "\(Option.check): \(path): \(error.description)")
    }
  }

  static func isFolder(_ path: String) -> Bool {
    var status = stat()
    return stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR
  }
}
