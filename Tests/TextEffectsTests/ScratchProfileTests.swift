import Foundation
import Testing
@testable import TextEffects

@Suite struct ScratchProfileTests {
  @Test func profileCompletion() {
    let text = String(repeating: "*a **a ", count: 3750)
    if ProcessInfo.processInfo.environment["SCRATCH_PROFILE"] == "1" {
      for _ in 0..<40 { _ = MarkdownCompletion.complete(text) }
    }
  }
}
