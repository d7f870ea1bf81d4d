import TextEffects

/// What an effect tells the rest of the program about itself: its name and key, the values a
/// person can adjust, its status line, what a kiosk file may say of it, and its scene. The
/// showcase, the help, the usage text, the kiosk parser and the guides' key tables read this,
/// so an effect is added in its folder and one line of `Effects.all`, and nowhere else.
///
/// A value, not a protocol: each effect is one `Effect(...)` whose arguments say what sets it
/// apart, and what it leaves out takes the defaults.
package struct Effect: Sendable {
  /// The name the command line and kiosk files use, and the scene's identity.
  package var kind: SceneKind
  /// The name a person reads, in tabs and the window title.
  package var title: String
  /// One of the seeds' demos: always a tab, and in a kiosk's rotation without content. Others
  /// show their tab while they play.
  package var isSeedDemo: Bool
  /// What the user's text (`--text`, a kiosk item's `text`) becomes in it, in the README's
  /// words ("the streamed answer"); nil when it shows only its own.
  package var textUse: String?
  /// Values the speed or fade keys step through while it plays.
  package var adjustments: [Adjustment]
  /// Keys a kiosk content item for this scene may hold, beyond `text`, `color`, `duration`
  /// and `show`, which every scene takes.
  package var kioskKeys: [KioskKey]
  /// Command-line options only this scene uses, refused with another scene's images.
  package var options: [Option]
  /// The window size `--bench` draws it in unless `--size` is given.
  package var benchSize: Size
  /// Its parts of the status line, such as "20 characters/s".
  package var status: @Sendable (SceneSettings) -> [String]
  /// Its line among the help overlay's current values, if it has adjustable ones.
  package var values: @Sendable (SceneSettings) -> String?
  /// A fresh scene, measuring its text with the layouts given.
  package var makeScene: @Sendable (SceneSettings, Typesetter) -> MadeScene

  package init(
    _ kind: SceneKind, isSeedDemo: Bool = false, textUse: String?, adjustments: [Adjustment] = [],
    kioskKeys: [KioskKey] = [], options: [Option] = [],
    benchSize: Size = Size(width: 1280, height: 800),
    status: @escaping @Sendable (SceneSettings) -> [String],
    values: @escaping @Sendable (SceneSettings) -> String? = { _ in nil },
    makeScene: @escaping @Sendable (SceneSettings, Typesetter) -> MadeScene
  ) {
    self.kind = kind
    title = kind.rawValue.prefix(1).uppercased() + kind.rawValue.dropFirst()
    self.isSeedDemo = isSeedDemo
    self.textUse = textUse
    self.adjustments = adjustments
    self.kioskKeys = kioskKeys
    self.options = options
    self.benchSize = benchSize
    self.status = status
    self.values = values
    self.makeScene = makeScene
  }
}

/// A value a person steps through with keys while the effect plays.
package struct Adjustment: Sendable {
  /// Which keys move it: ↑ ↓ ] [ for a speed, . , for a fade.
  package enum Keys: Sendable, CaseIterable {
    case speed
    case fade
  }

  package var keys: Keys
  /// The values in order; a key moves to the next above or below, and stops at the ends.
  package var steps: [Double]
  /// What the keys change, in the README's words: "the typewriter's characters a second".
  package var readme: String
  let read: @Sendable (SceneSettings) -> Double
  let write: @Sendable (inout SceneSettings, Double) -> Void

  package init(
    _ keys: Keys, steps: [Double], readme: String,
    read: @escaping @Sendable (SceneSettings) -> Double,
    write: @escaping @Sendable (inout SceneSettings, Double) -> Void
  ) {
    self.keys = keys
    self.steps = steps
    self.readme = readme
    self.read = read
    self.write = write
  }

  /// `settings` with the value one step up or down.
  func stepped(_ settings: SceneSettings, up: Bool) -> SceneSettings {
    let value = read(settings)
    let next =
      up ? steps.first { $0 > value } ?? steps.last : steps.last { $0 < value } ?? steps.first
    var settings = settings
    write(&settings, next ?? value)
    return settings
  }
}

extension Double {
  /// The value as the status line and help show it: a whole number without a decimal point.
  var statusText: String {
    self == rounded() && abs(self) < 1e15 ? String(Int(self)) : String(self)
  }
}
