// The kernel's event-loop primitives, which Swift's Glibc module does not expose.
// Only LinuxInput imports this module.
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/inotify.h>
#include <sys/timerfd.h>
