import CJansson
import FoundationEssentials

/// Where JSON a person wrote breaks the grammar, read by Jansson before Foundation decodes it.
///
/// Foundation's decoder on Linux says only "not valid JSON", with no place, and takes a comma
/// before a closing bracket without a word. Jansson reads strictly (RFC 8259: no trailing
/// comma, no single quotes, no comments; a key given twice in one object refused too, since
/// only one of the two would count) and says the line, the column and what it expected.
package enum JSONSyntax {
  /// What is wrong with `data` as JSON, in one line that says where ("line 3, column 24: ..."),
  /// or nil when it is well-formed; `whole` names it ("the file"), and its first line is
  /// `firstLine` (a trace's line is one of a file's).
  package static func problem(in data: Data, whole: String, firstLine: Int = 1) -> String? {
    // Jansson stops at a NUL byte as at the end; JSON never holds one raw (a string says
    // \u0000).
    if let nul = data.firstIndex(of: 0) {
      let before = data[..<nul]
      let line = before.count { $0 == UInt8(ascii: "\n") } + 1
      let lineStart = before.lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? data.startIndex
      let column = String(decoding: data[lineStart..<nul], as: UTF8.self).count + 1
      return "line \(line + firstLine - 1), column \(column): a NUL byte, which JSON never holds; "
        + "remove it"
    }
    var error = json_error_t()
    // Whole numbers are read as numbers of any size (a seed may be up to 2^64-1), and a
    // string may hold \u0000, as Foundation reads them: only the grammar is checked here.
    let flags = JSON_DECODE_ANY | JSON_REJECT_DUPLICATES | JSON_DECODE_INT_AS_REAL | JSON_ALLOW_NUL
    let value = data.withUnsafeBytes { bytes in
      json_loadb(bytes.baseAddress, bytes.count, Int(flags), &error)
    }
    if let value {
      json_decref(value)
      return nil
    }
    let text = withUnsafeBytes(of: error.text) {
      String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
    }
    let code = json_error_code(&error)
    return describe(
      text, code: code, line: Int(error.line), column: Int(error.column), in: data, whole: whole,
      firstLine: firstLine)
  }

  /// Jansson's words for a mistake, as a person would say them, with the place it starts.
  private static func describe(
    _ text: String, code: json_error_code, line: Int, column: Int, in data: Data, whole: String,
    firstLine: Int
  ) -> String {
    if data.allSatisfy({ [0x20, 0x09, 0x0A, 0x0D].contains($0) }) {
      return "\(whole) is empty: give it a JSON object in braces, {...}"
    }
    // Jansson's text ends "near 'TOKEN'", and its column is the token's last character.
    var near = ""
    var words = text
    if let range = text.ranges(of: " near '").last, text.hasSuffix("'") {
      // Shown in one line: a control character in the token (a raw tab in a string) as JSON
      // would escape it.
      near = String(text[range.upperBound...].dropLast()).unicodeScalars.map { scalar in
        guard scalar.value < 0x20 || scalar.value == 0x7F else { return String(scalar) }
        let hex = String(scalar.value, radix: 16)
        return "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      }.joined()
      words = String(text[..<range.lowerBound])
    }
    let start = max(1, column - max(near.count, 1) + 1)
    let place = "line \(line + firstLine - 1), column \(start)"
    let before = lastCharacter(before: line, column: start, in: data)
    switch code {
    case json_error_premature_end_of_input:
      return "\(end(of: data, firstLine: firstLine)): the JSON ends before it is whole (a closing "
        + "'}', ']' or '\"' missing?)"
    case json_error_end_of_input_expected:
      return "\(place): '\(near)' follows the end of the JSON (one '}' or ']' too many?)"
    case json_error_duplicate_key:
      return "\(place): the key \(near) is given twice in one object; keep one"
    case json_error_invalid_utf8:
      return "\(place): not UTF-8 (\(words)); save the file as UTF-8"
    default: break
    }
    if near == "end of file" || text.hasSuffix("near end of file") {
      return "\(end(of: data, firstLine: firstLine)): the JSON ends before it is whole (a "
        + "closing '}' or ']' missing?)"
    }
    if before == ",", near == "]" || near == "}" {
      return
        "\(place): a comma before '\(near)' ends nothing; remove it (JSON has no trailing commas)"
    }
    switch words {
    case "']' expected":
      return "\(place): expected ',' or ']' before '\(near)' (a comma missing between two items?)"
    case "'}' expected":
      return "\(place): expected ',' or '}' before '\(near)' (a comma missing between two keys?)"
    case "string or '}' expected":
      return "\(place): expected a key in double quotes before '\(near)'"
    case "':' expected":
      return "\(place): expected ':' between a key and its value, before '\(near)'"
    case "invalid token", "unexpected token":
      return
        "\(place): '\(near)' is not a JSON value (a \"text\", a number, true, false, null, "
        + "[...] or {...})"
    default:
      return "\(place): \(words)" + (near.isEmpty ? "" : " before '\(near)'")
    }
  }

  /// Where more was wanted when the text ended: the place after its last character.
  private static func end(of data: Data, firstLine: Int) -> String {
    let lines = String(decoding: data, as: UTF8.self).split(
      separator: "\n", omittingEmptySubsequences: false)
    return "line \(lines.count + firstLine - 1), column \((lines.last?.count ?? 0) + 1)"
  }

  /// The last character before `line`:`column` (both from 1) that is not a space.
  private static func lastCharacter(before line: Int, column: Int, in data: Data) -> Character? {
    let lines = String(decoding: data, as: UTF8.self).split(
      separator: "\n", omittingEmptySubsequences: false)
    var text = lines.prefix(line - 1).joined(separator: "\n")
    if line - 1 < lines.count { text += "\n" + lines[line - 1].prefix(column - 1) }
    return text.last { !$0.isWhitespace }
  }
}
