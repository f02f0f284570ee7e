// Kernel interfaces Swift's Glibc module leaves out: the event-loop primitives, and ioctl
// (variadic in C, so not callable from Swift) for the one uinput request libevdev lacks.
// Only LinuxInput imports this module.
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/inotify.h>
#include <sys/ioctl.h>
#include <sys/timerfd.h>
#include <linux/uinput.h>

/// UI_SET_PHYS: give a uinput device its `phys` string (before UI_DEV_CREATE).
static inline int actionsim_uinput_set_phys(int fd, const char *phys) {
    return ioctl(fd, UI_SET_PHYS, phys);
}

/// A new pseudo-terminal pair through /dev/ptmx (TIOCSPTLCK, TIOCGPTN are ioctls too).
/// Returns 0 and both descriptors, or -1 with errno set.
#include <fcntl.h>
#include <stdio.h>
#include <unistd.h>
static inline int actionsim_open_pseudo_terminal(int *master, int *slave) {
    int m = open("/dev/ptmx", O_RDWR | O_NOCTTY | O_CLOEXEC);
    if (m < 0) return -1;
    int unlock = 0;
    unsigned int number = 0;
    if (ioctl(m, TIOCSPTLCK, &unlock) != 0 || ioctl(m, TIOCGPTN, &number) != 0) { close(m); return -1; }
    char name[32];
    snprintf(name, sizeof name, "/dev/pts/%u", number);
    int s = open(name, O_RDWR | O_NOCTTY | O_CLOEXEC);
    if (s < 0) { close(m); return -1; }
    *master = m;
    *slave = s;
    return 0;
}

// libdispatch's main queue, as CoreFoundation's run loop drives it on Linux: the eventfd
// that becomes readable when work is queued for the main thread, and the call that runs it
// on that thread. Exported by libdispatch for Foundation; the live loop, which owns the main
// thread in `actionsim run`, drives the queue the same way so that `@MainActor` code runs.
extern int _dispatch_get_main_queue_handle_4CF(void);
extern void _dispatch_main_queue_callback_4CF(void *message);

/// Whether the calling thread is the process's main thread (its thread id is the pid).
#include <sys/syscall.h>
static inline int actionsim_is_main_thread(void) {
    return getpid() == (pid_t)syscall(SYS_gettid);
}
