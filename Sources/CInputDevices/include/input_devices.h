// What Swift cannot ask an evdev device itself: ioctl(2) is variadic and the EVIOC* request
// numbers are function-like macros.
#ifndef CARDTABLE_INPUT_DEVICES_H
#define CARDTABLE_INPUT_DEVICES_H

#include <stddef.h>

/// The device's name (EVIOCGNAME) into `name`, NUL-terminated. Returns 0, or -1 with errno set
/// (ENOTTY: not an evdev device).
int ct_input_name(int fd, char *name, size_t size);

/// Whether the device reports the kernel's gamepad buttons (EVIOCGBIT of EV_KEY has BTN_SOUTH or
/// BTN_GAMEPAD): 1 or 0; -1 with errno set when it cannot be asked (ENOTTY: not an evdev device).
int ct_input_is_gamepad(int fd);

/// An absolute axis's range (EVIOCGABS): 0, or -1 with errno set.
int ct_input_axis_range(int fd, unsigned axis, int *minimum, int *maximum, int *flat);

#endif
