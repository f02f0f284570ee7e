// libgpiod: 1.6 (Debian 12) or 2.x (Debian 13, current Raspberry Pi OS), whichever
// pkg-config finds; Package.swift compiles LinuxInput for that API. Only LinuxInput
// imports this module.
#include <gpiod.h>
