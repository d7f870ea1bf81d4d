import CGio
import TextEffectsApp

/// The tables GDBus calls for the objects under `/org/a11y/atspi/accessible`: one subtree whose
/// nodes are the tree's objects, made as readers ask for them, so parts that come and go with
/// a scene need no registering. Each call reaches the server given as the user data.
enum AtspiObjects {
  /// The interfaces' descriptions, parsed once; GDBus checks calls and properties against them.
  nonisolated(unsafe) private static let description: UnsafeMutablePointer<GDBusNodeInfo> = {
    var error: UnsafeMutablePointer<GError>?
    guard let info = g_dbus_node_info_new_for_xml(AtspiVocabulary.introspection, &error) else {
      fatalError("The AT-SPI interfaces' description does not parse")
    }
    return info
  }()

  nonisolated(unsafe) static let subtree: UnsafeMutablePointer<GDBusSubtreeVTable> = {
    var table = GDBusSubtreeVTable()
    table.enumerate = { _, _, _, server in
      strings(AtspiObjects.server(server).nodeNames)
    }
    table.introspect = { _, _, _, node, server in
      let names = node.map { AtspiObjects.server(server).interfaces(of: String(cString: $0)) } ?? []
      let infos = names.compactMap {
        g_dbus_node_info_lookup_interface(AtspiObjects.description, $0)
      }
      let array = g_malloc0(
        gsize(MemoryLayout<UnsafeMutableRawPointer?>.stride * (infos.count + 1)))!
        .bindMemory(to: UnsafeMutablePointer<GDBusInterfaceInfo>?.self, capacity: infos.count + 1)
      for (index, info) in infos.enumerated() { array[index] = g_dbus_interface_info_ref(info) }
      return array
    }
    table.dispatch = { _, _, _, interface, node, userData, server in
      guard let node, let interface,
        AtspiObjects.server(server).interfaces(of: String(cString: node)).contains(
          String(cString: interface))
      else { return nil }
      userData?.pointee = server
      return UnsafePointer(AtspiObjects.methods)
    }
    let pointer = UnsafeMutablePointer<GDBusSubtreeVTable>.allocate(capacity: 1)
    pointer.initialize(to: table)
    return pointer
  }()

  nonisolated(unsafe) private static let methods: UnsafeMutablePointer<GDBusInterfaceVTable> = {
    var table = GDBusInterfaceVTable()
    table.method_call = { _, _, path, interface, method, parameters, invocation, server in
      guard let path, let interface, let method, let parameters, let invocation else { return }
      let server = AtspiObjects.server(server)
      switch server.answers.answer(
        String(cString: method), of: String(cString: interface), on: node(of: path),
        with: parameters)
      {
      case .reply(let values): g_dbus_method_invocation_return_value(invocation, values)
      case .failure(let name, let message):
        g_dbus_method_invocation_return_dbus_error(invocation, name, message)
      case .press(let control, let values):
        g_dbus_method_invocation_return_value(invocation, values)
        server.press(control)
      }
    }
    table.get_property = { _, _, path, interface, property, error, server in
      guard let path, let interface, let property else { return nil }
      let value = AtspiObjects.server(server).answers.property(
        String(cString: property), of: String(cString: interface), on: node(of: path))
      if value == nil {
        g_set_error_literal(
          error, g_dbus_error_quark(), Int32(G_DBUS_ERROR_UNKNOWN_PROPERTY.rawValue),
          "No such property")
      }
      return value
    }
    table.set_property = { _, _, _, interface, property, value, _, server in
      guard let interface, let property, let value,
        String(cString: interface) == AtspiVocabulary.application,
        String(cString: property) == "Id",
        String(cString: g_variant_get_type_string(value)) == "i"
      else { return 0 }
      AtspiObjects.server(server).setApplicationID(g_variant_get_int32(value))
      return 1
    }
    let pointer = UnsafeMutablePointer<GDBusInterfaceVTable>.allocate(capacity: 1)
    pointer.initialize(to: table)
    return pointer
  }()

  private static func server(_ pointer: UnsafeMutableRawPointer?) -> AccessibilityServer {
    Unmanaged<AccessibilityServer>.fromOpaque(pointer!).takeUnretainedValue()
  }

  /// The object's name: the path's last part.
  private static func node(of path: UnsafePointer<CChar>) -> String {
    String(String(cString: path).split(separator: "/").last ?? "")
  }

  /// A NULL-ended array of copies of `names`, which GDBus frees with `g_strfreev`.
  private static func strings(_ names: [String]) -> UnsafeMutablePointer<
    UnsafeMutablePointer<CChar>?
  > {
    let array = g_malloc0(
      gsize(MemoryLayout<UnsafeMutablePointer<CChar>?>.stride * (names.count + 1)))!
      .bindMemory(to: UnsafeMutablePointer<CChar>?.self, capacity: names.count + 1)
    for (index, name) in names.enumerated() { array[index] = g_strdup(name) }
    return array
  }
}
