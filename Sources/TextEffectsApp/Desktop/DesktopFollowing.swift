import TextEffects

/// A setting the desktop can also give: each scene honours it.
package enum FollowedSetting: CaseIterable, Hashable, Sendable {
  case textSize, reduceMotion, appearance, contrast

  /// The command-line option that sets it, which then wins over the desktop.
  package var option: Option? {
    switch self {
    case .reduceMotion: .reduceMotion
    case .appearance: .appearance
    case .textSize: nil
    case .contrast: .increaseContrast
    }
  }
}

/// A followed setting's value, whichever it is.
enum FollowedValue: Equatable {
  case flag(Bool)
  case appearance(Appearance)
  case textSize(DynamicTypeSize)
}

/// Where a value on screen came from, as the status line and the help overlay say it.
package enum SettingSource: String, Sendable {
  case standard = "default"
  case commandLine = "command line"
  case desktop
  case key
}

/// Which of the desktop's preferences the settings follow, and where each value came from.
///
/// The order people expect: a command-line option wins over the desktop for good; a key pressed
/// in the window wins until the desktop changes that same preference again; otherwise the
/// desktop's value shows, and the default where the desktop says nothing.
package struct DesktopFollowing: Equatable, Sendable {
  package private(set) var sources: [FollowedSetting: SettingSource]
  /// What the desktop said last, to tell a change from the same value said again.
  private var desktop = DesktopPreferences()

  /// Follows every setting but those given on the command line.
  package init(givenOnCommandLine given: Set<FollowedSetting> = []) {
    sources = Dictionary(
      uniqueKeysWithValues: FollowedSetting.allCases.map {
        ($0, given.contains($0) ? .commandLine : .standard)
      })
  }

  /// Where `setting`'s value came from.
  package func source(of setting: FollowedSetting) -> SettingSource { sources[setting]! }

  /// Takes the desktop's new preferences into `settings`: each preference that changed sets its
  /// value unless the command line gave it; one the desktop stops giving goes back to the
  /// default if the desktop had set it. Returns whether a value or where one came from changed.
  package mutating func receive(_ new: DesktopPreferences, into settings: inout SceneSettings)
    -> Bool
  {
    let before = (settings, sources)
    for setting in FollowedSetting.allCases where sources[setting] != .commandLine {
      let value = new.value(of: setting)
      guard value != desktop.value(of: setting) else { continue }
      if let value {
        settings.set(setting, to: value)
        sources[setting] = .desktop
      } else if sources[setting] == .desktop {
        settings.set(setting, to: SceneSettings().value(of: setting))
        sources[setting] = .standard
      }
    }
    desktop = new
    return settings != before.0 || sources != before.1
  }

  /// `settings` with the desktop's value for each setting that follows it: for settings made
  /// without this following, as a kiosk's items are.
  package func applied(to settings: SceneSettings) -> SceneSettings {
    var settings = settings
    for setting in FollowedSetting.allCases where sources[setting] == .desktop {
      if let value = desktop.value(of: setting) { settings.set(setting, to: value) }
    }
    return settings
  }

  /// A key changed `setting`: it shows the key's value until the desktop's changes.
  package mutating func pressed(_ setting: FollowedSetting) {
    sources[setting] = .key
  }
}

extension SceneSettings {
  /// The value of a followed setting.
  func value(of setting: FollowedSetting) -> FollowedValue {
    switch setting {
    case .reduceMotion: .flag(reduceMotion)
    case .appearance: .appearance(appearance)
    case .textSize: .textSize(dynamicType)
    case .contrast: .flag(increaseContrast)
    }
  }

  mutating func set(_ setting: FollowedSetting, to value: FollowedValue) {
    switch (setting, value) {
    case (.reduceMotion, .flag(let on)): reduceMotion = on
    case (.appearance, .appearance(let appearance)): self.appearance = appearance
    case (.textSize, .textSize(let size)): dynamicType = size
    case (.contrast, .flag(let on)): increaseContrast = on
    default: preconditionFailure("\(setting) takes no \(value)")
    }
  }
}
