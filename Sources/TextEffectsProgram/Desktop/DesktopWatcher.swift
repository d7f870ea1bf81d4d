import CGio
import FoundationEssentials
import TextEffects
import TextEffectsApp

/// Reads the desktop's preferences (Reduce Motion, dark or light, text size, contrast) and
/// follows their changes, on the program's I/O loop (GLib's): no polling, no work per frame.
/// Each change goes to the window's inbox (`WindowInbox`), which wakes it to draw a frame.
///
/// Where from, in order: the XDG desktop portal on the session bus; GSettings, where GNOME's
/// keys are kept without a portal; otherwise nothing, which is no preference, not an error.
package final class DesktopWatcher: @unchecked Sendable {
  /// Where the preferences come from: the portal, GSettings, or nothing (no session bus,
  /// portal or settings store).
  package enum Origin: Sendable {
    case portal, gsettings, none
  }

  private let condition = Condition()
  private var values: DesktopValues = [:]
  private var isFirstReadingDone = false
  private var changed: (@Sendable (DesktopPreferences) -> Void)?
  private var readFrom = Origin.none
  /// Where the preferences are read from.
  package var origin: Origin {
    condition.lock()
    defer { condition.unlock() }
    return readFrom
  }
  private let environment: [String: String]

  package init(environment: [String: String] = ProcessInfo.processInfo.environment) {
    self.environment = environment
  }

  /// Starts reading on `loop`; `changed` is given the preferences on the loop's thread after
  /// the first reading and each change.
  package func start(
    on loop: IOLoop, changed: @escaping @Sendable (DesktopPreferences) -> Void
  ) {
    self.changed = changed
    loop.perform { [self] in follow(on: loop) }
  }

  /// The preferences as first read, waiting at most `timeout` seconds for them (the rest of
  /// the start goes on meanwhile); nil if they are not in yet, and then they come as changes
  /// do.
  package func firstReading(within timeout: Double) -> DesktopPreferences? {
    condition.lock()
    defer { condition.unlock() }
    let deadline = Date(timeIntervalSinceNow: timeout)
    while !isFirstReadingDone, condition.wait(until: deadline) {}
    guard isFirstReadingDone else { return nil }
    return DesktopPreferences(reading: values)
  }

  /// Records a reading and says so when the preferences it gives changed.
  private func record(from origin: Origin? = nil, _ change: (inout DesktopValues) -> Void) {
    condition.lock()
    if let origin { readFrom = origin }
    let before = DesktopPreferences(reading: values)
    change(&values)
    let after = DesktopPreferences(reading: values)
    // The first reading is said too: a window that stopped waiting for it may sleep.
    let isNews = after != before || !isFirstReadingDone
    isFirstReadingDone = true
    condition.broadcast()
    condition.unlock()
    if isNews { changed?(after) }
  }

  /// Reads the preferences and subscribes to their changes, on the loop's thread, where GLib
  /// then calls back.
  private func follow(on loop: IOLoop) {
    let me = Unmanaged.passUnretained(self).toOpaque()
    if let address = PortalSettings.sessionBusAddress(environment: environment),
      let connection = loop.bus(at: address)
    {
      // Listening before reading, so a change between the two is not lost.
      g_dbus_connection_signal_subscribe(
        connection, PortalSettings.service, PortalSettings.interface, "SettingChanged",
        PortalSettings.path, nil, G_DBUS_SIGNAL_FLAGS_NONE,
        { _, _, _, _, _, parameters, watcher in
          guard let parameters, let watcher,
            let (namespace, key, value) = PortalSettings.change(in: parameters)
          else { return }
          Unmanaged<DesktopWatcher>.fromOpaque(watcher).takeUnretainedValue().record {
            $0[namespace, default: [:]][key] = value
          }
        }, me, nil)
      PortalSettings.readAll(on: connection) { [self] read in
        guard let read else { return followSettingsStore() }
        record(from: .portal) { $0 = read }
      }
      return
    }
    followSettingsStore()
  }

  /// Without a portal: GSettings, where a desktop keeps them in a real store, or nothing.
  private func followSettingsStore() {
    let me = Unmanaged.passUnretained(self).toOpaque()
    // GIO reads GSETTINGS_BACKEND from the process's environment; "memory" is no store.
    if environment["GSETTINGS_BACKEND"] != "memory",
      let fallback = GSettingsFallback(
        inSession: !(environment["XDG_CURRENT_DESKTOP"] ?? "").isEmpty)
    {
      fallbackSettings = fallback
      fallback.onChange(
        { _, _, watcher in
          guard let watcher else { return }
          let me = Unmanaged<DesktopWatcher>.fromOpaque(watcher).takeUnretainedValue()
          guard let values = me.fallbackSettings?.values else { return }
          me.record { $0 = values }
        }, context: me)
      record(from: .gsettings) { $0 = fallback.values }
      return
    }
    // Nothing to follow.
    record { $0 = [:] }
  }

  /// The GSettings read when there is no portal, kept for its change signals.
  private var fallbackSettings: GSettingsFallback?
}
