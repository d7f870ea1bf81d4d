import CGio
import Glibc
import TextEffects
import TextEffectsApp

/// The XDG desktop portal's Settings interface on the session bus: one `ReadAll` of the
/// namespaces read, then its `SettingChanged` signal for each change.
enum PortalSettings {
  static let service = "org.freedesktop.portal.Desktop"
  static let path = "/org/freedesktop/portal/desktop"
  static let interface = "org.freedesktop.portal.Settings"
  /// Long enough for a portal that D-Bus starts on demand; the window does not wait for it.
  static let timeoutMilliseconds: Int32 = 5000

  /// The session bus's address from the environment, or the usual socket where it exists; nil
  /// without one. GIO's own lookup would otherwise start a bus through X11's autolaunch.
  static func sessionBusAddress(environment: [String: String]) -> String? {
    if let address = environment["DBUS_SESSION_BUS_ADDRESS"], !address.isEmpty { return address }
    guard let runtime = environment["XDG_RUNTIME_DIR"], !runtime.isEmpty else { return nil }
    let socket = runtime + "/bus"
    var status = stat()
    guard stat(socket, &status) == 0, (status.st_mode & S_IFMT) == S_IFSOCK else { return nil }
    return "unix:path=" + socket
  }

  /// A connection to the bus at `address`, or nil when it cannot be had.
  static func connect(to address: String) -> OpaquePointer? {
    var error: UnsafeMutablePointer<GError>?
    let flags = GDBusConnectionFlags(
      rawValue: G_DBUS_CONNECTION_FLAGS_AUTHENTICATION_CLIENT.rawValue
        | G_DBUS_CONNECTION_FLAGS_MESSAGE_BUS_CONNECTION.rawValue)
    let connection = g_dbus_connection_new_for_address_sync(address, flags, nil, nil, &error)
    if let error { g_error_free(error) }
    return connection
  }

  /// Asks for every key read, as the portal has them now, without waiting for the answer: the
  /// I/O loop goes on meanwhile (a portal D-Bus starts on demand takes a second or two), and
  /// `done` is called there with them, or with nil when no portal answers.
  static func readAll(on connection: OpaquePointer, then done: @escaping (DesktopValues?) -> Void) {
    let namespaces = DesktopNamespace.all.map { strdup($0) }
    defer { for namespace in namespaces { free(namespace) } }
    let list = namespaces.map { UnsafePointer($0) }
    var parameters: [OpaquePointer?] = [
      list.withUnsafeBufferPointer { g_variant_new_strv($0.baseAddress, gssize($0.count)) }
    ]
    let tuple = g_variant_new_tuple(&parameters, 1)
    let replyType = g_variant_type_new("(a{sa{sv}})")
    defer { g_variant_type_free(replyType) }
    g_dbus_connection_call(
      connection, service, path, interface, "ReadAll", tuple, replyType,
      G_DBUS_CALL_FLAGS_NONE, timeoutMilliseconds, nil,
      { connection, result, box in
        let done = Unmanaged<Answer>.fromOpaque(box!).takeRetainedValue().done
        var error: UnsafeMutablePointer<GError>?
        let reply = g_dbus_connection_call_finish(OpaquePointer(connection), result, &error)
        if let error { g_error_free(error) }
        done(reply.map(PortalSettings.values(in:)))
        if let reply { g_variant_unref(reply) }
      }, Unmanaged.passRetained(Answer(done)).toOpaque())
  }

  /// What to do with `ReadAll`'s answer, boxed for GLib.
  private final class Answer {
    let done: (DesktopValues?) -> Void
    init(_ done: @escaping (DesktopValues?) -> Void) { self.done = done }
  }

  /// The keys read in `ReadAll`'s `reply`.
  private static func values(in reply: OpaquePointer) -> DesktopValues {
    var values: DesktopValues = [:]
    forEachChild(of: reply) { namespaces in
      forEachChild(of: namespaces) { entry in
        guard let namespace = string(at: 0, of: entry), DesktopNamespace.keys[namespace] != nil,
          let keys = g_variant_get_child_value(entry, 1)
        else { return }
        defer { g_variant_unref(keys) }
        values[namespace] = keyValues(of: keys, in: namespace)
      }
    }
    return values
  }

  /// One `SettingChanged` signal's namespace, key and value, if it is one read here.
  static func change(in parameters: OpaquePointer) -> (String, String, DesktopValue?)? {
    guard let namespace = string(at: 0, of: parameters), let key = string(at: 1, of: parameters),
      DesktopNamespace.keys[namespace]?.contains(key) == true,
      let boxed = g_variant_get_child_value(parameters, 2)
    else { return nil }
    defer { g_variant_unref(boxed) }
    return (namespace, key, DesktopValue(boxed))
  }
}
