#define SDL_MAIN_HANDLED
#include <SDL2/SDL_image.h>
