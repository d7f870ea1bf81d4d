import FoundationEssentials
import TextEffects

/// The page `--check --report DIR` writes: one self-contained HTML file (the images inline,
/// no network, no outside scripts or fonts), one row per frame, failures first, each with its
/// expected, actual and diff images and a slider and a blink view to compare the two.
package enum SuiteReport {
  /// The page for `outcomes` of the suite `title`; `versions` are the libraries that drew
  /// now, `referenceVersions` those the references were made with, when recorded.
  package static func html(
    title: String, outcomes: [SuiteOutcome], versions: String, referenceVersions: String?
  ) -> String {
    let ordered =
      outcomes.filter(\.verdict.fails) + outcomes.filter { !$0.verdict.fails }
    let failing = outcomes.filter(\.verdict.fails).count
    let libraries = versions.split(separator: "\n").joined(separator: ", ")
    var recorded = "not recorded"
    if let referenceVersions {
      recorded = referenceVersions.split(separator: "\n").joined(separator: ", ")
    }
    let head =
      failing == 0
      ? "All \(outcomes.count) frames match" : "\(failing) of \(outcomes.count) frames fail"
    return """
      <!doctype html>
      <html lang="en">
      <head>
      <meta charset="utf-8">
      <title>\(escape(head)): \(escape(title))</title>
      <style>\(style)</style>
      </head>
      <body>
      <header>
      <h1 class="\(failing == 0 ? "passed" : "failed")">\(escape(head))</h1>
      <p>Suite \(escape(title)): \(escape(SuiteOutcome.counts(outcomes))).</p>
      <p>Drawn with \(escape(libraries)); references made with \(escape(recorded)).</p>
      </header>
      <main>
      \(ordered.map(row).joined(separator: "\n"))
      </main>
      <script>\(script)</script>
      </body>
      </html>

      """
  }

  private static func row(_ outcome: SuiteOutcome) -> String {
    let state = outcome.verdict.fails ? "fails" : "passes"
    func figure(_ caption: String, _ png: Data?, _ kind: String) -> String {
      guard let png else { return "" }
      return "<figure class=\"\(kind)\"><img alt=\"\(caption)\" src=\"data:image/png;base64,"
        + png.base64EncodedString() + "\"><figcaption>\(caption)</figcaption></figure>"
    }
    let comparing =
      outcome.expected == nil || outcome.verdict == .sizeDiffers
      ? ""
      : """
      <figure class="compare"><div class="stack"><img class="under" alt="expected"><div class="over"><img alt="actual"></div></div>
      <figcaption><input type="range" min="0" max="100" value="50" aria-label="expected to actual"> <button type="button">blink</button> actual | expected</figcaption></figure>
      """
    return """
      <section class="case \(state)">
      <h2><span class="badge">\(escape(outcome.verdict.word))</span> \(escape(outcome.caseName)) <small>at \(outcome.time) s, \(escape(outcome.reference))</small></h2>
      <p>\(escape(outcome.summary))</p>
      \(outcome.verdict.fails ? "<details open>" : "<details>")<summary>images</summary>
      <div class="images">\(figure("expected", outcome.expected, "expected"))\(figure("actual", outcome.actual, "actual"))\(figure("diff", outcome.diff, "diff"))\(comparing)</div>
      </details>
      </section>
      """
  }

  static func escape(_ text: String) -> String {
    text.replacingScalars(["&": "&amp;", "<": "&lt;", ">": "&gt;", "\"": "&quot;"])
  }

  private static let style = """
    body{margin:0;font:14px/1.4 sans-serif;background:#f4f4f4;color:#1d1d1f}
    header{padding:16px 24px;background:#fff;border-bottom:1px solid #ddd}
    h1{margin:0 0 8px;font-size:22px}h1.failed{color:#c62828}h1.passed{color:#2e7d32}
    header p{margin:4px 0}
    .case{margin:16px 24px;padding:12px 16px;background:#fff;border-left:14px solid #2e7d32}
    .case.fails{border-left-color:#d32f2f}
    summary{cursor:pointer;color:#555;margin-bottom:6px}
    h2{margin:0 0 6px;font-size:16px}h2 small{font-weight:normal;color:#666}
    .badge{display:inline-block;padding:1px 8px;border-radius:9px;color:#fff;background:#2e7d32}
    .fails .badge{background:#d32f2f}
    .images{display:flex;flex-wrap:wrap;gap:12px;align-items:flex-start}
    figure{margin:0}figcaption{color:#555;font-size:12px}
    img{display:block;max-width:320px;border:1px solid #ccc}
    .stack{position:relative;display:inline-block}
    .over{position:absolute;top:0;left:0;bottom:0;width:50%;overflow:hidden}
    .over img{max-width:none}
    """

  /// Fills each slider's two images from the row's own (so each image is inlined once), and
  /// moves the boundary or blinks between them.
  private static let script = """
    for (const row of document.querySelectorAll('.case')) {
      const compare = row.querySelector('.compare');
      if (!compare) continue;
      const under = compare.querySelector('.under'), over = compare.querySelector('.over');
      const top = over.querySelector('img');
      under.src = row.querySelector('.expected img').src;
      top.src = row.querySelector('.actual img').src;
      const fit = () => { top.style.width = under.clientWidth + 'px'; };
      under.addEventListener('load', fit); fit();
      const slider = compare.querySelector('input');
      slider.addEventListener('input', () => { over.style.width = slider.value + '%'; });
      let blinking = null;
      compare.querySelector('button').addEventListener('click', () => {
        if (blinking) { clearInterval(blinking); blinking = null; over.style.width = slider.value + '%'; return; }
        let shown = false;
        blinking = setInterval(() => { shown = !shown; over.style.width = shown ? '100%' : '0%'; }, 500);
      });
    }
    """
}
