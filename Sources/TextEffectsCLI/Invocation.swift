import TextEffects

/// What the command line asked for.
public enum Invocation: Equatable {
  case help
  case version
  case window(WindowRequest)
  /// One frame at `time`, written to `path`.
  case screenshot(path: String, time: Double, RenderRequest)
  /// A numbered PNG sequence in `directory`, one frame per time.
  case frames(directory: String, times: [Double], RenderRequest)
  /// One PNG that tiles the frames at `times`, `columns` a row.
  case contactSheet(path: String, times: [Double], columns: Int, RenderRequest)
  /// Two PNGs compared as the golden screenshots are; a diff image written when asked.
  case compare(expected: String, actual: String, diff: String?)
}

public struct WindowRequest: Equatable {
  public var scene: SceneKind
  public var settings: SceneSettings
  public var size: Size
  public var scale: Double
  public var showsChrome: Bool
  /// `--at T`: the clock holds at T, in every scene.
  public var frozenTime: Double?
}

/// What every headless image is drawn from.
public struct RenderRequest: Equatable {
  public var scene: SceneKind
  public var settings: SceneSettings
  public var size: Size
  public var scale: Double
  public var showsChrome: Bool
}
