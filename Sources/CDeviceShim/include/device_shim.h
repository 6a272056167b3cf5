// What Swift cannot do itself: ask an evdev device (ioctl(2) is variadic and the EVIOC* request
// numbers are function-like macros), and pass a descriptor over a Unix socket (the CMSG_*
// macros).
#ifndef CARDTABLE_DEVICE_SHIM_H
#define CARDTABLE_DEVICE_SHIM_H

#include <stddef.h>

/// The device's name (EVIOCGNAME) into `name`, NUL-terminated. Returns 0, or -1 with errno set
/// (ENOTTY: not an evdev device).
int ct_input_name(int fd, char *name, size_t size);

/// Whether the device reports the kernel's gamepad buttons (EVIOCGBIT of EV_KEY has BTN_SOUTH or
/// BTN_GAMEPAD): 1 or 0; -1 with errno set when it cannot be asked (ENOTTY: not an evdev device).
int ct_input_is_gamepad(int fd);

/// An absolute axis's range (EVIOCGABS): 0, or -1 with errno set.
int ct_input_axis_range(int fd, unsigned axis, int *minimum, int *maximum, int *flat);

/// Sends `size` bytes of `data` over the Unix socket `socket`, with the descriptor `fd` (none when
/// negative). Returns the bytes sent, or -1 with errno set.
long ct_send_with_descriptor(int socket, const void *data, size_t size, int fd);

/// Receives up to `size` bytes into `data` from the Unix socket `socket`, and a descriptor sent
/// with them into `*fd` (-1 when none came; any more are closed). Returns the bytes received (0
/// at the end), or -1 with errno set.
long ct_receive_with_descriptor(int socket, void *data, size_t size, int *fd);

/// The user of the process at the other end of the Unix socket `socket` (SO_PEERCRED) into
/// `*user`: 0, or -1 with errno set.
int ct_peer_user(int socket, unsigned *user);

#endif
