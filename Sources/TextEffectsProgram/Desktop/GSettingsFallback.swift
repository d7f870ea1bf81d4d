import CGio
import TextEffects
import TextEffectsApp

/// GNOME's keys read from GSettings directly, for a desktop that keeps them there without a
/// portal to publish them. Only where a real settings store backs GSettings: GIO's stand-in
/// store in memory holds nothing but each key's default, which is no preference.
///
/// Outside a desktop session (a bare X server, a kiosk's own), only what a user set is read:
/// the schemas' defaults are what a desktop would start from, not a preference anyone gave,
/// and the window would call them the desktop's.
final class GSettingsFallback {
  private var settings:
    [(namespace: String, object: UnsafeMutablePointer<GSettings>, keys: [String])] = []
  /// Whether a desktop session is running (it names itself in `XDG_CURRENT_DESKTOP`), whose
  /// defaults, with its vendor's overrides, are its settings as much as what a user set.
  private let inSession: Bool

  /// Opens each namespace whose schema is installed; nil when none is, or GSettings would only
  /// answer with defaults from memory.
  init?(inSession: Bool) {
    self.inSession = inSession
    // GIO says on standard error that it is using its memory store; that is what this checks.
    let handler = g_log_set_handler("GLib-GIO", G_LOG_LEVEL_MESSAGE, { _, _, _, _ in }, nil)
    defer { g_log_remove_handler("GLib-GIO", handler) }
    guard let backend = g_settings_backend_get_default() else { return nil }
    let instance = UnsafeMutableRawPointer(backend).assumingMemoryBound(to: GTypeInstance.self)
    let backendType = g_type_name_from_instance(instance).map { String(cString: $0) }
    g_object_unref(UnsafeMutableRawPointer(backend))
    guard backendType != "GMemorySettingsBackend",
      let source = g_settings_schema_source_get_default()
    else { return nil }
    for namespace in DesktopNamespace.all where namespace != DesktopNamespace.appearance {
      guard let schema = g_settings_schema_source_lookup(source, namespace, 1) else { continue }
      defer { g_settings_schema_unref(schema) }
      let keys = (DesktopNamespace.keys[namespace] ?? []).filter {
        g_settings_schema_has_key(schema, $0) != 0
      }
      guard !keys.isEmpty, let object = g_settings_new_full(schema, nil, nil) else { continue }
      settings.append((namespace, object, keys))
    }
    if settings.isEmpty { return nil }
  }

  deinit {
    for entry in settings { g_object_unref(UnsafeMutableRawPointer(entry.object)) }
  }

  /// The keys' values now: in a session, each key's; outside one, those a user set.
  var values: DesktopValues {
    var values: DesktopValues = [:]
    for (namespace, object, keys) in settings {
      for key in keys {
        guard
          let variant = inSession
            ? g_settings_get_value(object, key) : g_settings_get_user_value(object, key)
        else { continue }
        values[namespace, default: [:]][key] = DesktopValue(variant)
        g_variant_unref(variant)
      }
    }
    return values
  }

  /// Calls `changed` with `context` (on the thread whose main context was current when this
  /// was made) whenever one of the keys changes.
  func onChange(
    _ changed: @convention(c) (UnsafeMutableRawPointer?, UnsafePointer<gchar>?, gpointer?) -> Void,
    context: UnsafeMutableRawPointer
  ) {
    for entry in settings {
      g_signal_connect_data(
        UnsafeMutableRawPointer(entry.object), "changed",
        unsafeBitCast(changed, to: GCallback.self),
        context, nil, GConnectFlags(rawValue: 0))
    }
  }
}
