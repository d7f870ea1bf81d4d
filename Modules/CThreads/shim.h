#include <pthread.h>

// glibc declares it only for _GNU_SOURCE, which Swift's C modules are built without.
extern int pthread_setname_np(pthread_t thread, const char *name);
