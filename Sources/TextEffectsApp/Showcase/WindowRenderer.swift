import TextEffects

/// How a window draws, chosen with `--renderer`.
package enum WindowRenderer: String, CaseIterable, Sendable {
  /// Software where OpenGL would be a software rasteriser too (llvmpipe, softpipe, swrast) or
  /// is missing; OpenGL on a real GPU.
  case auto
  /// SDL's software renderer on the window's own surface, redrawing and sending to the screen
  /// only the rectangles that changed: cheap wherever a frame changes little.
  case software
  /// SDL's OpenGL renderer, every frame drawn whole: best on a real GPU.
  case opengl
}
