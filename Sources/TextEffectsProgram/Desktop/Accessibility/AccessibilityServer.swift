import CGio
import FoundationEssentials
import Synchronization
import TextEffects
import TextEffectsApp

// Sections: State, What the window tells, Following the accessibility bus, Serving objects

/// The window to screen readers: an AT-SPI2 application on the accessibility bus, over GIO's
/// GDBus, as GTK and AccessKit are. SDL has no accessibility of its own.
///
/// It connects only while the accessibility bus says a reader may listen (`org.a11y.Status`:
/// `IsEnabled` or `ScreenReaderEnabled`; Orca sets it), and follows it turning on and off; a
/// program given `AT_SPI_BUS_ADDRESS` is taken to want it. Without a session bus, or with
/// accessibility off, it holds no connection, the window asks nothing of it per frame, and
/// nothing is printed. It answers readers' calls on the program's I/O loop (GLib's) from
/// the last snapshot the window published; a reader's press comes back to the window through
/// `takePresses()`.
package final class AccessibilityServer: @unchecked Sendable {
  // MARK: State

  /// Whether a reader may listen: the window publishes what it shows only then.
  private let listening = Atomic<Bool>(false)
  private let lock = Condition()
  /// The window published since the server connected.
  private var hasPublished = false
  private var tree = AtspiTree()
  private var changes = AccessibleChanges()
  private var presses: [Control] = []
  /// The accessibility bus while connected, with this program's name on it, the desktop the
  /// registry put it under and the id it gave.
  private var bus: OpaquePointer?
  private var busName = ""
  private var desktop = (bus: "", path: AtspiVocabulary.nullPath)
  private var applicationID: Int32 = 0
  private var subtree: UInt32 = 0
  private var session: OpaquePointer?
  private var wake: (@Sendable () -> Void)?
  private let environment: [String: String]

  package init(environment: [String: String] = ProcessInfo.processInfo.environment) {
    self.environment = environment
  }

  /// Whether the window should publish what it shows.
  package var isListening: Bool { listening.load(ordering: .acquiring) }

  /// Starts following the accessibility bus on `loop`; `wake` is called on the loop's thread
  /// when a reader pressed a control.
  package func start(on loop: IOLoop, wake: @escaping @Sendable () -> Void) {
    self.wake = wake
    loop.perform { [self] in follow(on: loop) }
  }

  // MARK: What the window tells

  /// What the window shows now, where it is on the screen (`origin`, in screen units, with
  /// `scale` of them a point), its size in points, and whether it has the keyboard. Tells
  /// readers what changed: names, switches, focus, and the words to say.
  package func publish(
    _ window: AccessibleWindow, isActive: Bool, origin: Point, scale: Double, size: Size
  ) {
    lock.lock()
    let wasActive = tree.isActive
    tree.window = window
    tree.isActive = isActive
    tree.origin = origin
    tree.scale = scale
    tree.size = size
    let events = changes.update(to: window)
    hasPublished = true
    lock.broadcast()
    let focused = tree.focusableText
    // Held while its signals go out: the I/O loop may let the bus go meanwhile.
    let connection = bus.flatMap { OpaquePointer(g_object_ref(UnsafeMutableRawPointer($0))) }
    lock.unlock()
    guard let connection else { return }
    defer { g_object_unref(UnsafeMutableRawPointer(connection)) }
    if isActive != wasActive {
      emit(
        on: connection, from: AtspiVocabulary.frameNode, "org.a11y.atspi.Event.Window",
        isActive ? "Activate" : "Deactivate", detail: "", value: Variants.string(window.title))
      emit(
        on: connection, from: AtspiVocabulary.frameNode, "org.a11y.atspi.Event.Object",
        "StateChanged", detail: "active", one: isActive)
      if let focused {
        emit(
          on: connection, from: focused, "org.a11y.atspi.Event.Object", "StateChanged",
          detail: "focused", one: isActive)
      }
    }
    for event in events { tell(event, on: connection) }
  }

  /// The controls readers pressed since the last take, in order.
  package func takePresses() -> [Control] {
    lock.lock()
    defer {
      presses.removeAll()
      lock.unlock()
    }
    return presses
  }

  private func tell(_ event: AccessibleChanges.Event, on connection: OpaquePointer) {
    let object = "org.a11y.atspi.Event.Object"
    switch event {
    case .titleChanged(let title):
      emit(
        on: connection, from: AtspiVocabulary.frameNode, object, "PropertyChange",
        detail: "accessible-name", value: Variants.string(title))
    case .nameChanged(let id, let name):
      emit(
        on: connection, from: id, object, "PropertyChange", detail: "accessible-name",
        value: Variants.string(name))
    case .switched(let id, let isOn):
      for detail in ["checked", "pressed", "selected"] {
        emit(on: connection, from: id, object, "StateChanged", detail: detail, one: isOn)
      }
    case .announce(let id, let text):
      // Politeness 1: polite, after what the reader is saying.
      emit(
        on: connection, from: id, object, "Announcement", detail: "", one: true,
        value: Variants.string(text))
    }
  }

  /// Sends an AT-SPI event, `(siiva{sv})`, from object `node`.
  private func emit(
    on connection: OpaquePointer, from node: String, _ interface: String, _ member: String,
    detail: String, one: Bool = false, value: OpaquePointer? = nil
  ) {
    let parameters = Variants.tuple([
      Variants.string(detail), Variants.int32(one ? 1 : 0), Variants.int32(0),
      Variants.boxed(value ?? Variants.int32(0)), Variants.array(of: "{sv}", []),
    ])
    g_dbus_connection_emit_signal(
      connection, nil, AtspiVocabulary.pathPrefix + "/" + node, interface, member, parameters,
      nil)
  }

  // MARK: Following the accessibility bus

  /// Connects, or watches the session bus for a reader turning accessibility on, on the
  /// loop's thread, where GDBus then calls back; the session bus's connection is the one the
  /// desktop watcher uses too.
  private func follow(on loop: IOLoop) {
    if let address = environment["AT_SPI_BUS_ADDRESS"], !address.isEmpty {
      connect(to: address)
    } else if let address = PortalSettings.sessionBusAddress(environment: environment),
      let session = loop.bus(at: address)
    {
      self.session = session
      let me = Unmanaged.passUnretained(self).toOpaque()
      // The bus launcher starts with the first reader; until then there is nothing to ask.
      g_bus_watch_name_on_connection(
        session, "org.a11y.Bus", G_BUS_NAME_WATCHER_FLAGS_NONE,
        { _, _, _, server in AccessibilityServer.from(server).followStatus() },
        { _, _, server in AccessibilityServer.from(server).disconnect() }, me, nil)
      g_dbus_connection_signal_subscribe(
        session, "org.a11y.Bus", "org.freedesktop.DBus.Properties", "PropertiesChanged",
        "/org/a11y/bus", "org.a11y.Status", G_DBUS_SIGNAL_FLAGS_NONE,
        { _, _, _, _, _, _, server in AccessibilityServer.from(server).followStatus() }, me, nil)
    }
  }

  private static func from(_ pointer: UnsafeMutableRawPointer?) -> AccessibilityServer {
    Unmanaged<AccessibilityServer>.fromOpaque(pointer!).takeUnretainedValue()
  }

  /// Reads whether a reader may listen, and connects or lets go to match.
  private func followStatus() {
    guard let session else { return }
    let enabled = ["IsEnabled", "ScreenReaderEnabled"].contains { property in
      Self.call(
        on: session, "org.a11y.Bus", "/org/a11y/bus", "org.freedesktop.DBus.Properties", "Get",
        Variants.tuple([Variants.string("org.a11y.Status"), Variants.string(property)]),
        replying: "(v)"
      ).map { reply in
        defer { g_variant_unref(reply) }
        guard let boxed = g_variant_get_child_value(reply, 0) else { return false }
        defer { g_variant_unref(boxed) }
        return DesktopValue(boxed) == .flag(true)
      } ?? false
    }
    lock.lock()
    let isConnected = bus != nil
    lock.unlock()
    if enabled, !isConnected {
      let reply = Self.call(
        on: session, "org.a11y.Bus", "/org/a11y/bus", "org.a11y.Bus", "GetAddress", nil,
        replying: "(s)")
      if let reply, let address = string(at: 0, of: reply) { connect(to: address) }
      if let reply { g_variant_unref(reply) }
    } else if !enabled, isConnected {
      disconnect()
    }
  }

  /// Joins the accessibility bus at `address`: serves the objects, then asks the registry to
  /// put the application on the desktop.
  private func connect(to address: String) {
    guard let connection = PortalSettings.connect(to: address) else { return }
    busName = g_dbus_connection_get_unique_name(connection).map { String(cString: $0) } ?? ""
    let me = Unmanaged.passUnretained(self).toOpaque()
    subtree = g_dbus_connection_register_subtree(
      connection, AtspiVocabulary.pathPrefix, UnsafePointer(AtspiObjects.subtree),
      G_DBUS_SUBTREE_FLAGS_DISPATCH_TO_UNENUMERATED_NODES, me, nil, nil)
    // The window tells what it shows before the registry puts it on the desktop, so that a
    // reader never finds it empty: a second at most, for a window still opening.
    lock.lock()
    bus = connection
    changes = AccessibleChanges()
    hasPublished = false
    lock.unlock()
    listening.store(true, ordering: .releasing)
    wake?()
    lock.lock()
    let deadline = Date(timeIntervalSinceNow: 1)
    while !hasPublished, lock.wait(until: deadline) {}
    lock.unlock()
    let reply = Self.call(
      on: connection, "org.a11y.atspi.Registry", AtspiVocabulary.pathPrefix + "/root",
      "org.a11y.atspi.Socket", "Embed",
      Variants.tuple([
        Variants.reference(busName, AtspiVocabulary.pathPrefix + "/" + AtspiVocabulary.rootNode)
      ]), replying: "((so))", startingIt: true)
    lock.lock()
    if let reply, let parent = g_variant_get_child_value(reply, 0) {
      if let bus = string(at: 0, of: parent),
        let path = g_variant_get_child_value(parent, 1)
      {
        desktop = (bus, String(cString: g_variant_get_string(path, nil)))
        g_variant_unref(path)
      }
      g_variant_unref(parent)
    }
    lock.unlock()
    if let reply { g_variant_unref(reply) }
  }

  /// Leaves the accessibility bus: no reader is listening.
  private func disconnect() {
    listening.store(false, ordering: .releasing)
    lock.lock()
    let connection = bus
    bus = nil
    lock.unlock()
    guard let connection else { return }
    g_dbus_connection_unregister_subtree(connection, subtree)
    g_dbus_connection_close_sync(connection, nil, nil)
    g_object_unref(UnsafeMutableRawPointer(connection))
  }

  /// A method call's reply, or nil when it failed or did not come within five seconds. A
  /// service not running is not started unless `startsService`: asking whether a reader
  /// listens must not start the accessibility bus for nobody.
  private static func call(
    on connection: OpaquePointer, _ destination: String, _ path: String, _ interface: String,
    _ method: String, _ parameters: OpaquePointer?, replying type: String,
    startingIt startsService: Bool = false
  ) -> OpaquePointer? {
    let replyType = g_variant_type_new(type)
    defer { g_variant_type_free(replyType) }
    var error: UnsafeMutablePointer<GError>?
    let reply = g_dbus_connection_call_sync(
      connection, destination, path, interface, method, parameters, replyType,
      startsService ? G_DBUS_CALL_FLAGS_NONE : G_DBUS_CALL_FLAGS_NO_AUTO_START, 5000, nil,
      &error)
    if let error { g_error_free(error) }
    return reply
  }

  // MARK: Serving objects

  /// The answers for a call or property, from the snapshot now.
  var answers: AtspiAnswers {
    lock.lock()
    defer { lock.unlock() }
    return AtspiAnswers(tree: tree, bus: busName, desktop: desktop, applicationID: applicationID)
  }

  /// Every object's name, for D-Bus to list.
  var nodeNames: [String] {
    lock.lock()
    defer { lock.unlock() }
    return tree.names
  }

  /// The interfaces `node` has.
  func interfaces(of node: String) -> [String] {
    lock.lock()
    defer { lock.unlock() }
    return tree.interfaces(of: node)
  }

  /// A reader pressed a control: the window takes it before its next frame.
  func press(_ control: Control) {
    lock.lock()
    presses.append(control)
    lock.unlock()
    wake?()
  }

  /// The registry numbers the application.
  func setApplicationID(_ id: Int32) {
    lock.lock()
    applicationID = id
    lock.unlock()
  }
}
