import TextEffects

/// The help's groups of options, one a way of running, in the order a reader meets them: a
/// flat list of fifty options hides the few that matter for what a person wants to do.
enum HelpGroup: CaseIterable {
  case look, images, window, checks, bench, other

  var heading: String {
    switch self {
    case .look: "What is drawn, in the window, the kiosk and images:"
    case .images: "Images, headless:"
    case .window: "The window and the kiosk:"
    case .checks: "Suites and comparisons:"
    case .bench: "Timing:"
    case .other: "Help:"
    }
  }
}

extension Option {
  /// Where the help lists it.
  var helpGroup: HelpGroup {
    switch self {
    case .scene, .text, .textFile, .question, .markdown, .reasoning, .font, .lang, .seed,
      .characters, .trace, .size, .scale, .appearance, .reduceMotion, .increaseContrast:
      .look
    case .screenshot, .at, .chrome, .out, .frames, .times, .animation, .contactSheet, .columns:
      .images
    case .kiosk, .content, .cycle, .stdin, .stdinFormat, .recordTrace, .playLog, .control, .send,
      .followDesktop, .noFollowDesktop, .renderer, .noChrome:
      .window
    case .check, .update, .report, .reporter, .shard, .grep, .grepInvert, .lastFailed,
      .mergeReports, .compare, .diff, .threshold, .maxDiffPixels, .maxDiffRatio,
      .includeAntiAliasing:
      .checks
    case .bench, .noBaseline: .bench
    case .help, .version: .other
    }
  }
}
