/* uinput-buttons: a uinput device with the two buttons of devices/gpio-key-overlay.yaml
 * (KEY_PROG1 = Action, KEY_PROG2 = side) that plays presses at exact times, for the
 * real-kernel load test and the latency benchmark. Counts every edge it writes, so the
 * test can check that the session log accounts for each one.
 *
 *   uinput-buttons press NAME COUNT INTERVAL_MS HOLD_MS
 *       COUNT presses of Action: down, HOLD_MS later up, one every INTERVAL_MS.
 *   uinput-buttons mash NAME RATE SECONDS SEED
 *       RATE edges a second for SECONDS: each tick flips one button (Action two times in
 *       three, chosen by a seeded generator), so every write changes a key's state and the
 *       kernel passes it on. Held buttons are let go at the end (those edges count too).
 *
 * Both wait START_DELAY_MS (environment, default 2000) after creating the device, so a
 * reader can open it (with START_AFTER_FILE, after that file exists instead: the test
 * creates it once the reader says it has the device, however slow the guest is), and keep it KEEP_MS (default 1000) after the last edge, so the
 * reader drains it before the unplug. Edges are written on an absolute CLOCK_MONOTONIC
 * schedule (clock_nanosleep TIMER_ABSTIME): a late tick does not shift the ones after it.
 * A writer that fell behind (an emulated guest whose host is busy stops it for tens of ms)
 * catches up at most one edge per 0.5 ms (2,000 a second), not all at once: no button
 * makes a hundred edges in a microsecond, and such a burst would overflow the kernel's
 * 64-event buffer before any reader could run, whatever the reader did.
 * With SCHEDULE=FILE (environment), every edge is also written to FILE as it is sent:
 *   BUTTON DOWN BEFORE_NS AFTER_NS     (button 0 Action, 1 side; down 1 or 0)
 * where the kernel's time for the edge (taken at its SYN_REPORT) lies between BEFORE_NS and
 * AFTER_NS on CLOCK_MONOTONIC, so a reader's log can be checked edge by edge.
 * The last line on stdout is the summary the tests read:
 *   uinput-buttons: wrote N edges (action A down, B up; side C down, D up) in S s; K ticks late by more than 1 ms (max M ms)
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <linux/uinput.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <time.h>
#include <unistd.h>

static int ui = -1;
static FILE *schedule;
static long counts[2][2]; /* [button: 0 action, 1 side][0 up, 1 down] */
static long late_ticks;
static int64_t max_late_ns;

static int64_t now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

static void sleep_until(int64_t t)
{
    struct timespec ts = { .tv_sec = t / 1000000000, .tv_nsec = t % 1000000000 };
    while (clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, NULL) == EINTR)
        ;
    int64_t late = now_ns() - t;
    if (late > 1000000) late_ticks++;
    if (late > max_late_ns) max_late_ns = late;
}

static void die(const char *what)
{
    fprintf(stderr, "uinput-buttons: %s: %s\n", what, strerror(errno));
    exit(1);
}

static void emit(int type, int code, int value)
{
    struct input_event ev = { .type = type, .code = code, .value = value };
    if (write(ui, &ev, sizeof ev) != sizeof ev) die("write");
}

/* One edge and its SYN_REPORT, as a real keyboard reports it. */
static void edge(int button, int down)
{
    int64_t before = now_ns();
    emit(EV_KEY, button ? KEY_PROG2 : KEY_PROG1, down);
    emit(EV_SYN, SYN_REPORT, 0);
    int64_t after = now_ns();
    counts[button][down]++;
    if (schedule) fprintf(schedule, "%d %d %lld %lld\n", button, down, (long long)before, (long long)after);
}

static void create(const char *name)
{
    ui = open("/dev/uinput", O_WRONLY | O_CLOEXEC);
    if (ui < 0) die("open /dev/uinput");
    struct uinput_setup setup = { .id = { BUS_VIRTUAL, 0x1d6b, 0x0105, 1 } };
    snprintf(setup.name, sizeof setup.name, "%s", name);
    if (ioctl(ui, UI_SET_EVBIT, EV_KEY) || ioctl(ui, UI_SET_KEYBIT, KEY_PROG1) || ioctl(ui, UI_SET_KEYBIT, KEY_PROG2) ||
        ioctl(ui, UI_SET_PHYS, "actionsim-inject") || ioctl(ui, UI_DEV_SETUP, &setup) || ioctl(ui, UI_DEV_CREATE))
        die("create the uinput device");
    char sysname[64], path[128];
    if (ioctl(ui, UI_GET_SYSNAME(sizeof sysname), sysname) < 0) die("UI_GET_SYSNAME");
    snprintf(path, sizeof path, "/sys/devices/virtual/input/%s", sysname);
    DIR *dir = opendir(path);
    if (!dir) die(path);
    for (struct dirent *d; (d = readdir(dir));)
        if (!strncmp(d->d_name, "event", 5)) printf("uinput-buttons: created /dev/input/%s\n", d->d_name);
    closedir(dir);
    fflush(stdout);
}

static long env_ms(const char *name, long fallback)
{
    const char *value = getenv(name);
    return value ? atol(value) : fallback;
}

/* xorshift64*: a fixed sequence for a seed, so a failing run can be played again. */
static uint64_t rng;
static uint64_t next_random(void)
{
    rng ^= rng >> 12;
    rng ^= rng << 25;
    rng ^= rng >> 27;
    return rng * 2685821657736338717ULL;
}

int main(int argc, char **argv)
{
    if (argc != 6 || (strcmp(argv[1], "press") && strcmp(argv[1], "mash"))) {
        fprintf(stderr, "usage: uinput-buttons press NAME COUNT INTERVAL_MS HOLD_MS\n"
                        "       uinput-buttons mash NAME RATE SECONDS SEED\n");
        return 2;
    }
    const char *schedule_path = getenv("SCHEDULE");
    if (schedule_path && !(schedule = fopen(schedule_path, "w"))) die(schedule_path);
    create(argv[2]);
    const char *go = getenv("START_AFTER_FILE");
    if (go) {
        /* Up to two minutes for the reader to open the device and say so. */
        for (int tries = 0; access(go, F_OK) != 0; tries++) {
            if (tries == 12000) { fprintf(stderr, "uinput-buttons: %s never appeared\n", go); return 1; }
            usleep(10000);
        }
    }
    int64_t start = now_ns() + env_ms("START_DELAY_MS", 2000) * 1000000;
    sleep_until(start);
    late_ticks = 0;
    max_late_ns = 0;
    int held[2] = { 0, 0 };

    if (!strcmp(argv[1], "press")) {
        long count = atol(argv[3]);
        int64_t interval = atol(argv[4]) * 1000000LL, hold = atol(argv[5]) * 1000000LL;
        for (long i = 0; i < count; i++) {
            sleep_until(start + i * interval);
            edge(0, 1);
            sleep_until(start + i * interval + hold);
            edge(0, 0);
        }
    } else {
        long rate = atol(argv[3]);
        int64_t ticks = (int64_t)rate * atol(argv[4]);
        rng = strtoull(argv[5], NULL, 10) * 0x9E3779B97F4A7C15ULL | 1;
        int64_t previous = 0;
        for (int64_t i = 0; i < ticks; i++) {
            int64_t due = start + i * 1000000000LL / rate;
            sleep_until(due > previous + 500000 ? due : previous + 500000);
            previous = now_ns();
            int button = next_random() % 3 == 2;
            held[button] = !held[button];
            edge(button, held[button]);
        }
        for (int button = 0; button < 2; button++)
            if (held[button]) edge(button, 0);
    }
    double seconds = (now_ns() - start) / 1e9;
    if (schedule) fclose(schedule);
    usleep(env_ms("KEEP_MS", 1000) * 1000);
    ioctl(ui, UI_DEV_DESTROY);
    long total = counts[0][0] + counts[0][1] + counts[1][0] + counts[1][1];
    printf("uinput-buttons: wrote %ld edges (action %ld down, %ld up; side %ld down, %ld up) in %.3f s; "
           "%ld ticks late by more than 1 ms (max %.3f ms)\n",
           total, counts[0][1], counts[0][0], counts[1][1], counts[1][0], seconds, late_ticks, max_late_ns / 1e6);
    return 0;
}
