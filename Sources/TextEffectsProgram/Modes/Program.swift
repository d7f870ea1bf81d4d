import FoundationEssentials
import Glibc
import TextEffects
import TextEffectsApp
import TextEffectsSDL

/// The program: reads its arguments, does what they ask, and ends. `main.swift` calls only this.
package enum Program {
  /// Runs the command line `arguments` (without the program's name) and exits with its status.
  package static func run(_ arguments: [String]) -> Never {
    MemoryReturn.fixThreshold()
    let invocation: Invocation
    do {
      invocation = try CommandLineOptions.parse(
        arguments, locale: LanguageTag.locale(in: ProcessInfo.processInfo.environment))
      try invocation.checkFonts()
    } catch {
      // One line: what is wrong and what to do. The whole usage would bury it.
      complain("text-effects: \(error)")
      exit(2)
    }

    do {
      switch invocation {
      case .help:
        print(CommandLineOptions.usage)
      case .version:
        print("text-effects \(CommandLineOptions.version)")
        print(LibraryVersions.summary)
      case .screenshot(let path, let time, let request):
        try makeRenderer(request, fonts: try openFonts()).render(at: time).savePNG(to: path)
      case .frames(let directory, let times, let request):
        do {
          try FileManager.default.createDirectory(
            atPath: directory, withIntermediateDirectories: true, attributes: nil)
        } catch {
          throw SDLError("\(Option.out): the folder \(directory) cannot be made (\(error.reason))")
        }
        let renderer = try makeRenderer(request, fonts: try openFonts())
        let progress = ProgressBar(total: times.count)
        for (index, time) in times.enumerated() {
          let name = "frame-" + Printed.padded(index, digits: 5) + ".png"
          try renderer.render(at: time).savePNG(to: "\(directory)/\(name)")
          progress.show(done: index + 1)
        }
      case .animation(let path, let times, let request):
        try runAnimation(path: path, times: times, request)
      case .contactSheet(let path, let times, let columns, let request):
        let fonts = try openFonts()
        try ContactSheet.render(
          times: times, columns: columns, with: try makeRenderer(request, fonts: fonts),
          fonts: fonts
        ).savePNG(to: path)
      case .check(let request):
        try runCheck(request)
      case .merge(let request):
        try runMerge(request)
      case .compare(let expected, let actual, let diff, let comparison):
        runComparison(expected: expected, actual: actual, diff: diff, comparison)
      case .bench(let request):
        try runBench(request, fonts: try openFonts())
      case .send(let command, let socket):
        sendCommand(command, socket: socket)
      case .kiosk(let request):
        AppWindow.prepareProcess()
        try runKiosk(request, fonts: try openFonts(), io: IOLoop())
      case .window(let request):
        AppWindow.prepareProcess()
        noteCutText(request.settings)
        let io = IOLoop()
        let inbox = WindowInbox()
        let desktop = request.followsDesktop ? watchDesktop(on: io, into: inbox) : nil
        let (window, showcase) = try AppWindow.open(
          options: .init(size: request.size, scale: request.scale, renderer: request.renderer),
          fonts: try openFonts()
        ) { fonts, _ in
          Showcase(
            scene: request.scene, settings: request.settings, showsChrome: request.showsChrome,
            fonts: fonts, now: AppWindow.now, frozenAt: request.frozenTime,
            following: request.following)
        }
        showcase.renderer = window.renderer
        window.followers.accessibility = serveScreenReaders(on: io)
        if let first = desktop?.firstReading(within: firstReadingWait) {
          showcase.receive(desktop: first)
        }
        window.beforeFrame = { _ in
          for case .desktop(let preferences) in inbox.take() {
            showcase.receive(desktop: preferences)
          }
        }
        let control = try openControlSocket(request.control, byDefault: false)
        let commands = WindowControl(content: showcase, window: window)
        commands.serve(control, on: io)
        try window.run()
        // A `quit` is answered before the window goes.
        control?.finish(within: 1)
      }
    } catch {
      complain("text-effects: \(error)")
      end(status: 1)
    }
    exit(0)
  }
}
