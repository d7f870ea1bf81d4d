import TextEffects

/// Colours by the names SwiftUI gives them, or as #RRGGBB.
enum ColorName {
  static func parse(_ text: String, appearance: Appearance) -> RGBAColor? {
    let name = text.lowercased()
    if name == "white" { return .white }
    if name == "black" { return .black }
    if let system = SystemColor.allCases.first(where: { "\($0)" == name }) {
      return system.color(in: appearance)
    }
    guard name.hasPrefix("#"), name.count == 7, let value = Int(name.dropFirst(), radix: 16) else {
      return nil
    }
    return RGBAColor(red8: value >> 16 & 0xFF, green8: value >> 8 & 0xFF, blue8: value & 0xFF)
  }

  static func expected(_ text: String) -> String {
    "'\(text)' is not a colour: use white, black, red, yellow, green, cyan, pink, purple, blue or #RRGGBB"
  }
}
