#define _GNU_SOURCE
#include "CChildProcess.h"

#include <errno.h>
#include <signal.h>
#include <spawn.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

// Called through syscall(2): glibc wraps them only from 2.36, and Swift's Glibc module imports
// neither those wrappers nor epoll. The numbers are declared for headers that predate them.
#ifndef SYS_pidfd_send_signal
#define SYS_pidfd_send_signal 424
#endif
#ifndef SYS_pidfd_open
#define SYS_pidfd_open 434
#endif
#define CCHILD_P_PIDFD 3

int cchild_pidfd_open(pid_t pid) {
    // A pidfd is close-on-exec by definition.
    return (int)syscall(SYS_pidfd_open, pid, 0);
}

int cchild_pidfd_send_signal(int pidfd, int signal) {
    return (int)syscall(SYS_pidfd_send_signal, pidfd, signal, NULL, 0);
}

int cchild_pidfd_wait(int pidfd, int *status, int reap) {
    siginfo_t info;
    memset(&info, 0, sizeof info);
    int result;
    do {
        result = waitid((idtype_t)CCHILD_P_PIDFD, (id_t)pidfd, &info, WEXITED | WNOHANG | (reap ? 0 : WNOWAIT));
    } while (result < 0 && errno == EINTR);
    if (result < 0) return -1;
    if (info.si_pid == 0) return 0;
    switch (info.si_code) {
    case CLD_EXITED: *status = (info.si_status & 0xff) << 8; break;
    case CLD_KILLED: *status = info.si_status & 0x7f; break;
    case CLD_DUMPED: *status = (info.si_status & 0x7f) | 0x80; break;
    default: *status = 0; break;
    }
    return 1;
}

int cchild_epoll_create(void) {
    return epoll_create1(EPOLL_CLOEXEC);
}

int cchild_epoll_add(int epoll, int fd, uint64_t token) {
    struct epoll_event event = { .events = EPOLLIN, .data.u64 = token };
    return epoll_ctl(epoll, EPOLL_CTL_ADD, fd, &event);
}

int cchild_epoll_remove(int epoll, int fd) {
    return epoll_ctl(epoll, EPOLL_CTL_DEL, fd, NULL);
}

int cchild_epoll_wait(int epoll, uint64_t *tokens, int capacity, int timeout) {
    struct epoll_event events[64];
    if (capacity > 64) capacity = 64;
    int count = epoll_wait(epoll, events, capacity, timeout);
    for (int index = 0; index < count; index++) tokens[index] = events[index].data.u64;
    return count;
}

int cchild_spawn_close_from(posix_spawn_file_actions_t *actions, int lowest) {
    return posix_spawn_file_actions_addclosefrom_np(actions, lowest);
}
