import Testing
import TextEffectsTestSupport

@testable import TextEffects
@testable import TextEffectsApp

/// What a screen reader is given of the window, as the seeds' accessibility modifiers say, and
/// what it is told as the window changes.
@Suite struct AccessibilityTests {
  func labels(_ window: AccessibleWindow) -> [String] {
    window.allParts.filter { $0.role == .label }.map(\.name)
  }

  /// Mid-line, the typewriter's label is the whole line, as `.accessibilityLabel(text)`; the
  /// next line replaces it when it starts.
  @Test func theTypewriterIsItsWholeLine() {
    let show = showcase(.typewriter)
    let midLine = show.accessibleWindow(at: 101, in: windowSize)
    #expect(labels(midLine) == [TypewriterScene.demoLines[0]])
    // The first line is short: it holds the seed's 3.2 s.
    let second = TypewriterScene.linePeriod + 0.5
    #expect(
      labels(show.accessibleWindow(at: 100 + second, in: windowSize)) == [
        TypewriterScene.demoLines[1]
      ])
  }

  /// The glitch's copies are `EmptyView()` to a reader: its title once, then its line.
  @Test func theGlitchTitleIsReadOnce() {
    let window = showcase(.glitch).accessibleWindow(at: 100.42, in: windowSize)
    #expect(labels(window) == [GlitchScene.demoTitle, GlitchScene.demoSubtitle])
  }

  /// The streaming scene: its question, and its answer as far as it has arrived, growing.
  @Test func theStreamingAnswerIsWhatHasArrived() {
    let show = showcase(.streaming)
    let early = show.accessibleWindow(at: 101, in: windowSize)
    let answer = try! #require(early.allParts.last { $0.role == .label })
    #expect(labels(early).first == StreamingScene.question)
    #expect(StreamingScene.demoAnswer.hasPrefix(answer.name) && answer.grows)
    let late = show.accessibleWindow(at: 200, in: windowSize)
    #expect(labels(late).last == StreamingScene.demoAnswer)
    #expect(late.allParts.last { $0.role == .label }?.grows == false)
    #expect(late.allParts.contains { $0.role == .pushButton && $0.name == "Ask Again" })
  }

  /// The chrome: three tabs, the shown one on; the switch where Reduce Motion stands; the
  /// buttons; and nothing for the typewriter's dots.
  @Test func theChromeIsWhatItIs() {
    var settings = SceneSettings()
    settings.reduceMotion = true
    let window = showcase(.glitch, settings: settings).accessibleWindow(at: 100, in: windowSize)
    let tabs = try! #require(window.parts.first { $0.role == .pageTabList })
    #expect(tabs.parts.map(\.name) == ["Typewriter", "Glitch", "Streaming"])
    #expect(tabs.parts.filter(\.isOn).map(\.name) == ["Glitch"])
    let toggle = try! #require(window.parts.first { $0.role == .toggleButton })
    #expect(toggle.isOn && toggle.press == .reduceMotionSwitch)
    #expect(
      window.parts.filter { $0.role == .pushButton }.map(\.name) == ["Light appearance", "Help"])
    let typewriter = showcase(.typewriter, chrome: false).accessibleWindow(at: 100, in: windowSize)
    #expect(typewriter.parts.map(\.role) == [.label])
  }

  /// The library's texts say what a reader reads of them: all of the text, at any time.
  @Test func theLibrarysTextsAreReadWhole() {
    let line = TypewriterScene.demoLines[0]
    #expect(TypewriterText(line).accessibilityLabel == line)
    #expect(GlitchText(GlitchScene.demoTitle).accessibilityLabel == GlitchScene.demoTitle)
    #expect(StreamingText("Sourdough needs").accessibilityLabel == "Sourdough needs")
  }

  /// A kiosk gives its current item's texts, and has no controls.
  @Test func aKioskGivesItsItemsTexts() {
    let items = [SceneKind.glitch, .typewriter].map {
      KioskContent.Item(scene: $0, settings: SceneSettings(), duration: 5)
    }
    let kiosk = Kiosk(
      content: KioskContent(items: items), cycle: 5, fonts: FakeMonospaceMetrics(), now: 1000,
      localTime: LocalTime(weekday: 1, minute: 600))
    // Advanced once a frame, as the window does before it reads the kiosk.
    kiosk.advance(to: 1001)
    #expect(
      labels(kiosk.accessibleWindow(at: 1001, in: windowSize)) == [
        GlitchScene.demoTitle, GlitchScene.demoSubtitle,
      ])
    kiosk.advance(to: 1006)
    let next = kiosk.accessibleWindow(at: 1006, in: windowSize)
    #expect(labels(next) == [TypewriterScene.demoLines[0]])
    #expect(next.parts.allSatisfy { $0.press == nil })
  }

  /// A part's press does what its click does.
  @Test func pressingAPartDoesWhatItsClickDoes() {
    let show = showcase(.typewriter)
    show.press(.tab(.streaming), at: 101)
    #expect(show.kind == .streaming)
    show.press(.reduceMotionSwitch, at: 102)
    #expect(show.settings.reduceMotion)
    #expect(
      show.accessibleWindow(at: 102, in: windowSize).parts.first { $0.role == .toggleButton }?.isOn
        == true)
  }

  /// A new text is said whole; a name that changed and a switch that flipped are told.
  @Test func changesAreToldAndNewTextIsSaidWhole() {
    var changes = AccessibleChanges()
    let frame = Rect(x: 0, y: 0, width: 10, height: 10)
    func window(_ text: String, on: Bool) -> AccessibleWindow {
      AccessibleWindow(
        title: "T",
        parts: [
          AccessiblePart(id: "text_0", role: .label, name: text, frame: frame),
          AccessiblePart(id: "switch", role: .toggleButton, name: "S", frame: frame, isOn: on),
        ])
    }
    #expect(
      changes.update(to: window("One.", on: false)) == [.announce(id: "text_0", text: "One.")])
    #expect(changes.update(to: window("One.", on: false)) == [])
    #expect(
      changes.update(to: window("Two", on: true)) == [
        .nameChanged(id: "text_0", name: "Two"), .announce(id: "text_0", text: "Two"),
        .switched(id: "switch", isOn: true),
      ])
  }

  /// A growing text is said a sentence at a time, each once, as it completes; never a piece.
  @Test func aGrowingTextIsSaidBySentences() {
    var changes = AccessibleChanges()
    let frame = Rect(x: 0, y: 0, width: 10, height: 10)
    func said(_ text: String, grows: Bool = true) -> [String] {
      changes.update(
        to: AccessibleWindow(
          title: "T",
          parts: [AccessiblePart(id: "a", role: .label, name: text, frame: frame, grows: grows)])
      ).compactMap {
        if case .announce(_, let text) = $0 { return text }
        return nil
      }
    }
    #expect(said("Sourdough needs") == [])
    #expect(said("Sourdough needs time. Mix") == ["Sourdough needs time."])
    #expect(said("Sourdough needs time. Mix flour") == [])
    #expect(said("Sourdough needs time. Mix flour. Fold it. Rest") == ["Mix flour. Fold it."])
    #expect(said("Sourdough needs time. Mix flour. Fold it. Rest it", grows: false) == ["Rest it"])
    // A new answer (Ask Again) starts over.
    #expect(said("Bread takes care. It", grows: true) == ["Bread takes care."])
  }

  /// ICU's sentences: the last is complete only once a line break or more text ends it.
  @Test(arguments: [
    ("", ""), ("One", ""), ("One. Two", "One. "), ("One. Two. ", "One. "),
    ("One.\n", "One.\n"),
    ("誰ですか。はい", "誰ですか。"), ("First! Second? Third", "First! Second? "),
  ])
  func completeSentences(text: String, complete: String) {
    let end = TextBoundaries.completeSentencesEnd(in: text[...])
    #expect(String(text[..<end]) == complete)
  }
}
