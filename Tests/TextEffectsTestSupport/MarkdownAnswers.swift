/// Markdown answers the core's and the application's tests share: ones that look real, and
/// makers of hostile ones.
package enum MarkdownAnswers {
  /// examples/long-answer's recipe, `count` characters long (a section a hundred characters
  /// or so, over and over, under one heading): what the long-answer cost tests stream.
  package static func longAnswer(characters count: Int) -> [Character] {
    let section =
      "## Step\n\nFold the dough **four times**, then let the `starter` work for an hour; the "
      + "crumb opens as it rests.\n\n- wet your hands\n- fold from the edge\n\n```\n"
      + "rest(minutes: 60)\n```\n\n"
    return Array(
      ("# Sourdough, step by step\n\n" + String(repeating: section, count: count / 100 + 1))
        .prefix(count))
  }

  /// A real-looking model answer: a heading, a nested list, bold, italic, inline code, a
  /// link, strikethrough, a fenced Swift block, a table, a quote and a task list.
  package static let answer = """
    # Streaming text in Swift

    Here is how to **stream** a model's answer *as it arrives*, with `AsyncSequence`:

    1. Open a **connection** to the model.
    2. Read each chunk:
       - append it to the *buffer*
       - redraw only what ~~all~~ changed
    3. Show the [documentation](https://swift.org/documentation) when done.

    ```swift
    for try await chunk in stream {
        answer += chunk   // **not bold** in code
    }
    ```

    | Effect | Speed | Notes |
    |---|---:|---|
    | Typewriter | 20/s | blinking `cursor` |
    | Streaming | 80/s | **fades** in |

    > Note: a *quote* with `code`.

    - [x] parse with cmark-gfm
    - [ ] lay out styled runs

    That's all.

    """

  /// A second answer, harder on the completion: code inside a list item, underscores, emphasis
  /// inside a link, a heading after a list, a bare address, an escaped star.
  package static let secondAnswer = """
    ## Steps

    1) Install the __package__ with _one_ command:
       ```sh
       apt-get install libcmark-gfm-dev | tee log_file
       ```
    2) Read [the *guide*](https://example.org/guide) or www.example.org, not \\*this\\*.

    ### Done

    snake_case_names stay as they are; 2 * 3 = 6.

    """

  /// A third, on lines indented four columns or a tab: code after a blank line or at the start
  /// (nothing in it opens a marker), a paragraph's or a list item's continuation otherwise
  /// (where an open `**` or code span still closes).
  package static let indentedAnswer = """
    A paragraph with **bold that
        goes on, indented,** and *more
    of it, lazily*.

    \tlet code = [1, 2] // a [bracket and **stars
        more code `here

    After the code, **bold** again.

    - an item with `a code
      span` and **bold
        still the item's**
    lazily, still the *item*

    """

  /// Makers of hostile Markdown of a given length: nested quotes and lists, emphasis and
  /// bracket runs, one long code block.
  package static let hostile: [@Sendable (Int) -> String] = [
    { String(repeating: "> ", count: $0 / 2) + "deep" },
    { String(repeating: "- ", count: $0 / 2) + "deep" },
    { String(repeating: "*a _b ", count: $0 / 6) },
    { String(repeating: "**", count: $0 / 2) + "x" },
    // Brackets alone are held back until something comes after them.
    { String(repeating: "[", count: $0) + "x" },
    { "```\n" + String(repeating: "let x = 1 ** 2\n", count: $0 / 15) },
  ]
}
