// cmark-gfm (Debian's libcmark-gfm-dev and libcmark-gfm-extensions-dev): GitHub-flavoured
// Markdown, parsed by the reference implementation GitHub itself runs.
#include <cmark-gfm.h>
#include <cmark-gfm-extension_api.h>
#include <cmark-gfm-core-extensions.h>
