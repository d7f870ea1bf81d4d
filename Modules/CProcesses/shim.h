// A process's descriptor (Linux 5.3, glibc 2.36): a kiosk item's command is heard ending on the
// program's I/O loop, as any descriptor is, with no SIGCHLD handler and no thread to wait.
#include <sys/pidfd.h>
