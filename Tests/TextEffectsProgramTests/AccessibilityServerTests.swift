import Foundation
import Testing
import TextEffectsTestSupport

@testable import TextEffects
@testable import TextEffectsApp
@testable import TextEffectsProgram

/// The accessibility server in this process, on a private session bus with at-spi2-core's bus
/// and registry, read through pyatspi: the I/O loop answers a reader while another thread
/// publishes frames, as the window's loop does. The screen-reader tests run it in the window,
/// in another process; here ThreadSanitizer sees both of its threads.
@Suite(.threadOfItsOwn(.waiting), .enabled(if: ScreenReaderDesktop.isAvailable))
struct AccessibilityServerTests {
  @Test func aReaderReadsAndPressesWhileFramesArePublished() throws {
    let reader = try ScreenReaderDesktop()
    let server = AccessibilityServer(
      environment: ProcessInfo.processInfo.environment.merging(reader.desktop.environment) {
        $1
      })
    let woken = Locked(0)
    let loop = IOLoop()
    defer { loop.stop() }
    server.start(on: loop) { woken.value += 1 }
    let deadline = Date().addingTimeInterval(10)
    while !server.isListening, Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
    try #require(server.isListening, "the server did not follow the bus's IsEnabled")

    // A showcase typing, published sixty times a second from a thread of its own.
    let publishing = Locked(true)
    let stopped = DispatchSemaphore(value: 0)
    let size = Size(width: 900, height: 600)
    Thread.detachNewThread {
      let showcase = Showcase(
        scene: .typewriter, settings: SceneSettings(), showsChrome: true,
        fonts: FakeMonospaceMetrics(), now: 0)
      var now = 0.0
      while publishing.value {
        server.publish(
          showcase.accessibleWindow(at: now, in: size), isActive: true, origin: .zero, scale: 1,
          size: size)
        now += 1.0 / 60
        Thread.sleep(forTimeInterval: 1.0 / 60)
      }
      stopped.signal()
    }
    defer {
      publishing.value = false
      stopped.wait()
    }

    let tree = try reader.tree()
    #expect(tree.role == "application")
    #expect(tree.children.first?.name == "TextEffects - Typewriter")
    // The line whole, never the part typed so far.
    #expect(
      tree.all.filter { $0.role == "label" }.map(\.name) == [TypewriterScene.demoLines[0]],
      "\(tree.all.map(\.name))")
    try reader.read(["press", "text-effects", "Glitch"])
    let pressed = Date().addingTimeInterval(5)
    while woken.value == 0, Date() < pressed { Thread.sleep(forTimeInterval: 0.01) }
    #expect(server.takePresses() == [.tab(.glitch)])
  }
}
