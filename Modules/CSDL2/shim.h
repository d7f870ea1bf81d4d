// SDL owns main() on some platforms; this program keeps its own and calls SDL_SetMainReady().
#define SDL_MAIN_HANDLED
#include <SDL2/SDL.h>
