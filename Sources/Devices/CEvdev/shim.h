// libevdev and its uinput helpers (Debian 12's libevdev-dev). Only LinuxInput imports this module.
#include <libevdev/libevdev.h>
#include <libevdev/libevdev-uinput.h>
