import CGio
import TextEffects
import TextEffectsApp

/// The desktop's values as they were read, namespace then key; each reading or change updates
/// them and the preferences are made again from the whole.
typealias DesktopValues = [String: [String: DesktopValue]]

extension DesktopValue {
  /// A D-Bus value as the preferences read it; nil for a type no key read here has. A value in
  /// a variant (as the portal's older `Read` nests it) is unwrapped.
  init?(_ variant: OpaquePointer) {
    guard let type = g_variant_get_type_string(variant).map({ String(cString: $0) }) else {
      return nil
    }
    switch type {
    case "u": self = .number(g_variant_get_uint32(variant))
    case "i":
      let value = g_variant_get_int32(variant)
      guard value >= 0 else { return nil }
      self = .number(UInt32(value))
    case "b": self = .flag(g_variant_get_boolean(variant) != 0)
    case "d": self = .decimal(g_variant_get_double(variant))
    case "s": self = .text(String(cString: g_variant_get_string(variant, nil)))
    case "v":
      guard let inner = g_variant_get_variant(variant) else { return nil }
      defer { g_variant_unref(inner) }
      self.init(inner)
    default: return nil
    }
  }
}

/// Calls `body` with each child of a container variant, released after.
func forEachChild(of variant: OpaquePointer, _ body: (OpaquePointer) -> Void) {
  for index in 0..<g_variant_n_children(variant) {
    guard let child = g_variant_get_child_value(variant, index) else { continue }
    body(child)
    g_variant_unref(child)
  }
}

/// The string child at `index` of a tuple or dictionary entry.
func string(at index: Int, of variant: OpaquePointer) -> String? {
  guard let child = g_variant_get_child_value(variant, gsize(index)) else { return nil }
  defer { g_variant_unref(child) }
  guard String(cString: g_variant_get_type_string(child)) == "s" else { return nil }
  return String(cString: g_variant_get_string(child, nil))
}

/// The values of the keys read, from a `{sv}` dictionary of one namespace.
func keyValues(of dictionary: OpaquePointer, in namespace: String) -> [String: DesktopValue] {
  let wanted = DesktopNamespace.keys[namespace] ?? []
  var values: [String: DesktopValue] = [:]
  forEachChild(of: dictionary) { entry in
    guard let key = string(at: 0, of: entry), wanted.contains(key),
      let boxed = g_variant_get_child_value(entry, 1)
    else { return }
    defer { g_variant_unref(boxed) }
    values[key] = DesktopValue(boxed)
  }
  return values
}
