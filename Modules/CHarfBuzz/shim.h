// HarfBuzz over FreeType: HarfBuzz shapes each run of a paragraph into glyph indices and
// positions, FreeType measures the font and rasterises each glyph by its index.
#include <ft2build.h>
#include FT_FREETYPE_H
#include <hb.h>
#include <hb-ft.h>

// FreeType's load flags and face tests are function-like macros, which Swift cannot import.
static const int32_t te_ft_load_light = FT_LOAD_DEFAULT | FT_LOAD_TARGET_LIGHT;
static const int32_t te_ft_load_light_color = FT_LOAD_DEFAULT | FT_LOAD_TARGET_LIGHT | FT_LOAD_COLOR;
static inline int te_ft_is_scalable(FT_Face face) { return FT_IS_SCALABLE(face) ? 1 : 0; }
static inline int te_ft_has_color(FT_Face face) { return FT_HAS_COLOR(face) ? 1 : 0; }
