import TextEffects

/// The showcase as a screen reader has it: the scene tabs, the scene's texts and buttons, then
/// the bottom bar's switch and buttons, each pressed by its action as by a click.
extension Showcase {
  package func accessibleWindow(at now: Double, in size: Size) -> AccessibleWindow {
    let sceneFrame = sceneFrame(in: size)
    let texts = scene.spokenTexts(at: time(at: now)).enumerated().map { index, spoken in
      AccessiblePart(
        id: "text_\(index)", role: .label, name: spoken.text, frame: sceneFrame,
        grows: spoken.grows)
    }
    let sceneButtons = (made.answering?.hitTargets(in: sceneFrame) ?? []).map { target in
      AccessiblePart(
        id: target.control.accessibleID, role: .pushButton, name: target.control.spokenName,
        frame: target.rect, press: .scene(target.control))
    }
    guard showsChrome else { return AccessibleWindow(title: title, parts: texts + sceneButtons) }
    let chrome = chromeLayout(in: size)
    let tabs = AccessiblePart(
      id: "tabs", role: .pageTabList, name: "Scenes", frame: chrome.topBar,
      parts: chrome.tabs.map { tab in
        AccessiblePart(
          id: "tab_\(tab.kind.rawValue)", role: .pageTab, name: tab.kind.title, frame: tab.rect,
          isOn: tab.kind == kind, press: .tab(tab.kind))
      })
    let bar = [
      AccessiblePart(
        id: "reduce_motion", role: .toggleButton, name: ChromeLayout.reduceMotionLabel,
        frame: chrome.reduceMotionSwitch, isOn: settings.reduceMotion,
        press: .reduceMotionSwitch),
      AccessiblePart(
        id: "appearance", role: .pushButton,
        name: settings.appearance == .dark ? "Light appearance" : "Dark appearance",
        frame: chrome.appearanceButton, press: .appearanceButton),
      AccessiblePart(
        id: "help", role: .pushButton, name: "Help", frame: chrome.helpButton, press: .helpButton),
    ]
    return AccessibleWindow(title: title, parts: [tabs] + texts + sceneButtons + bar)
  }

  /// A screen reader pressed `control` through its action: as a click on it.
  package func press(_ control: Control, at now: Double) {
    activate(control, at: now)
  }
}

extension SceneControl {
  /// What a screen reader calls it: its label without the symbol drawn beside it.
  package var spokenName: String {
    switch self {
    case .askAgain: "Ask Again"
    }
  }

  /// Its part's name in the accessible tree, as D-Bus object paths allow.
  package var accessibleID: String {
    switch self {
    case .askAgain: "ask_again"
    }
  }
}
