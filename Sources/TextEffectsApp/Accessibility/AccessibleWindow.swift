import TextEffects

/// The window as a screen reader is given it: its title and its parts in reading order, each a
/// text to read or a control to press. Decorations have no part, as the seeds say: the
/// typewriter's dots are `.accessibilityHidden(true)`, the glitch's coloured copies are
/// `.accessibilityRepresentation { EmptyView() }`, and a text that types or fades in is one
/// element labelled with the whole of it (`.accessibilityElement(children: .ignore)`,
/// `.accessibilityLabel(text)`).
package struct AccessibleWindow: Equatable, Sendable {
  package var title: String
  package var parts: [AccessiblePart]

  package init(title: String, parts: [AccessiblePart]) {
    self.title = title
    self.parts = parts
  }

  /// Every part, each before its own parts: reading order.
  package var allParts: [AccessiblePart] {
    parts.flatMap { [$0] + $0.parts }
  }
}

/// One part of the window a screen reader knows: a text, the tabs and each tab, a switch or a
/// button.
package struct AccessiblePart: Equatable, Sendable {
  package enum Role: Equatable, Sendable {
    /// Text to read; its name is all of it.
    case label
    /// The scene tabs; its parts are `pageTab`s.
    case pageTabList
    case pageTab
    /// A switch, such as Reduce Motion: `isOn` says where it stands.
    case toggleButton
    case pushButton
  }

  /// Which part it is, the same from one moment to the next ("tab-glitch", "text-0"): what a
  /// screen reader's object stands for, while the part's name and state change.
  package var id: String
  package var role: Role
  /// What is read: the whole text, or the control's label.
  package var name: String
  /// Where it is, in the window's points.
  package var frame: Rect
  /// The switch is on, or the tab is the one shown.
  package var isOn = false
  /// What pressing it does; nil for a text.
  package var press: Control?
  /// A text that grows as it arrives (a live answer): its sentences are told as each is
  /// complete, rather than the whole at once.
  package var grows = false
  package var parts: [AccessiblePart] = []

  package init(
    id: String, role: Role, name: String, frame: Rect, isOn: Bool = false,
    press: Control? = nil, grows: Bool = false, parts: [AccessiblePart] = []
  ) {
    self.id = id
    self.role = role
    self.name = name
    self.frame = frame
    self.isOn = isOn
    self.press = press
    self.grows = grows
    self.parts = parts
  }
}

/// What a scene says of itself to a screen reader: one of its texts, whole.
package struct SpokenText: Equatable, Sendable {
  /// All of the text, whatever part of it shows yet.
  package var text: String
  /// It grows as it arrives, from standard input or a stream's chunks.
  package var grows: Bool

  package init(_ text: String, grows: Bool = false) {
    self.text = text
    self.grows = grows
  }
}
