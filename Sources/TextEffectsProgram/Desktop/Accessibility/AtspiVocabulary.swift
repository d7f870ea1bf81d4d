import TextEffectsApp

/// AT-SPI2's words for what the window holds: roles, states and the interfaces served, as
/// at-spi2-core 2.46 defines them (atspi-constants.h and xml/*.xml).
enum AtspiVocabulary {
  static let accessible = "org.a11y.atspi.Accessible"
  static let application = "org.a11y.atspi.Application"
  static let component = "org.a11y.atspi.Component"
  static let text = "org.a11y.atspi.Text"
  static let action = "org.a11y.atspi.Action"
  /// Where every accessible object is: the application's root must be `…/root`, which
  /// libatspi recognises as an application's.
  static let pathPrefix = "/org/a11y/atspi/accessible"
  static let rootNode = "root"
  static let frameNode = "frame"
  static let nullPath = "/org/a11y/atspi/null"

  /// `AtspiRole`'s numbers.
  enum Role: UInt32 {
    case application = 75
    case frame = 23
    case label = 29
    case pageTabList = 38
    case pageTab = 37
    case toggleButton = 62
    case pushButton = 43

    init(_ role: AccessiblePart.Role) {
      switch role {
      case .label: self = .label
      case .pageTabList: self = .pageTabList
      case .pageTab: self = .pageTab
      case .toggleButton: self = .toggleButton
      case .pushButton: self = .pushButton
      }
    }

    /// The role's name as `atspi_role_get_name` gives it.
    var name: String {
      switch self {
      case .application: "application"
      case .frame: "frame"
      case .label: "label"
      case .pageTabList: "page tab list"
      case .pageTab: "page tab"
      case .toggleButton: "toggle button"
      case .pushButton: "push button"
      }
    }
  }

  /// `AtspiStateType`'s numbers: bit n of a state set's 64.
  enum State: Int {
    case active = 1
    case checked = 4
    case enabled = 8
    case focusable = 11
    case focused = 12
    case pressed = 20
    case selectable = 22
    case selected = 23
    case sensitive = 24
    case showing = 25
    case visible = 30
    case checkable = 41
  }

  /// A state set as `GetState` answers it: two 32-bit words, state n in bit n % 32 of word
  /// n / 32.
  static func words(_ states: Set<State>) -> [UInt32] {
    var words: [UInt32] = [0, 0]
    for state in states { words[state.rawValue / 32] |= 1 << UInt32(state.rawValue % 32) }
    return words
  }

  /// The interfaces served, as D-Bus introspection: the parts of at-spi2-core's definitions a
  /// screen reader reads this window by. A call to anything else gets D-Bus's "unknown
  /// method".
  static let introspection = """
    <node>
      <interface name="org.a11y.atspi.Accessible">
        <property name="Name" type="s" access="read"/>
        <property name="Description" type="s" access="read"/>
        <property name="Parent" type="(so)" access="read"/>
        <property name="ChildCount" type="i" access="read"/>
        <property name="Locale" type="s" access="read"/>
        <property name="AccessibleId" type="s" access="read"/>
        <method name="GetChildAtIndex"><arg direction="in" type="i"/><arg direction="out" type="(so)"/></method>
        <method name="GetChildren"><arg direction="out" type="a(so)"/></method>
        <method name="GetIndexInParent"><arg direction="out" type="i"/></method>
        <method name="GetRelationSet"><arg direction="out" type="a(ua(so))"/></method>
        <method name="GetRole"><arg direction="out" type="u"/></method>
        <method name="GetRoleName"><arg direction="out" type="s"/></method>
        <method name="GetLocalizedRoleName"><arg direction="out" type="s"/></method>
        <method name="GetState"><arg direction="out" type="au"/></method>
        <method name="GetAttributes"><arg direction="out" type="a{ss}"/></method>
        <method name="GetApplication"><arg direction="out" type="(so)"/></method>
        <method name="GetInterfaces"><arg direction="out" type="as"/></method>
      </interface>
      <interface name="org.a11y.atspi.Application">
        <property name="ToolkitName" type="s" access="read"/>
        <property name="Version" type="s" access="read"/>
        <property name="AtspiVersion" type="s" access="read"/>
        <property name="Id" type="i" access="readwrite"/>
        <method name="GetLocale"><arg direction="in" type="u"/><arg direction="out" type="s"/></method>
        <method name="GetApplicationBusAddress"><arg direction="out" type="s"/></method>
      </interface>
      <interface name="org.a11y.atspi.Component">
        <method name="Contains"><arg direction="in" type="i"/><arg direction="in" type="i"/><arg direction="in" type="u"/><arg direction="out" type="b"/></method>
        <method name="GetAccessibleAtPoint"><arg direction="in" type="i"/><arg direction="in" type="i"/><arg direction="in" type="u"/><arg direction="out" type="(so)"/></method>
        <method name="GetExtents"><arg direction="in" type="u"/><arg direction="out" type="(iiii)"/></method>
        <method name="GetPosition"><arg direction="in" type="u"/><arg direction="out" type="i"/><arg direction="out" type="i"/></method>
        <method name="GetSize"><arg direction="out" type="i"/><arg direction="out" type="i"/></method>
        <method name="GetLayer"><arg direction="out" type="u"/></method>
        <method name="GetMDIZOrder"><arg direction="out" type="n"/></method>
        <method name="GrabFocus"><arg direction="out" type="b"/></method>
        <method name="GetAlpha"><arg direction="out" type="d"/></method>
      </interface>
      <interface name="org.a11y.atspi.Text">
        <property name="CharacterCount" type="i" access="read"/>
        <property name="CaretOffset" type="i" access="read"/>
        <method name="GetText"><arg direction="in" type="i"/><arg direction="in" type="i"/><arg direction="out" type="s"/></method>
        <method name="GetCharacterAtOffset"><arg direction="in" type="i"/><arg direction="out" type="i"/></method>
        <method name="GetTextAtOffset"><arg direction="in" type="i"/><arg direction="in" type="u"/><arg direction="out" type="s"/><arg direction="out" type="i"/><arg direction="out" type="i"/></method>
        <method name="GetStringAtOffset"><arg direction="in" type="i"/><arg direction="in" type="u"/><arg direction="out" type="s"/><arg direction="out" type="i"/><arg direction="out" type="i"/></method>
        <method name="GetNSelections"><arg direction="out" type="i"/></method>
        <method name="GetAttributes"><arg direction="in" type="i"/><arg direction="out" type="a{ss}"/><arg direction="out" type="i"/><arg direction="out" type="i"/></method>
        <method name="GetDefaultAttributes"><arg direction="out" type="a{ss}"/></method>
        <method name="GetDefaultAttributeSet"><arg direction="out" type="a{ss}"/></method>
        <method name="GetCharacterExtents"><arg direction="in" type="i"/><arg direction="in" type="u"/><arg direction="out" type="i"/><arg direction="out" type="i"/><arg direction="out" type="i"/><arg direction="out" type="i"/></method>
        <method name="GetRangeExtents"><arg direction="in" type="i"/><arg direction="in" type="i"/><arg direction="in" type="u"/><arg direction="out" type="i"/><arg direction="out" type="i"/><arg direction="out" type="i"/><arg direction="out" type="i"/></method>
        <method name="GetOffsetAtPoint"><arg direction="in" type="i"/><arg direction="in" type="i"/><arg direction="in" type="u"/><arg direction="out" type="i"/></method>
      </interface>
      <interface name="org.a11y.atspi.Action">
        <property name="NActions" type="i" access="read"/>
        <method name="GetDescription"><arg direction="in" type="i"/><arg direction="out" type="s"/></method>
        <method name="GetName"><arg direction="in" type="i"/><arg direction="out" type="s"/></method>
        <method name="GetLocalizedName"><arg direction="in" type="i"/><arg direction="out" type="s"/></method>
        <method name="GetKeyBinding"><arg direction="in" type="i"/><arg direction="out" type="s"/></method>
        <method name="GetActions"><arg direction="out" type="a(sss)"/></method>
        <method name="DoAction"><arg direction="in" type="i"/><arg direction="out" type="b"/></method>
      </interface>
    </node>
    """
}
