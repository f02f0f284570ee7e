/* latency-reader: the baseline of the live-path benchmark. The smallest program a user
 * could write to see a button: block in read() on the same device actionsim reads, and
 * take CLOCK_MONOTONIC the moment read() returns. actionsim's press-to-dispatch latency
 * is set against this bare read's latency, measured on the same machine in the same run.
 *
 *   latency-reader evdev /dev/input/eventN COUNT
 *       Prints, for each of COUNT key releases (value 0), read time - kernel event time
 *       in ns. The clock is switched to CLOCK_MONOTONIC (EVIOCSCLOCKID), as actionsim does.
 *   latency-reader gpio /dev/gpiochipN LINE COUNT
 *       Requests LINE (pull-up, active-low, both edges; GPIO uAPI v2) and prints, for each
 *       of COUNT releases, read time - the kernel's edge time (CLOCK_MONOTONIC) in ns.
 *   latency-reader tty COUNT
 *       Standard input (a terminal) in raw mode: prints the CLOCK_MONOTONIC time in ns at
 *       which read() returned each of the first COUNT bytes, once the writer hangs up; the
 *       writer knows when it wrote them.
 *
 * Releases, because a lone Action press is decided at its release (P3): that is the edge
 * actionsim's latency is measured from.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <linux/gpio.h>
#include <linux/input.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

static int64_t now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

static void die(const char *what)
{
    fprintf(stderr, "latency-reader: %s: %s\n", what, strerror(errno));
    exit(1);
}

/* Results are kept in memory and printed at the end, so printing costs nothing per edge. */
static int64_t *results;

static void print_results(long count)
{
    for (long i = 0; i < count; i++) printf("%lld\n", (long long)results[i]);
}

static int evdev(const char *path, long count)
{
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) die(path);
    int clock = CLOCK_MONOTONIC;
    if (ioctl(fd, EVIOCSCLOCKID, &clock)) die("EVIOCSCLOCKID");
    long seen = 0;
    struct input_event events[64];
    while (seen < count) {
        ssize_t n = read(fd, events, sizeof events);
        int64_t now = now_ns();
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) die("read");
        for (size_t i = 0; i < n / sizeof events[0] && seen < count; i++)
            if (events[i].type == EV_KEY && events[i].value == 0)
                results[seen++] = now - ((int64_t)events[i].input_event_sec * 1000000000 + events[i].input_event_usec * 1000);
    }
    print_results(seen);
    return 0;
}

static int gpio(const char *path, unsigned line, long count)
{
    int chip = open(path, O_RDONLY | O_CLOEXEC);
    if (chip < 0) die(path);
    struct gpio_v2_line_request request = { .offsets = { line }, .num_lines = 1 };
    snprintf(request.consumer, sizeof request.consumer, "latency-reader");
    request.config.flags = GPIO_V2_LINE_FLAG_INPUT | GPIO_V2_LINE_FLAG_ACTIVE_LOW | GPIO_V2_LINE_FLAG_BIAS_PULL_UP |
                           GPIO_V2_LINE_FLAG_EDGE_RISING | GPIO_V2_LINE_FLAG_EDGE_FALLING;
    if (ioctl(chip, GPIO_V2_GET_LINE_IOCTL, &request)) die("GPIO_V2_GET_LINE_IOCTL");
    printf("latency-reader: requested line %u\n", line);
    fflush(stdout);
    long seen = 0;
    struct gpio_v2_line_event events[16];
    while (seen < count) {
        ssize_t n = read(request.fd, events, sizeof events);
        int64_t now = now_ns();
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) die("read");
        /* Active-low: a release is the logical falling edge. */
        for (size_t i = 0; i < n / sizeof events[0] && seen < count; i++)
            if (events[i].id == GPIO_V2_LINE_EVENT_FALLING_EDGE) results[seen++] = now - (int64_t)events[i].timestamp_ns;
    }
    print_results(seen);
    return 0;
}

static int tty(long count)
{
    struct termios mode;
    if (tcgetattr(STDIN_FILENO, &mode) == 0) {
        cfmakeraw(&mode);
        tcsetattr(STDIN_FILENO, TCSANOW, &mode);
    }
    /* Until the writer hangs up (EIO on a pty, 0 on a pipe), so that it can look at this
     * process after the last key. */
    long seen = 0;
    char bytes[256];
    for (;;) {
        ssize_t n = read(STDIN_FILENO, bytes, sizeof bytes);
        int64_t now = now_ns();
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) break;
        for (ssize_t i = 0; i < n && seen < count; i++) results[seen++] = now;
    }
    print_results(seen);
    return 0;
}

int main(int argc, char **argv)
{
    long count = argc > 2 ? atol(argv[argc - 1]) : 0;
    if (count <= 0 || !(results = calloc(count, sizeof *results))) goto usage;
    if (argc == 4 && !strcmp(argv[1], "evdev")) return evdev(argv[2], count);
    if (argc == 5 && !strcmp(argv[1], "gpio")) return gpio(argv[2], (unsigned)atoi(argv[3]), count);
    if (argc == 3 && !strcmp(argv[1], "tty")) return tty(count);
usage:
    fprintf(stderr, "usage: latency-reader evdev PATH COUNT | gpio CHIP LINE COUNT | tty COUNT\n");
    return 2;
}
