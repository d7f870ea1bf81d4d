// HarfBuzz over FreeType, the same pair SDL2_ttf shapes with, used to find where each
// character of a shaped line stands.
#include <ft2build.h>
#include FT_FREETYPE_H
#include <hb.h>
#include <hb-ft.h>

// FreeType's load flags are function-like macros, which Swift cannot import.
static const int32_t te_ft_load_light = FT_LOAD_DEFAULT | FT_LOAD_TARGET_LIGHT;
