import FoundationEssentials
import TextEffects

extension CommandLineOptions {
  /// The kiosk's request: its content (a file, standard input, or the three demos), cycle,
  /// window and scale, after checking that the options go together.
  static func kioskRequest(
    isKiosk: Bool, readsStandardInput: Bool, stdinFormat: StreamFormat?, traceRecording: String?,
    playLog: String?,
    cycle: Double?,
    contentPath: String?,
    output: Option?, scale: Double?, size: Size, settings: SceneSettings
  ) throws(UsageError) -> KioskRequest {
    if let output { throw UsageError(description: "\(output) and the kiosk options do not mix") }
    if !isKiosk, cycle != nil || contentPath != nil {
      throw UsageError(
        description: "\(cycle != nil ? Option.cycle : .content) needs \(Option.kiosk)")
    }
    if playLog != nil, !isKiosk, !readsStandardInput {
      throw UsageError(
        description: "\(Option.playLog) logs a kiosk's items; add \(Option.kiosk)")
    }
    if readsStandardInput, contentPath != nil {
      throw UsageError(
        description: "\(Option.stdin) and \(Option.content) both give the text; choose one")
    }
    if readsStandardInput, settings[StreamingSettings.self].trace != nil {
      throw UsageError(
        description: "\(Option.stdin) and \(Option.trace) both give the text; choose one")
    }
    if stdinFormat != nil, !readsStandardInput {
      throw UsageError(
        description: "\(Option.stdinFormat) says how standard input is read; add \(Option.stdin)")
    }
    if traceRecording != nil, !readsStandardInput {
      throw UsageError(
        description:
          "\(Option.recordTrace) saves what arrives on standard input; add \(Option.stdin)")
    }
    var base = settings
    base[StreamingSettings.self].showsAskAgain = false
    let content: KioskContent
    if readsStandardInput {
      // One streaming item that never ends, showing only what arrives.
      base[StreamingSettings.self].question = base[StreamingSettings.self].question ?? ""
      base[StreamingSettings.self].streamsLiveInput = true
      content = KioskContent(items: [.init(scene: .streaming, settings: base, duration: .infinity)])
    } else if let contentPath {
      let data = try readFile(contentPath, option: .content)
      do {
        content = try KioskContent.parse(data, base: base)
      } catch {
        throw UsageError(description: "\(Option.content): \(contentPath): \(error.description)")
      }
    } else {
      content = KioskContent(
        items: SceneKind.demos.map { .init(scene: $0, settings: base, duration: nil) })
    }
    return KioskRequest(
      contentPath: contentPath, content: content, readsStandardInput: readsStandardInput,
      standardInputFormat: stdinFormat ?? .auto,
      traceRecording: traceRecording, playLog: playLog,
      cycle: cycle ?? 15, isFullscreen: isKiosk, scale: scale ?? (isKiosk ? nil : 1),
      size: size, settings: base)
  }

}
