// fontconfig: the system's fonts, to find one for a character the bundled fonts lack and to
// find a font a person names by its family.
#include <fontconfig/fontconfig.h>

// Its property names are macros of string literals; these name them for Swift.
static const char *const te_fc_family = FC_FAMILY;
static const char *const te_fc_file = FC_FILE;
static const char *const te_fc_index = FC_INDEX;
static const char *const te_fc_weight = FC_WEIGHT;
static const char *const te_fc_charset = FC_CHARSET;
static const char *const te_fc_lang = FC_LANG;
static const char *const te_fc_scalable = FC_SCALABLE;
static const char *const te_fc_color = FC_COLOR;
