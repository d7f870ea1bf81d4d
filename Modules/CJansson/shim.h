// Jansson: the JSON people write (a kiosk's content, a suite, a trace) read strictly, to say
// where it is wrong, by line and column, before Foundation decodes it.
#include <jansson.h>
