import TextEffects

extension CommandLineOptions {
  /// The help: the options, then the window's keys as the key map lists them.
  package static let usage =
    options + "\nkeys in the window (? or F1 shows them there too):\n" + keys

  /// One line a help row, keys padded to a column, so the list is the key map's own.
  static var keys: String {
    let width = (KeyMap.help.map(\.keys.count).max() ?? 0) + 2
    return KeyMap.help.map { row in
      "  " + row.keys + String(repeating: " ", count: width - row.keys.count) + row.action + "\n"
    }.joined()
  }

  static var options: String {
    let seeded = SceneKind.names(
      SceneKind.allCases.filter { $0.effect.commandLineOptions.contains("--seed") },
      joinedBy: "and")
    return """
      usage: text-effects [options]
        Plays the text effects in a window; with --screenshot, --out or --contact-sheet, writes
        PNG images headless instead.

      options:
        --scene NAME         \(SceneKind.names()) (default: typewriter)
        --screenshot FILE    write the frame at --at to FILE as a PNG and exit; needs no display
        --at SECONDS         the time since the scene started, for --screenshot (default: 0);
                             in the window, the clock holds there, in every scene
        --frames A:B:STEP    the times A, A+STEP, ... up to B, for --out, --animation or
                             --contact-sheet
        --times T1,T2,...    chosen times instead
        --out DIR            write the frames as DIR/frame-00000.png, ...; DIR is made if the
                             folder it is in exists
        --animation FILE     write the frames as one animated image: FILE.apng (or .png) or
                             FILE.gif, each frame shown until the next one's time
        --contact-sheet FILE tile the frames in one PNG, each labelled with its time
        --columns N          tiles a row in the contact sheet (default: the square root)
        --kiosk              fullscreen, no controls, scenes cycling; Ctrl+Alt+Q quits
        --cycle SECONDS      how long each kiosk item stays, 1 to 86400 (default: 15)
        --content FILE       the kiosk's items as JSON (see examples/kiosk.json), read again
                             whenever the file changes; a bad edit keeps what is on screen
        --stdin              stream standard input into the streaming scene as it arrives
        --record-trace FILE  with --stdin, save each arrival and its time since the first in
                             FILE (JSON Lines), to play again with --trace
        --trace FILE         play a saved trace into the streaming scene instead of the demo's
                             chunks: the window, the kiosk, images and suites
        --bench              time N frames of the scene (60 a second of scene time), then the
                             same frames drawn the naive way; prints the figures
        --frames N           with --bench, how many frames (default: 600)
        --renderer NAME      how the window and the kiosk draw: auto (the default), software
                             (only what changes; no GPU needed) or opengl (whole frames);
                             with --bench: software (offscreen) or opengl (a window)
        --no-baseline        with --bench, skip the naive way
        --characters N       how many characters the stress scene streams (default: 10000)
        --compare A B        compare two PNGs as the test goldens are: exit 0 when they match,
                             1 when they differ, 2 when one cannot be read
        --diff FILE          with --compare, write an image marking the differing pixels
        --threshold T        with --compare, 0 to 1: how far apart two colours may be and still
                             be the same, on pixelmatch's scale (default: 0.1)
        --max-diff-pixels N  with --compare, how many pixels may differ and still match
                             (default: 0)
        --max-diff-ratio R   instead, the share of the pixels that may differ, 0 to 1
        --include-anti-aliasing
                             with --compare, count pixels on anti-aliased edges too
        --check SUITE        draw a suite's cases (JSON; see examples/visual-regression) on all
                             cores and compare each with its reference image beside it: exit 0
                             when all match, 1 when some differ, 2 when the suite is not right
        --update             with --check, write the references that are missing or differ
        --report DIR         with --check, write DIR/index.html: every frame, failures first
        --size WxH           the canvas in points, each side 1 to 8192 (default: 900x600)
        --scale K            pixels per point, above 0 and up to 8 (default: 1)
        --reduce-motion      each effect keeps its still look, as with Reduce Motion on
        --appearance MODE    dark or light (default: dark): the streaming scene's colours and the
                             controls'; the other scenes' system colours take its shade
        --increase-contrast  the system colours take their accessible shades (the glitch's
                             copies, the buttons), as with Increase Contrast on
        --follow-desktop yes|no
                             whether the window and the kiosk follow the desktop's Reduce
                             Motion, dark or light, text size and contrast, live (default: yes);
                             an option given above wins over the desktop
        --seed N             0 to 2^64-1 (default: 0): picks the random choices of the
                             \(seeded) scenes, such as the streaming demo's chunk timing
        --text STRING        the scene's text instead of the demo's: the typewriter's lines, one
                             per line; the glitch's large line, then the line below; the streamed answer
        --text-file FILE     the same, read from FILE as UTF-8 (its final line break is dropped)
        --question STRING    the streaming scene's question, in its bubble; "" hides the bubble
        --no-chrome          the window shows the scene alone, as a screenshot does
        --chrome             a screenshot shows the window's tabs and status line too
        --help, -h           show this help and exit
        --version            show the version and exit

      An option that would do nothing where it is given (--columns without --contact-sheet,
      --question with another scene than streaming) is refused, as is a value out of range.

      """
  }
}
