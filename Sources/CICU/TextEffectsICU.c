#include "TextEffectsICU.h"

#include <stdlib.h>
#include <string.h>
#include <unicode/ubidi.h>
#include <unicode/ubrk.h>
#include <unicode/uchar.h>
#include <unicode/uscript.h>

struct te_bidi {
  UBiDi *paragraph;
  UBiDi *line;
  UChar *text;  // ICU reads the text where it is for as long as it works on it
};

te_bidi *te_bidi_open(const uint16_t *text, int32_t length, int32_t base) {
  te_bidi *bidi = calloc(1, sizeof(te_bidi));
  if (bidi == NULL) return NULL;
  bidi->paragraph = ubidi_open();
  bidi->line = ubidi_open();
  bidi->text = malloc(sizeof(UChar) * (size_t)(length > 0 ? length : 1));
  if (bidi->paragraph == NULL || bidi->line == NULL || bidi->text == NULL) {
    te_bidi_close(bidi);
    return NULL;
  }
  if (length > 0) memcpy(bidi->text, text, sizeof(UChar) * (size_t)length);
  UBiDiLevel level = base == 0 ? 0 : base == 1 ? 1 : UBIDI_DEFAULT_LTR;
  UErrorCode error = U_ZERO_ERROR;
  ubidi_setPara(bidi->paragraph, bidi->text, length, level, NULL, &error);
  if (U_FAILURE(error)) {
    te_bidi_close(bidi);
    return NULL;
  }
  return bidi;
}

void te_bidi_close(te_bidi *bidi) {
  if (bidi == NULL) return;
  if (bidi->line != NULL) ubidi_close(bidi->line);
  if (bidi->paragraph != NULL) ubidi_close(bidi->paragraph);
  free(bidi->text);
  free(bidi);
}

int32_t te_bidi_paragraph_level(const te_bidi *bidi) {
  return ubidi_getParaLevel(bidi->paragraph);
}

const uint8_t *te_bidi_levels(te_bidi *bidi) {
  UErrorCode error = U_ZERO_ERROR;
  const UBiDiLevel *levels = ubidi_getLevels(bidi->paragraph, &error);
  return U_FAILURE(error) ? NULL : levels;
}

int32_t te_bidi_line_runs(
    te_bidi *bidi, int32_t start, int32_t limit, int32_t *starts, int32_t *lengths,
    uint8_t *right_to_left, int32_t capacity) {
  UErrorCode error = U_ZERO_ERROR;
  ubidi_setLine(bidi->paragraph, start, limit, bidi->line, &error);
  int32_t count = ubidi_countRuns(bidi->line, &error);
  if (U_FAILURE(error)) return -1;
  for (int32_t run = 0; run < count && run < capacity; run++) {
    int32_t logical = 0, length = 0;
    UBiDiDirection direction = ubidi_getVisualRun(bidi->line, run, &logical, &length);
    starts[run] = start + logical;
    lengths[run] = length;
    right_to_left[run] = direction == UBIDI_RTL;
  }
  return count;
}

te_breaker *te_breaker_open(int32_t kind, const char *locale) {
  UErrorCode error = U_ZERO_ERROR;
  UBreakIterator *iterator = ubrk_open(
      kind == 0 ? UBRK_LINE : kind == 1 ? UBRK_WORD : UBRK_SENTENCE, locale, NULL, 0, &error);
  if (U_FAILURE(error)) {
    if (iterator != NULL) ubrk_close(iterator);
    return NULL;
  }
  return (te_breaker *)iterator;
}

void te_breaker_close(te_breaker *breaker) {
  if (breaker != NULL) ubrk_close((UBreakIterator *)breaker);
}

int32_t te_breaker_boundaries(
    te_breaker *breaker, const uint16_t *text, int32_t length, int32_t *offsets,
    int32_t capacity) {
  UBreakIterator *iterator = (UBreakIterator *)breaker;
  UErrorCode error = U_ZERO_ERROR;
  ubrk_setText(iterator, text, length, &error);
  if (U_FAILURE(error)) return -1;
  int32_t count = 0;
  ubrk_first(iterator);
  for (int32_t next = ubrk_next(iterator); next != UBRK_DONE && count < capacity;
       next = ubrk_next(iterator)) {
    offsets[count++] = next;
  }
  // The iterator keeps no pointer to a text that may go.
  static const UChar nothing[1] = {0};
  ubrk_setText(iterator, nothing, 0, &error);
  return count;
}

int32_t te_script(uint32_t code_point) {
  UErrorCode error = U_ZERO_ERROR;
  UScriptCode script = uscript_getScript((UChar32)code_point, &error);
  return U_FAILURE(error) ? USCRIPT_COMMON : script;
}

const char *te_script_name(int32_t script) {
  const char *name = uscript_getShortName((UScriptCode)script);
  return name != NULL ? name : "Zyyy";
}

const int32_t te_script_common = USCRIPT_COMMON, te_script_inherited = USCRIPT_INHERITED,
              te_script_latin = USCRIPT_LATIN, te_script_han = USCRIPT_HAN,
              te_script_hiragana = USCRIPT_HIRAGANA, te_script_katakana = USCRIPT_KATAKANA,
              te_script_hangul = USCRIPT_HANGUL;

const char *te_icu_version(void) { return U_ICU_VERSION; }

void te_unicode_version(char name[32]) {
  UVersionInfo unicode;
  u_getUnicodeVersion(unicode);
  u_versionToString(unicode, name);
}

const char *te_line_break_class(uint32_t code_point) {
  int32_t value = u_getIntPropertyValue((UChar32)code_point, UCHAR_LINE_BREAK);
  const char *name = u_getPropertyValueName(UCHAR_LINE_BREAK, value, U_SHORT_PROPERTY_NAME);
  return name != NULL ? name : "XX";
}
