// GLib's GIO: GDBus, to read the desktop portal's settings on the session bus, and GSettings,
// where a desktop keeps them without a portal (its backend, to tell a real store from memory).
#include <gio/gio.h>
#define G_SETTINGS_ENABLE_BACKEND
#include <gio/gsettingsbackend.h>
// GLib's Unix sources: a descriptor watched in the program's I/O loop.
#include <glib-unix.h>
