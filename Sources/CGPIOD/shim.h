// libgpiod 1.6 (Debian 12's libgpiod-dev). Only LinuxInput imports this module.
#include <gpiod.h>
