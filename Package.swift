// swift-tools-version:6.0
import PackageDescription

import class Foundation.ProcessInfo

/// The sanitizers' builds, each in a folder of its own (`scripts/builds`): every command on one
/// sets TEXT_EFFECTS_SANITIZER to `address` (AddressSanitizer's build, which is also
/// libFuzzer's) or `thread`, alike each time, since the manifest reads it.
let sanitizer = ProcessInfo.processInfo.environment["TEXT_EFFECTS_SANITIZER"]
let isAddressSanitizerBuild = sanitizer == "address"
/// In that build the tests' own code is compiled without optimisation: what they exercise there
/// is the libraries, and optimising the tests' code took two thirds of the build's processor
/// time (263 of 400 s). The tests' own build keeps it optimised: hostile texts, conformance
/// files and pixels compared in the tests' own loops took 129 more processor-seconds
/// unoptimised than the 120 its optimisation costs.
let testSettings: [SwiftSetting] = isAddressSanitizerBuild ? [.unsafeFlags(["-Onone"])] : []
/// libFuzzer's coverage hooks, in that build, only in the modules the fuzzers link (the core,
/// the application's logic and the fuzzing checks, `scripts/fuzz`): the tests and the SDL side
/// instrumented too took 26 more processor-seconds (410 against 384) and guided no fuzzer.
let fuzzedSettings: [SwiftSetting] =
  isAddressSanitizerBuild
  ? [
    .unsafeFlags([
      "-sanitize-coverage=edge,indirect-calls,trace-cmp,inline-8bit-counters,pc-table"
    ])
  ] : []
/// The running program's tests are compiled unoptimised in every build: they wait on the program
/// they start, a window or an X server, and their own code does little, while optimising it
/// took three times as long as compiling it (93 processor-seconds optimised in the
/// AddressSanitizer build, 31 unoptimised in the tests' own).
let programTestSettings: [SwiftSetting] = [.unsafeFlags(["-Onone"])]
/// The test targets a build holds: every one, but a sanitizer's build only those with a suite it
/// runs (`scripts/test` lists them) and what they share. Each test target costs more to compile
/// than its suites take to run (Swift Testing's expectations are macros, type-checked as they
/// expand), and the others' suites are never run there.
func holdsTests(_ target: Target) -> Bool {
  switch sanitizer {
  case "address":
    ["TextEffectsTestSupport", "TextEffectsSDLTests", "TextEffectsProgramTests"]
      .contains(target.name)
  case "thread": ["TextEffectsTestSupport", "TextEffectsProgramTests"].contains(target.name)
  default: true
  }
}

let package = Package(
  name: "TextEffects",
  // The products are licensed under the Apache License 2.0 (LICENSE); the bundled fonts in
  // Assets/Fonts keep their own licences, beside them.
  products: [
    .executable(name: "text-effects", targets: ["text-effects"]),
    .library(name: "TextEffects", targets: ["TextEffects"]),
    .library(name: "TextEffectsSDL", targets: ["TextEffectsSDL"]),
  ],
  targets: [
    // SDL's headers are found as <SDL2/...> in the system's include folder and find each other
    // by relative paths, so SDL needs no flags from pkg-config: its `-D_REENTRANT`, which
    // SwiftPM refuses, warned six times a build.
    .systemLibrary(name: "CSDL2", path: "Modules/CSDL2"),
    .systemLibrary(name: "CSDL2Image", path: "Modules/CSDL2Image"),
    .systemLibrary(
      name: "CHarfBuzz", path: "Modules/CHarfBuzz", pkgConfig: "harfbuzz",
      providers: [.apt(["libharfbuzz-dev", "libfreetype-dev"])]),
    // ICU (Debian's libicu-dev) behind a header of plain C types: Foundation's own ICU has
    // types of the same names, which a module map of ICU's headers would clash with.
    .target(name: "CICU", linkerSettings: [.linkedLibrary("icuuc")]),
    // cmark-gfm, GitHub's Markdown parser, with its extensions (tables, task lists).
    .systemLibrary(
      name: "CCmark", path: "Modules/CCmark", pkgConfig: "libcmark-gfm",
      providers: [.apt(["libcmark-gfm-dev", "libcmark-gfm-extensions-dev"])]),
    .systemLibrary(
      name: "CFontconfig", path: "Modules/CFontconfig", pkgConfig: "fontconfig",
      providers: [.apt(["libfontconfig-dev"])]),
    // GIO's headers sit beside GObject's; gio-2.0's pkg-config adds `-pthread`, which SwiftPM
    // refuses with a warning every build, so the flags are GObject's and the module links GIO.
    .systemLibrary(
      name: "CGio", path: "Modules/CGio", pkgConfig: "gobject-2.0",
      providers: [.apt(["libglib2.0-dev"])]),
    // Jansson, to say where the JSON a person wrote breaks the grammar (`JSONSyntax`).
    .systemLibrary(
      name: "CJansson", path: "Modules/CJansson", pkgConfig: "jansson",
      providers: [.apt(["libjansson-dev"])]),
    // glibc's allocator settings (mallopt), which Swift's Glibc module leaves out.
    .systemLibrary(name: "CMalloc", path: "Modules/CMalloc"),
    .systemLibrary(name: "CThreads", path: "Modules/CThreads"),
    // A process's descriptor (pidfd_open), which Swift's Glibc module leaves out.
    .systemLibrary(name: "CProcesses", path: "Modules/CProcesses"),
    // The pure core: what the effects are, text laid out by ICU's rules, Markdown read by
    // cmark-gfm. No SDL, no wall clock, no global randomness.
    .target(name: "TextEffects", dependencies: ["CICU", "CCmark"], swiftSettings: fuzzedSettings),
    // The library's SDL side: fonts (bundled, then fontconfig's), FreeType and HarfBuzz, the
    // glyph atlas, drawing into a caller's renderer, offscreen images. The only library code
    // that calls SDL.
    .target(
      name: "TextEffectsSDL",
      dependencies: ["TextEffects", "CSDL2", "CSDL2Image", "CHarfBuzz", "CFontconfig"]),
    // The application's logic, not a product: the scenes the effects play in, the showcase,
    // kiosk, suites, imaging, desktop following and the command line's reading. Pure, as the
    // core is: no SDL, no clock, no threads, so all of it is tested without a window.
    .target(
      name: "TextEffectsApp", dependencies: ["TextEffects", "CJansson"],
      swiftSettings: fuzzedSettings),
    // The running program, not a product: the window loop, presenters, feeds, bench, suite
    // runs, the desktop watcher (GIO) and each mode of the command line. It draws through the
    // two libraries as any program does; a program of its own compiles none of this.
    .target(
      name: "TextEffectsProgram",
      dependencies: [
        "TextEffects", "TextEffectsSDL", "TextEffectsApp", "CSDL2", "CGio", "CMalloc", "CThreads",
        "CProcesses",
      ]),
    // Hostile text and the checks every input must pass: for the tests and for libFuzzer.
    .target(
      name: "TextEffectsFuzzing", dependencies: ["TextEffects", "TextEffectsApp"],
      swiftSettings: fuzzedSettings),
    .executableTarget(name: "text-effects", dependencies: ["TextEffectsProgram"]),
    // The examples: one file each, built by `swift build`, run by `swift run NAME`.
    example("typewriter-loop", usesSDL: true),
    example("glitch-title", usesSDL: true),
    example("streaming-thread", usesSDL: true),
    example("wave-renderer", usesSDL: true),
    example("frames-to-png", usesSDL: false),
    example("long-answer", usesSDL: true),
  ]
    + [
      // The tests mirror the targets they test: the core, the SDL library, the application's
      // logic and the running program (windows, subprocesses, the repository's own promises),
      // with what two or more of them share in a target of its own. The few suites of the core
      // or the application's logic that a sanitizer runs are among the program's tests, so
      // that its build holds the fewest test targets (`holdsTests`); each says so.
      .testTarget(
        name: "TextEffectsTestSupport",
        dependencies: ["TextEffects", "TextEffectsSDL", "TextEffectsFuzzing", "CSDL2"],
        swiftSettings: testSettings),
      .testTarget(
        name: "TextEffectsTests",
        dependencies: ["TextEffects", "TextEffectsFuzzing", "TextEffectsTestSupport"],
        swiftSettings: testSettings),
      .testTarget(
        name: "TextEffectsSDLTests",
        dependencies: [
          "TextEffects", "TextEffectsSDL", "TextEffectsApp", "TextEffectsFuzzing",
          "TextEffectsTestSupport", "CSDL2", "CHarfBuzz",
        ],
        swiftSettings: testSettings),
      .testTarget(
        name: "TextEffectsAppTests",
        dependencies: [
          "TextEffects", "TextEffectsApp", "TextEffectsFuzzing", "TextEffectsTestSupport",
        ],
        swiftSettings: testSettings),
      .testTarget(
        name: "TextEffectsProgramTests",
        dependencies: [
          "TextEffects", "TextEffectsSDL", "TextEffectsApp", "TextEffectsProgram",
          "TextEffectsFuzzing", "TextEffectsTestSupport", "CSDL2", "CSDL2Image",
        ],
        swiftSettings: programTestSettings),
    ].filter(holdsTests),
  swiftLanguageModes: [.v6]
)

/// An example program: `examples/NAME/main.swift`, with its screenshot beside it.
func example(_ name: String, usesSDL: Bool) -> Target {
  .executableTarget(
    name: name,
    dependencies: ["TextEffects", "TextEffectsSDL"] + (usesSDL ? ["CSDL2"] : []),
    path: "examples/\(name)", exclude: ["screenshot.png"])
}
