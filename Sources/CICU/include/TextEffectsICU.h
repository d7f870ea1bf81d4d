// The few calls of ICU's C API the text stack makes: bidi levels and reordering (UAX #9), line
// and word boundaries (UAX #14 with the dictionaries Thai, Lao, Khmer and Burmese need, UAX #29)
// and each code point's script (UAX #24), from Debian's libicu.
//
// Only plain C types cross this header. ICU's own headers stay in TextEffectsICU.c: Swift's
// Foundation carries an ICU of its own whose types have the same names, and the two cannot be
// seen side by side. ICU also renames each function by its version with macros Swift does not
// follow; the C file, compiled by Clang, does.
#ifndef TEXT_EFFECTS_ICU_H
#define TEXT_EFFECTS_ICU_H
#include <stdint.h>

typedef struct te_bidi te_bidi;

/// A paragraph's bidi analysis, over a copy of `text` it keeps; `base` is 0 (left to right), 1
/// (right to left) or 2 (from the first strong character). NULL when ICU fails.
te_bidi *te_bidi_open(const uint16_t *text, int32_t length, int32_t base);
void te_bidi_close(te_bidi *bidi);
/// The paragraph's level: odd reads right to left.
int32_t te_bidi_paragraph_level(const te_bidi *bidi);
/// Each code unit's level (`length` of them), or NULL when ICU fails.
const uint8_t *te_bidi_levels(te_bidi *bidi);
/// The runs of the line of units `start..<limit`, left to right as they show: each run's first
/// unit and length, and 1 where it reads right to left, at most `capacity` of them. Returns how
/// many runs there are, or -1 when ICU fails.
int32_t te_bidi_line_runs(
    te_bidi *bidi, int32_t start, int32_t limit, int32_t *starts, int32_t *lengths,
    uint8_t *right_to_left, int32_t capacity);

typedef struct te_breaker te_breaker;

/// A break iterator (kind 0: where a line may break, 1: words, 2: sentences) with `locale`'s rules, to use on
/// many texts: opening one costs far more than using it. NULL when ICU fails.
te_breaker *te_breaker_open(int32_t kind, const char *locale);
void te_breaker_close(te_breaker *breaker);
/// The boundaries of `text` after its start, in ascending order; at most `capacity`. Returns
/// the count, or -1 when ICU fails.
int32_t te_breaker_boundaries(
    te_breaker *breaker, const uint16_t *text, int32_t length, int32_t *offsets,
    int32_t capacity);

/// The script of `code_point` (ICU's UScriptCode), and its ISO 15924 name ("Arab").
int32_t te_script(uint32_t code_point);
const char *te_script_name(int32_t script);
extern const int32_t te_script_common, te_script_inherited, te_script_latin, te_script_han,
    te_script_hiragana, te_script_katakana, te_script_hangul;

/// ICU's version ("72.1"), and the Unicode version it follows ("15.0") written into `name`.
const char *te_icu_version(void);
void te_unicode_version(char name[32]);

/// The Line_Break class ICU gives `code_point`, by its short name ("AL", "AS"): what says
/// which cases of a conformance file made for an older Unicode than ICU's have changed.
const char *te_line_break_class(uint32_t code_point);

#endif
