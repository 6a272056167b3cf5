#include "device_shim.h"

#include <linux/input.h>
#include <string.h>
#include <sys/ioctl.h>

int ct_input_name(int fd, char *name, size_t size) {
    if (size == 0) return -1;
    int length = ioctl(fd, EVIOCGNAME(size - 1), name);
    if (length < 0) return -1;
    name[length < (int)size ? length : (int)size - 1] = '\0';
    return 0;
}

int ct_input_is_gamepad(int fd) {
    unsigned char keys[(KEY_MAX + 8) / 8];
    memset(keys, 0, sizeof keys);
    if (ioctl(fd, EVIOCGBIT(EV_KEY, sizeof keys), keys) < 0) return -1;
    return (keys[BTN_GAMEPAD / 8] >> (BTN_GAMEPAD % 8)) & 1;  // BTN_GAMEPAD is BTN_SOUTH
}

int ct_input_axis_range(int fd, unsigned axis, int *minimum, int *maximum, int *flat) {
    struct input_absinfo info;
    if (ioctl(fd, EVIOCGABS(axis), &info) < 0) return -1;
    *minimum = info.minimum;
    *maximum = info.maximum;
    *flat = info.flat;
    return 0;
}
