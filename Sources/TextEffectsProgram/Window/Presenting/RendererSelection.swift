import CSDL2
import FoundationEssentials
import TextEffects
import TextEffectsApp
import TextEffectsSDL

/// Decides how a window draws when the user left it to `auto`: software, redrawing only what
/// changes, wherever OpenGL would run on the processor anyway (no GPU, Xvfb, a virtual machine);
/// OpenGL where a real GPU does the work.
enum RendererSelection {
  /// Whether `choice` comes down to the software renderer on this machine.
  static func drawsInSoftware(_ choice: WindowRenderer) -> Bool {
    switch choice {
    case .software: return true
    case .opengl: return false
    case .auto:
      if let forced = getenv("LIBGL_ALWAYS_SOFTWARE"), String(cString: forced) != "0" {
        return true
      }
      // Without a GPU device, OpenGL can only be a software rasteriser; asking it would load
      // Mesa (55 MB of LLVM) just to hear so.
      guard hasGPUDevice else { return true }
      guard let name = OpenGLProbe.rendererName() else { return true }
      return OpenGLProbe.isSoftwareRasteriser(name)
    }
  }

  /// A DRM render node or NVIDIA's control device: something OpenGL could run on.
  static var hasGPUDevice: Bool {
    let nodes = (try? FileManager.default.contentsOfDirectory(atPath: "/dev/dri")) ?? []
    return nodes.contains { $0.hasPrefix("renderD") }
      || FileManager.default.fileExists(atPath: "/dev/nvidiactl")
  }
}

/// Asks OpenGL which renderer it would use, in a hidden window of its own.
enum OpenGLProbe {
  /// GL_RENDERER of a context made for the question, or nil when OpenGL is missing.
  static func rendererName() -> String? {
    guard
      let window = SDL_CreateWindow(
        "", 0, 0, 16, 16, SDL_WINDOW_OPENGL.rawValue | SDL_WINDOW_HIDDEN.rawValue)
    else { return nil }
    defer { SDL_DestroyWindow(window) }
    guard let context = SDL_GL_CreateContext(window) else { return nil }
    defer { SDL_GL_DeleteContext(context) }
    return currentRendererName()
  }

  /// GL_RENDERER of the current context (such as "llvmpipe (LLVM 15.0.6, 256 bits)").
  static func currentRendererName() -> String? {
    guard SDL_GL_GetCurrentContext() != nil,
      let address = SDL_GL_GetProcAddress("glGetString")
    else { return nil }
    typealias GetString = @convention(c) (UInt32) -> UnsafePointer<UInt8>?
    let glRenderer: UInt32 = 0x1F01
    guard let name = unsafeBitCast(address, to: GetString.self)(glRenderer) else { return nil }
    return String(cString: name)
  }

  /// Mesa's rasterisers that run on the processor.
  static func isSoftwareRasteriser(_ name: String) -> Bool {
    let lowered = name.lowercased()
    return ["llvmpipe", "softpipe", "swrast", "software"].contains { lowered.contains($0) }
  }
}
