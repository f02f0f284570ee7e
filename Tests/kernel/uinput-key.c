/* uinput-key: prove /dev/uinput and evdev work end to end.
 *
 * Creates a virtual key device with KEY_PROG1 through /dev/uinput, opens the
 * /dev/input/eventN the kernel made for it, writes a press and a release
 * through uinput and checks both come back through evdev. Prints the event
 * node and exits 0 on success. Built on the host by smoke-host.sh and run in
 * the qemu guest (the host has no /dev/uinput).
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <linux/uinput.h>
#include <poll.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

static int fail(const char *what)
{
    fprintf(stderr, "uinput-key: %s: %s\n", what, strerror(errno));
    return 1;
}

static void emit(int fd, int type, int code, int value)
{
    struct input_event ev = { .type = type, .code = code, .value = value };
    if (write(fd, &ev, sizeof ev) != sizeof ev)
        fail("write");
}

int main(void)
{
    int ui = open("/dev/uinput", O_WRONLY | O_NONBLOCK);
    if (ui < 0)
        return fail("open /dev/uinput");

    struct uinput_setup setup = { .id = { BUS_VIRTUAL, 0x1d6b, 0x0104, 1 } };
    snprintf(setup.name, sizeof setup.name, "actionsim smoke key");
    if (ioctl(ui, UI_SET_EVBIT, EV_KEY) || ioctl(ui, UI_SET_KEYBIT, KEY_PROG1) ||
        ioctl(ui, UI_DEV_SETUP, &setup) || ioctl(ui, UI_DEV_CREATE))
        return fail("create uinput device");

    /* The evdev node is named in sysfs under the uinput device's inputN. */
    char sysname[64], path[128], node[300] = "";
    if (ioctl(ui, UI_GET_SYSNAME(sizeof sysname), sysname) < 0)
        return fail("UI_GET_SYSNAME");
    snprintf(path, sizeof path, "/sys/devices/virtual/input/%s", sysname);
    DIR *dir = opendir(path);
    if (!dir)
        return fail(path);
    for (struct dirent *d; (d = readdir(dir));)
        if (!strncmp(d->d_name, "event", 5))
            snprintf(node, sizeof node, "/dev/input/%s", d->d_name);
    closedir(dir);
    if (!*node) {
        fprintf(stderr, "uinput-key: no eventN under %s\n", path);
        return 1;
    }

    /* devtmpfs makes the node asynchronously: give it up to 2 s. */
    int ev = -1;
    for (int i = 0; i < 200 && ev < 0; i++)
        if ((ev = open(node, O_RDONLY | O_NONBLOCK)) < 0)
            usleep(10000);
    if (ev < 0)
        return fail(node);

    emit(ui, EV_KEY, KEY_PROG1, 1);
    emit(ui, EV_SYN, SYN_REPORT, 0);
    emit(ui, EV_KEY, KEY_PROG1, 0);
    emit(ui, EV_SYN, SYN_REPORT, 0);

    int pressed = 0, released = 0;
    struct pollfd pfd = { .fd = ev, .events = POLLIN };
    while (!(pressed && released) && poll(&pfd, 1, 2000) > 0) {
        struct input_event in;
        while (read(ev, &in, sizeof in) == sizeof in)
            if (in.type == EV_KEY && in.code == KEY_PROG1) {
                if (in.value == 1) pressed = 1;
                if (in.value == 0 && pressed) released = 1;
            }
    }
    ioctl(ui, UI_DEV_DESTROY);
    printf("uinput-key: %s (%s) press=%d release=%d\n", node, setup.name, pressed, released);
    return pressed && released ? 0 : 1;
}
