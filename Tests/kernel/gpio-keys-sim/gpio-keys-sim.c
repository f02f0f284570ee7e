// SPDX-License-Identifier: GPL-2.0
/*
 * gpio-keys-sim: for actionsim's real-kernel tests. Registers the kernel's own gpio-keys
 * driver on lines of a GPIO chip found by its label, one platform device per line, the way
 * the Raspberry Pi's gpio-key device-tree overlay does on the SoC's lines, so that
 * devices/gpio-key-overlay.yaml is tested on the real driver bound to gpio-sim lines (x86
 * has no device tree to load the overlay from).
 *
 *   insmod gpio-keys-sim.ko chip=pinctrl-bcm2835 lines=17,27 codes=148,149 [debounce_ms=5]
 *
 * Each line is active-low (the overlay's default: a button to ground, pulled up) and
 * debounced by gpio-keys. rmmod removes the devices.
 */
#include <linux/gpio.h>
#include <linux/gpio/driver.h>
#include <linux/gpio_keys.h>
#include <linux/input.h>
#include <linux/module.h>
#include <linux/platform_device.h>
#include <linux/string.h>

#define MAX_LINES 4

static char *chip = "pinctrl-bcm2835";
module_param(chip, charp, 0444);
MODULE_PARM_DESC(chip, "label of the GPIO chip whose lines the keys are on");

static int lines[MAX_LINES] = { 17, 27 };
static int line_count = 2;
module_param_array(lines, int, &line_count, 0444);
MODULE_PARM_DESC(lines, "line offsets on that chip");

static int codes[MAX_LINES] = { KEY_PROG1, KEY_PROG2 };
static int code_count = 2;
module_param_array(codes, int, &code_count, 0444);
MODULE_PARM_DESC(codes, "key code of each line (linux/input-event-codes.h)");

static int debounce_ms = 5;
module_param(debounce_ms, int, 0444);
MODULE_PARM_DESC(debounce_ms, "gpio-keys debounce interval in ms (the device tree's default is 5)");

static struct gpio_keys_button buttons[MAX_LINES];
static struct gpio_keys_platform_data platform_data[MAX_LINES];
static struct platform_device *devices[MAX_LINES];
static char descriptions[MAX_LINES][16];

static int has_label(struct gpio_chip *gc, void *label)
{
	return gc->label && !strcmp(gc->label, label);
}

static void remove_devices(void)
{
	int i;

	for (i = 0; i < MAX_LINES; i++) {
		if (!IS_ERR_OR_NULL(devices[i]))
			platform_device_unregister(devices[i]);
		devices[i] = NULL;
	}
}

static int __init gpio_keys_sim_init(void)
{
	struct gpio_chip *gc = gpiochip_find(chip, has_label);
	int i;

	if (!gc) {
		pr_err("gpio-keys-sim: no GPIO chip labelled %s\n", chip);
		return -ENODEV;
	}
	if (code_count != line_count) {
		pr_err("gpio-keys-sim: %d lines but %d codes\n", line_count, code_count);
		return -EINVAL;
	}
	for (i = 0; i < line_count; i++) {
		snprintf(descriptions[i], sizeof(descriptions[i]), "button@%x", lines[i]);
		buttons[i] = (struct gpio_keys_button) {
			.code = codes[i],
			.gpio = gc->base + lines[i],
			.active_low = 1,
			.desc = descriptions[i],
			.type = EV_KEY,
			.debounce_interval = debounce_ms,
		};
		platform_data[i] = (struct gpio_keys_platform_data) {
			.buttons = &buttons[i],
			.nbuttons = 1,
		};
		devices[i] = platform_device_register_data(NULL, "gpio-keys", PLATFORM_DEVID_AUTO,
							   &platform_data[i], sizeof(platform_data[i]));
		if (IS_ERR(devices[i])) {
			int error = PTR_ERR(devices[i]);

			remove_devices();
			return error;
		}
	}
	pr_info("gpio-keys-sim: gpio-keys on %d line(s) of %s\n", line_count, chip);
	return 0;
}

static void __exit gpio_keys_sim_exit(void)
{
	remove_devices();
}

module_init(gpio_keys_sim_init);
module_exit(gpio_keys_sim_exit);
MODULE_DESCRIPTION("gpio-keys on the lines of a GPIO chip found by label, for actionsim's tests");
MODULE_LICENSE("GPL");
