import Foundation
import Testing
import TextEffectsTestSupport

@testable import TextEffects
@testable import TextEffectsApp

/// What the desktop's keys mean: the portal's standard ones first, GNOME's where they say nothing.
@Suite struct DesktopPreferencesTests {
  let appearance = DesktopNamespace.appearance
  let gnome = DesktopNamespace.gnomeInterface
  let accessibility = DesktopNamespace.gnomeAccessibility

  @Test func nothingSaidIsNoPreference() {
    #expect(DesktopPreferences(reading: [:]) == DesktopPreferences())
    #expect(
      DesktopPreferences(reading: [
        appearance: [
          "color-scheme": .number(0), "reduced-motion": .number(0), "contrast": .number(0),
        ]
      ]) == DesktopPreferences())
  }

  @Test func thePortalsKeys() {
    let read = DesktopPreferences(reading: [
      appearance: [
        "color-scheme": .number(2), "reduced-motion": .number(1), "contrast": .number(1),
      ]
    ])
    #expect(
      read == DesktopPreferences(reduceMotion: true, appearance: .light, increaseContrast: true))
    #expect(
      DesktopPreferences(reading: [appearance: ["color-scheme": .number(1)]]).appearance == .dark)
  }

  @Test func gnomesKeysWhereThePortalsSayNothing() {
    let read = DesktopPreferences(reading: [
      appearance: ["reduced-motion": .number(0)],
      gnome: [
        "enable-animations": .flag(false), "color-scheme": .text("prefer-light"),
        "text-scaling-factor": .decimal(1.25),
      ],
      accessibility: ["high-contrast": .flag(true)],
    ])
    #expect(
      read
        == DesktopPreferences(
          reduceMotion: true, appearance: .light, textSize: .xxLarge, increaseContrast: true))
    #expect(
      DesktopPreferences(reading: [gnome: ["color-scheme": .text("default")]]).appearance == nil)
    #expect(
      DesktopPreferences(reading: [gnome: ["enable-animations": .flag(true)]]).reduceMotion == false
    )
  }

  @Test func thePortalWinsOverGnome() {
    let read = DesktopPreferences(reading: [
      appearance: ["color-scheme": .number(1), "reduced-motion": .number(1)],
      gnome: ["color-scheme": .text("prefer-light"), "enable-animations": .flag(true)],
    ])
    #expect(read.appearance == .dark && read.reduceMotion == true)
  }

  @Test func valuesOfTheWrongTypeOrRangeAreNoPreference() {
    let read = DesktopPreferences(reading: [
      appearance: [
        "color-scheme": .text("dark"), "reduced-motion": .flag(true), "contrast": .number(7),
      ],
      gnome: ["enable-animations": .number(0), "text-scaling-factor": .text("2")],
    ])
    #expect(read == DesktopPreferences())
  }

  /// The scaling factor lands on the Dynamic Type size whose body text is nearest, by ratio.
  @Test(arguments: [
    (1.0, DynamicTypeSize.large), (0.5, .xSmall), (0.9, .small), (1.1, .xLarge),
    (1.25, .xxLarge), (1.35, .xxxLarge), (1.5, .accessibility1), (2.0, .accessibility2),
    (3.0, .accessibility5), (100.0, .accessibility5), (1e-300, .xSmall),
  ])
  func textScalingFactor(factor: Double, size: DynamicTypeSize) {
    #expect(DynamicTypeSize.nearest(toTextScale: factor) == size)
  }

  @Test(arguments: [0.0, -1.0, Double.nan, Double.infinity, -Double.infinity])
  func aFactorThatIsNotAPositiveNumberIsNoPreference(factor: Double) {
    #expect(DynamicTypeSize.nearest(toTextScale: factor) == nil)
  }
}

/// Who wins: the command line for good, a key until the desktop changes again, then the desktop.
@Suite struct DesktopFollowingTests {
  @Test func theDesktopSetsWhatTheCommandLineDidNot() {
    var following = DesktopFollowing(givenOnCommandLine: [.appearance])
    var settings = SceneSettings(appearance: .dark)
    let changed = following.receive(
      DesktopPreferences(reduceMotion: true, appearance: .light, textSize: .xLarge),
      into: &settings)
    #expect(changed)
    #expect(
      settings.reduceMotion && settings.appearance == .dark && settings.dynamicType == .xLarge)
    #expect(following.source(of: .reduceMotion) == .desktop)
    #expect(following.source(of: .appearance) == .commandLine)
    #expect(following.source(of: .textSize) == .desktop)
    #expect(following.source(of: .contrast) == .standard)
  }

  @Test func aKeyWinsUntilTheDesktopChangesThatPreference() {
    var following = DesktopFollowing()
    var settings = SceneSettings()
    _ = following.receive(
      DesktopPreferences(reduceMotion: true, appearance: .light), into: &settings)
    settings.reduceMotion = false
    following.pressed(.reduceMotion)
    // Another preference changing leaves the key's value.
    _ = following.receive(
      DesktopPreferences(reduceMotion: true, appearance: .dark), into: &settings)
    #expect(!settings.reduceMotion && following.source(of: .reduceMotion) == .key)
    #expect(settings.appearance == .dark)
    // The same value said again is no change either.
    #expect(
      !following.receive(DesktopPreferences(reduceMotion: true, appearance: .dark), into: &settings)
    )
    // The desktop changing it takes over again.
    _ = following.receive(
      DesktopPreferences(reduceMotion: false, appearance: .dark), into: &settings)
    #expect(!settings.reduceMotion && following.source(of: .reduceMotion) == .desktop)
    _ = following.receive(
      DesktopPreferences(reduceMotion: true, appearance: .dark), into: &settings)
    #expect(settings.reduceMotion)
  }

  @Test func aPreferenceTheDesktopStopsGivingGoesBackToTheDefault() {
    var following = DesktopFollowing()
    var settings = SceneSettings()
    _ = following.receive(
      DesktopPreferences(appearance: .light, textSize: .accessibility3, increaseContrast: true),
      into: &settings)
    #expect(settings.increaseContrast && settings.appearance == .light)
    _ = following.receive(DesktopPreferences(), into: &settings)
    #expect(settings == SceneSettings())
    #expect(FollowedSetting.allCases.allSatisfy { following.source(of: $0) == .standard })
  }

  @Test func aKeysValueStaysWhenTheDesktopStopsGivingOne() {
    var following = DesktopFollowing()
    var settings = SceneSettings()
    _ = following.receive(DesktopPreferences(appearance: .light), into: &settings)
    settings.appearance = .dark
    following.pressed(.appearance)
    _ = following.receive(DesktopPreferences(), into: &settings)
    #expect(settings.appearance == .dark && following.source(of: .appearance) == .key)
  }

  @Test func appliedSetsOnlyWhatFollowsTheDesktop() {
    var following = DesktopFollowing(givenOnCommandLine: [.reduceMotion])
    var scratch = SceneSettings()
    _ = following.receive(
      DesktopPreferences(reduceMotion: true, appearance: .light), into: &scratch)
    var own = SceneSettings(reduceMotion: false)
    own.customText = "kept"
    let applied = following.applied(to: own)
    #expect(!applied.reduceMotion && applied.appearance == .light && applied.customText == "kept")
  }
}

/// What the window says of where each value came from.
@Suite struct DesktopStatusTests {
  @Test func theStatusLineGroupsValuesByWhereTheyCameFrom() {
    let show = Showcase(
      scene: .glitch, settings: SceneSettings(), showsChrome: true,
      fonts: FakeMonospaceMetrics(), now: 0,
      following: DesktopFollowing(givenOnCommandLine: [.contrast]))
    #expect(
      show.status(at: 0)
        == "Hold G or the mouse to glitch  \u{00B7}  Text Large  \u{00B7}  ? for help")
    #expect(
      show.receive(
        desktop: DesktopPreferences(reduceMotion: true, appearance: .light, textSize: .xLarge)))
    #expect(
      show.status(at: 0)
        == "Reduce Motion holds the glitch still  \u{00B7}  Drawn on black in both appearances"
        + "  \u{00B7}  Text Extra Large, Reduce Motion, Light (desktop)"
        + "  \u{00B7}  ? for help")
    #expect(
      show.values.contains(
        "Text size: Extra Large (desktop)  \u{00B7}  Reduce Motion: on (desktop)"))
    #expect(
      show.values.contains(
        "Appearance: light (desktop)  \u{00B7}  Contrast: standard (command line)"))
    show.perform(.toggleReduceMotion, at: 1)
    #expect(!show.settings.reduceMotion)
    #expect(
      show.values.contains("Text size: Extra Large (desktop)  \u{00B7}  Reduce Motion: off (key)"))
    #expect(
      !show.receive(
        desktop: DesktopPreferences(reduceMotion: true, appearance: .light, textSize: .xLarge)))
    #expect(
      show.receive(
        desktop: DesktopPreferences(reduceMotion: false, appearance: .light, textSize: .xLarge)))
    #expect(
      show.values.contains(
        "Text size: Extra Large (desktop)  \u{00B7}  Reduce Motion: off (desktop)"))
  }

  /// Every scene made before and after the change draws with the desktop's values.
  @Test func everySceneTakesTheDesktopsValues() {
    let show = showcase(.glitch)
    _ = show.scene
    show.receive(desktop: DesktopPreferences(reduceMotion: true))
    #expect(show.scene.settings.reduceMotion)
    show.perform(.selectScene(.streaming), at: 1)
    #expect(show.scene.settings.reduceMotion)
    #expect(show.nextRedraw(after: 101) == nil || show.kind != .glitch)
  }
}

/// A kiosk follows the desktop unless its content file says not to.
@Suite struct KioskDesktopTests {
  func kiosk(_ json: String, following: DesktopFollowing = DesktopFollowing()) throws -> Kiosk {
    standInKiosk(
      try KioskContent.parse(Data(json.utf8)), now: 0,
      localTime: LocalTime(weekday: 1, minute: 600),
      following: following)
  }

  @Test func itemsTakeTheDesktopsValues() throws {
    let kiosk = try kiosk(#"{"items": [{"scene": "glitch"}]}"#)
    kiosk.frame(at: 0, in: Size(width: 800, height: 450), into: DrawList())
    #expect(kiosk.nextRedraw(after: 0).map { $0 < 1 } == true)
    #expect(kiosk.receive(desktop: DesktopPreferences(reduceMotion: true)))
    // Still: only the item's end, at the 15 s cycle, wakes it.
    #expect(kiosk.nextRedraw(after: 0) == 15)
  }

  @Test func followDesktopFalseKeepsEachItemsOwn() throws {
    let kiosk = try kiosk(#"{"followDesktop": false, "items": [{"scene": "glitch"}]}"#)
    kiosk.frame(at: 0, in: Size(width: 800, height: 450), into: DrawList())
    #expect(!kiosk.receive(desktop: DesktopPreferences(reduceMotion: true)))
    #expect(kiosk.nextRedraw(after: 0).map { $0 < 1 } == true)
  }

  @Test func followDesktopMustBeTrueOrFalse() {
    #expect(throws: KioskContent.Problem.self) {
      try KioskContent.parse(Data(#"{"followDesktop": "no", "items": [{"scene": "glitch"}]}"#.utf8))
    }
  }

  @Test func theCommandLineWinsOverTheDesktop() throws {
    let kiosk = try kiosk(
      #"{"items": [{"scene": "glitch"}]}"#,
      following: DesktopFollowing(givenOnCommandLine: [.reduceMotion]))
    kiosk.frame(at: 0, in: Size(width: 800, height: 450), into: DrawList())
    #expect(!kiosk.receive(desktop: DesktopPreferences(reduceMotion: true)))
  }
}

/// With Increase Contrast the system colours take the accessible shades Apple lists.
@Suite struct IncreasedContrastTests {
  @Test func theGlitchsCopiesTakeTheAccessibleShades() {
    var settings = SceneSettings()
    #expect(settings.color(.cyan) == RGBAColor(red8: 100, green8: 210, blue8: 255))
    settings.increaseContrast = true
    #expect(settings.color(.cyan) == RGBAColor(red8: 112, green8: 215, blue8: 255))
    #expect(settings.color(.pink) == RGBAColor(red8: 255, green8: 100, blue8: 130))
    settings.appearance = .light
    #expect(settings.color(.blue) == RGBAColor(red8: 0, green8: 64, blue8: 221))
  }

  @Test func everyAccessibleShadeDiffersFromTheUsualOne() {
    for color in SystemColor.allCases {
      for appearance in Appearance.allCases {
        #expect(
          color.color(in: appearance, increasedContrast: true)
            != color.color(in: appearance), "\(color) \(appearance)")
      }
    }
  }
}
