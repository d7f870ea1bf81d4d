/// Text as a program writes it to a terminal (`ollama run`, with its spinner and its cursor
/// moves), turned into the text a person reads: escape sequences (CSI, OSC, the string and
/// two-character ones) are removed, and a line the cursor goes back over is rewritten as a
/// terminal rewrites it, so a spinner's frames never reach the screen.
///
/// Text is handed on as it comes until the program first moves its cursor back or erases; from
/// then on a line is held until its text runs on for ``settledRun`` characters without the
/// cursor moving (a spinner's frame or a progress count is a few characters, a model's line is
/// longer), or until it ends, so that a spinner's frames never flash. Text already handed on
/// that the program writes over or erases (a word `ollama run` wraps to the next line, a line
/// it clears) is taken back (``TextEdit/retracted``) and handed on as it now reads: nothing the
/// program wrote is lost, and nothing shows twice; retyping what was shown changes nothing. The
/// decision rests on the text alone, never on where its pieces were cut.
package struct TerminalText: Sendable {
  /// How many characters must follow a line's start or a cursor move for its text to be taken
  /// as settled.
  package static let settledRun = 24
  /// The characters of a line kept for rewriting; a longer line keeps its end, this long at
  /// least and twice as long at most.
  package static let lineLimit = 4_096
  /// The furthest column a forward move reaches past a line's end, as a wide terminal's edge
  /// stops it: a move of billions of columns is a gap no wider than a screen.
  package static let columnLimit = 512

  private enum State: Sendable {
    case text
    /// After ESC: a sequence's kind comes next.
    case escape
    /// ESC followed by intermediates (ESC ( B): the final character ends it.
    case escapeIntermediate
    /// Control Sequence: parameters, then a final character from @ to ~.
    case controlSequence(parameters: String)
    /// An operating system command or another string: it runs to BEL or ESC \.
    case string
    /// An ESC inside a string: a backslash ends the string.
    case stringEscape
  }

  private var state = State.text
  private var line: [Unicode.Scalar] = []
  private var cursor = 0
  /// How much of the line has been handed on, as a length: text written past it is new.
  private var handedOn = 0
  /// The first column handed on that the program has written over or erased since.
  private var changedFrom: Int?
  /// Characters written since the last control on this line.
  private var run = 0
  /// The program has moved its cursor back or erased: lines are held until they settle.
  private var rewrites = false
  /// A carriage return came last: whether it ends a line or goes back over it, the next
  /// character says.
  private var isAfterCarriageReturn = false

  package init() {}

  /// What `piece`, the next part of what the program wrote, changes for a reader.
  package mutating func read(_ piece: String) -> TextEdit {
    // Gathered in an array, which grows by doubling, and made a string once.
    var out = Output()
    for scalar in piece.unicodeScalars { take(scalar, into: &out) }
    return out.edit
  }

  /// The end of the stream: what the last line holds back.
  package mutating func finish() -> TextEdit {
    var out = Output()
    handOn(upTo: line.count, into: &out)
    return out.edit
  }

  /// What a read hands on: scalars taken back from what was handed on before, then new ones.
  private struct Output {
    var retracted = 0
    var scalars: [Unicode.Scalar] = []

    mutating func takeBack(_ count: Int) {
      let here = min(count, scalars.count)
      scalars.removeLast(here)
      retracted += count - here
    }

    var edit: TextEdit {
      TextEdit(retracted: retracted, added: String(String.UnicodeScalarView(scalars)))
    }
  }

  private mutating func take(_ scalar: Unicode.Scalar, into out: inout Output) {
    switch state {
    case .text: write(scalar, into: &out)
    case .escape:
      switch scalar {
      case "[": state = .controlSequence(parameters: "")
      case "]", "P", "X", "^", "_": state = .string
      case " "..."/": state = .escapeIntermediate
      default: state = .text
      }
    case .escapeIntermediate:
      if !(" "..."/").contains(scalar) { state = .text }
    case .controlSequence(let parameters):
      if ("@"..."~").contains(scalar) {
        state = .text
        control(scalar, parameters: parameters)
      } else if parameters.unicodeScalars.count < 32 {
        state = .controlSequence(parameters: parameters + String(scalar))
      }
    case .string:
      if scalar == "\u{7}" || scalar == "\u{9C}" {
        state = .text
      } else if scalar == "\u{1B}" {
        state = .stringEscape
      }
    case .stringEscape:
      state = scalar == "\\" ? .text : .string
    }
  }

  private mutating func write(_ scalar: Unicode.Scalar, into out: inout Output) {
    if isAfterCarriageReturn {
      isAfterCarriageReturn = false
      // CR LF ends a line, as a file written on Windows does; a CR alone goes back over it.
      if scalar != "\n" { moveBack(to: 0) }
    }
    switch scalar {
    case "\u{1B}": state = .escape
    case "\u{9B}": state = .controlSequence(parameters: "")
    case "\u{9D}", "\u{90}", "\u{98}", "\u{9E}", "\u{9F}": state = .string
    case "\n":
      handOn(upTo: line.count, into: &out)
      out.scalars.append("\n")
      line.removeAll(keepingCapacity: true)
      cursor = 0
      handedOn = 0
      run = 0
    case "\r": isAfterCarriageReturn = true
    case "\u{8}": moveBack(to: cursor - 1)
    case "\t":
      put(scalar, into: &out)
    default:
      // Other controls (a bell, C1 codes) show nothing.
      if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) { return }
      put(scalar, into: &out)
    }
  }

  /// Writes `scalar` at the cursor, over what is there, and hands on what has settled.
  private mutating func put(_ scalar: Unicode.Scalar, into out: inout Output) {
    if cursor < line.count {
      if line[cursor] != scalar { changed(from: cursor) }
      line[cursor] = scalar
    } else {
      changed(from: line.count)
      line.append(contentsOf: repeatElement(" ", count: cursor - line.count))
      line.append(scalar)
    }
    cursor += 1
    run += 1
    if line.count >= 2 * Self.lineLimit {
      // Only the line's end is kept, cut a half at a time so that a line that never ends costs
      // the same for each character: what goes was handed on long ago.
      let cut = line.count - Self.lineLimit
      handOn(upTo: max(cut, handedOn), into: &out)
      line.removeFirst(cut)
      cursor -= cut
      handedOn = max(handedOn - cut, 0)
    }
    if !rewrites || run >= Self.settledRun, cursor == line.count {
      handOn(upTo: line.count, into: &out)
    }
  }

  private mutating func handOn(upTo end: Int, into out: inout Output) {
    if let changed = changedFrom, changed < handedOn {
      out.takeBack(handedOn - changed)
      handedOn = changed
    }
    changedFrom = nil
    guard end > handedOn else { return }
    out.scalars.append(contentsOf: line[handedOn..<end])
    handedOn = end
  }

  /// The line changed from `column` on: what was handed on from there is to be taken back.
  private mutating func changed(from column: Int) {
    guard column < handedOn else { return }
    changedFrom = min(changedFrom ?? column, column)
  }

  private mutating func moveBack(to column: Int) {
    cursor = min(max(column, 0), line.count)
    run = 0
    rewrites = true
  }

  /// A control sequence ending in `final`: the cursor moves and erases are followed, the
  /// rest (colours, showing or hiding the cursor) show nothing.
  private mutating func control(_ final: Unicode.Scalar, parameters: String) {
    let count = Int(parameters.split(separator: ";").first ?? "") ?? 0
    switch final {
    case "G": moveBack(to: max(count, 1) - 1)
    case "D": moveBack(to: cursor - max(count, 1))
    case "C":
      cursor = min(cursor + min(max(count, 1), Self.columnLimit), max(line.count, Self.columnLimit))
      run = 0
    case "K":
      run = 0
      rewrites = true
      switch count {
      case 1:
        let erased = min(cursor, line.count)
        if line[..<erased].contains(where: { $0 != " " }) { changed(from: 0) }
        line.replaceSubrange(0..<erased, with: repeatElement(" ", count: erased))
      case 2:
        changed(from: 0)
        line.removeAll(keepingCapacity: true)
      default:
        if cursor < line.count {
          changed(from: cursor)
          line.removeSubrange(cursor...)
        }
      }
    case "A", "B", "E", "F", "H", "f", "J": moveBack(to: 0)
    default: break
    }
  }
}
