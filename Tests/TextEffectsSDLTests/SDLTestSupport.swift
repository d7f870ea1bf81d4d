import CSDL2
import Foundation
import Testing

@testable import TextEffects
@testable import TextEffectsSDL

/// The tests of the SDL layer. Offscreen ones run in parallel, each with fonts of its own (as
/// a suite's `--check` workers draw); those on the display share one X server, keyboard and
/// pointer, and run one at a time in `OnTheDisplay`.
@Suite struct SDLTests {
  /// The real window's tests under Xvfb: a key or a click meant for one window would reach
  /// another, and a processor measurement would count another window's frames.
  @Suite(.serialized) struct OnTheDisplay {}
}

enum TestAssets {
  static let repository = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
  static let fonts = repository.appendingPathComponent("Assets/Fonts")

  /// A font library of the caller's own: one is used by one thread at a time, and the tests
  /// run on several at once.
  static func library() throws -> FontLibrary { try FontLibrary(directory: fonts) }
}

extension TextEffectsRenderer {
  /// `list` as a whole frame on `target` at `scale`, through the public methods, as the window
  /// and the screenshots draw one.
  func draw(_ list: DrawList, on target: SDLRenderTarget, pixelsPerPoint scale: Double) throws {
    renderer = target.renderer
    pixelsPerPoint = scale
    try clear(to: list.background)
    try draw(list)
  }
}

extension RGBAImage {
  /// The pixels of any SDL surface, converted to RGBA.
  init(surface: UnsafeMutablePointer<SDL_Surface>) throws {
    let rgba = try #require(SDL_ConvertSurfaceFormat(surface, SDL_PIXELFORMAT_RGBA32.rawValue, 0))
    defer { SDL_FreeSurface(rgba) }
    self = PNGFile.image(of: rgba)
  }

  /// Every pixel as a tuple, for counting.
  var pixels: [(UInt8, UInt8, UInt8, UInt8)] {
    stride(from: 0, to: bytes.count, by: 4).map {
      (bytes[$0], bytes[$0 + 1], bytes[$0 + 2], bytes[$0 + 3])
    }
  }

  /// How many pixels differ from `color` in any channel.
  func count(differingFrom color: (UInt8, UInt8, UInt8)) -> Int {
    pixels.filter { $0.0 != color.0 || $0.1 != color.1 || $0.2 != color.2 }.count
  }
}

/// How often a feed (the desktop watcher, the standard-input reader) woke the window, from its
/// thread.
final class Woken: @unchecked Sendable {
  private let lock = NSLock()
  private var value = 0
  var count: Int {
    get { lock.withLock { value } }
    set { lock.withLock { value = newValue } }
  }
}
