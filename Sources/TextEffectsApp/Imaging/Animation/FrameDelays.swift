import TextEffects

/// How long each frame of an animation shows: until the next frame's time, so an animation of
/// `--frames 0:2:0.04` plays at the scene's own pace; the last as long as the one before it.
package enum FrameDelays {
  /// Nil unless the times increase.
  package static func delays(of times: [Double]) -> [Double]? {
    guard times.count > 1 else { return times.isEmpty ? nil : [0.1] }
    let steps = zip(times, times.dropFirst()).map { $1 - $0 }
    guard steps.allSatisfy({ $0 > 0 }) else { return nil }
    return steps + [steps[steps.count - 1]]
  }
}
