#define _GNU_SOURCE
#include "device_shim.h"

#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

long ct_send_with_descriptor(int socket, const void *data, size_t size, int fd) {
    struct iovec part = {.iov_base = (void *)data, .iov_len = size};
    union {
        struct cmsghdr header;
        char space[CMSG_SPACE(sizeof(int))];
    } control;
    struct msghdr message = {.msg_iov = &part, .msg_iovlen = 1};
    if (fd >= 0) {
        memset(&control, 0, sizeof control);
        message.msg_control = control.space;
        message.msg_controllen = sizeof control.space;
        struct cmsghdr *header = CMSG_FIRSTHDR(&message);
        header->cmsg_level = SOL_SOCKET;
        header->cmsg_type = SCM_RIGHTS;
        header->cmsg_len = CMSG_LEN(sizeof(int));
        memcpy(CMSG_DATA(header), &fd, sizeof(int));
    }
    return sendmsg(socket, &message, MSG_NOSIGNAL);
}

long ct_receive_with_descriptor(int socket, void *data, size_t size, int *fd) {
    struct iovec part = {.iov_base = data, .iov_len = size};
    union {
        struct cmsghdr header;
        char space[CMSG_SPACE(sizeof(int) * 4)];
    } control;
    struct msghdr message = {
        .msg_iov = &part, .msg_iovlen = 1, .msg_control = control.space, .msg_controllen = sizeof control.space};
    *fd = -1;
    long received = recvmsg(socket, &message, MSG_CMSG_CLOEXEC);
    if (received < 0) return -1;
    for (struct cmsghdr *header = CMSG_FIRSTHDR(&message); header; header = CMSG_NXTHDR(&message, header)) {
        if (header->cmsg_level != SOL_SOCKET || header->cmsg_type != SCM_RIGHTS) continue;
        size_t count = (header->cmsg_len - CMSG_LEN(0)) / sizeof(int);
        for (size_t index = 0; index < count; index++) {
            int passed;
            memcpy(&passed, CMSG_DATA(header) + index * sizeof(int), sizeof(int));
            if (*fd < 0) *fd = passed; else close(passed);
        }
    }
    return received;
}

int ct_peer_user(int socket, unsigned *user) {
    struct ucred credentials;
    socklen_t size = sizeof credentials;
    if (getsockopt(socket, SOL_SOCKET, SO_PEERCRED, &credentials, &size) != 0) return -1;
    *user = (unsigned)credentials.uid;
    return 0;
}
