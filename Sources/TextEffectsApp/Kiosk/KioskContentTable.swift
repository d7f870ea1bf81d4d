import TextEffects

extension KioskContent {
  /// The kiosk guide's table of an item's keys: those every scene takes, and each effect's own as
  /// its `kioskKeys` describe them, so a key added to an effect is documented where it is added.
  package static var readmeTable: String {
    let scenes = SceneKind.allCases.map { "`\($0.rawValue)`" }
    let uses = Effects.all.compactMap { $0.textUse }
    var rows = [
      ("scene", "all", "\(scenes.sentence(joinedBy: "or")) (required)"),
      ("text", "all", "the text: \(uses.joined(separator: ", "))"),
    ]
    for key in RawItem.effectKeys {
      let effects = Effects.all.filter { $0.kioskKeys.contains { $0.name == key.name } }
      let defaults = effects.compactMap {
        $0.kioskKeys.first { $0.name == key.name }?.defaultValue?.statusText
      }
      let meaning =
        key.meaning + (defaults.isEmpty ? "" : " (\(defaults.sentence()) by default)")
      rows.append((key.name, effects.map { $0.kind.rawValue }.joined(separator: ", "), meaning))
    }
    rows += [
      ("color", "all", "the text's colour"),
      (
        "font", "all",
        "the text's font: a font file's path or a family fontconfig knows; what it lacks comes "
          + "from the bundled fonts"
      ),
      (
        "lang", "all",
        "the text's language, a BCP 47 tag (`ja`, `zh-Hant`): Chinese characters take its "
          + "forms, lines break as it has them (the kiosk's `\(Option.lang)` or locale by default)"
      ),
      ("duration", "all", "seconds on screen, 1 to 86400"),
      (
        "show", "all",
        "when it may show: `{\"days\": [\"weekdays\"], \"from\": \"08:00\", \"to\": \"18:00\"}`; "
          + "days are `mon` … `sun`, `weekdays`, `weekends`; a window that ends before it "
          + "starts runs over midnight; with no item open the screen stays black"
      ),
    ]
    let lines = rows.map { "| `\($0.0)` | \($0.1) | \($0.2) |" }
    return (["| key | for | meaning |", "| --- | --- | --- |"] + lines).joined(separator: "\n")
  }
}
