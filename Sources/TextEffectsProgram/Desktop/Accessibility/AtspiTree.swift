import TextEffects
import TextEffectsApp

/// The window as AT-SPI2's objects: the application (`root`), its one frame, and the frame's
/// parts, each named by its part's id so that it stays the same object while its text and
/// state change. What the server answers from, one snapshot at a time.
struct AtspiTree {
  typealias Role = AtspiVocabulary.Role
  typealias State = AtspiVocabulary.State

  var window = AccessibleWindow(title: "TextEffects", parts: [])
  /// The window has the keyboard: its frame is active and its first text focused.
  var isActive = false
  /// Where the window's top-left corner is on the screen, and screen units per point.
  var origin = Point(x: 0, y: 0)
  var scale = 1.0
  /// The window's size in points.
  var size = Size(width: 0, height: 0)

  /// An object: the application, the frame, or one of the parts.
  enum Node: Equatable {
    case root, frame
    case part(AccessiblePart)
  }

  func node(_ name: String) -> Node? {
    switch name {
    case AtspiVocabulary.rootNode: .root
    case AtspiVocabulary.frameNode: .frame
    default: window.allParts.first { $0.id == name }.map(Node.part)
    }
  }

  /// Every object's name, for D-Bus to list.
  var names: [String] {
    [AtspiVocabulary.rootNode, AtspiVocabulary.frameNode] + window.allParts.map(\.id)
  }

  func children(of name: String) -> [String] {
    switch node(name) {
    case .root: [AtspiVocabulary.frameNode]
    case .frame: window.parts.map(\.id)
    case .part(let part): part.parts.map(\.id)
    case nil: []
    }
  }

  /// The object it is a child of; nil for the application, whose parent is the desktop.
  func parent(of name: String) -> String? {
    switch node(name) {
    case .root, nil: nil
    case .frame: AtspiVocabulary.rootNode
    case .part(let part):
      window.parts.contains(part)
        ? AtspiVocabulary.frameNode
        : window.parts.first { $0.parts.contains(part) }?.id
    }
  }

  func indexInParent(of name: String) -> Int {
    parent(of: name).flatMap { children(of: $0).firstIndex(of: name) } ?? -1
  }

  func role(of name: String) -> Role {
    switch node(name) {
    case .root, nil: .application
    case .frame: .frame
    case .part(let part): Role(part.role)
    }
  }

  func name(of name: String) -> String {
    switch node(name) {
    case .root: "text-effects"
    case .frame: window.title
    case .part(let part): part.name
    case nil: ""
    }
  }

  /// The part a reader's focus is on while the window is active: its first text.
  var focusableText: String? {
    window.allParts.first { $0.role == .label }?.id
  }

  func states(of name: String) -> Set<State> {
    guard let node = node(name), node != .root else { return [] }
    var states: Set<State> = [.enabled, .sensitive, .showing, .visible]
    switch node {
    case .root: break
    case .frame: if isActive { states.insert(.active) }
    case .part(let part):
      switch part.role {
      case .label, .pushButton: states.insert(.focusable)
      case .pageTabList: break
      case .pageTab:
        states.formUnion([.focusable, .selectable])
        if part.isOn { states.insert(.selected) }
      case .toggleButton:
        states.formUnion([.focusable, .checkable])
        if part.isOn { states.formUnion([.checked, .pressed]) }
      }
      if isActive, part.id == focusableText { states.insert(.focused) }
    }
    return states
  }

  func interfaces(of name: String) -> [String] {
    switch node(name) {
    case .root: [AtspiVocabulary.accessible, AtspiVocabulary.application]
    case .frame: [AtspiVocabulary.accessible, AtspiVocabulary.component]
    case .part(let part):
      [AtspiVocabulary.accessible, AtspiVocabulary.component]
        + (part.role == .label ? [AtspiVocabulary.text] : [])
        + (part.press != nil ? [AtspiVocabulary.action] : [])
    case nil: []
    }
  }

  /// Where the object is, in points in the window.
  func frame(of name: String) -> Rect {
    switch node(name) {
    case .part(let part): part.frame
    default: Rect(x: 0, y: 0, width: size.width, height: size.height)
    }
  }

  /// `frame(of:)` in AT-SPI's coordinates: 0 the screen's, 1 the window's, 2 the parent's.
  func extents(of name: String, in coordinates: UInt32) -> (x: Int32, y: Int32, w: Int32, h: Int32)
  {
    var rect = frame(of: name)
    if coordinates == 2, let parent = parent(of: name), parent != AtspiVocabulary.rootNode {
      let outer = frame(of: parent)
      rect = Rect(
        x: rect.minX - outer.minX, y: rect.minY - outer.minY, width: rect.width,
        height: rect.height)
    }
    let shift = coordinates == 0 ? origin : Point(x: 0, y: 0)
    func screen(_ value: Double) -> Int32 {
      value.isNaN ? 0 : Int32(min(max(value.rounded(), -1e9), 1e9))
    }
    return (
      screen(shift.x + rect.minX * scale), screen(shift.y + rect.minY * scale),
      screen(rect.width * scale), screen(rect.height * scale)
    )
  }

  /// The deepest part at the point (`x`, `y`) in `coordinates`, if any.
  func part(atX x: Int32, y: Int32, in coordinates: UInt32) -> String? {
    window.allParts.reversed().first { part in
      let box = extents(of: part.id, in: coordinates == 2 ? 1 : coordinates)
      return x >= box.x && y >= box.y && x < box.x + box.w && y < box.y + box.h
    }?.id
  }
}
