#define _GNU_SOURCE
#include "CChildProcess.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/mman.h>
#include <sys/sendfile.h>
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

#ifndef MFD_CLOEXEC
#define MFD_CLOEXEC 0x0001U
#endif
#ifndef MFD_ALLOW_SEALING
#define MFD_ALLOW_SEALING 0x0002U
#endif
#ifndef MFD_EXEC
#define MFD_EXEC 0x0010U
#endif
#ifndef F_ADD_SEALS
#define F_ADD_SEALS 1033
#define F_GET_SEALS 1034
#endif
#ifndef F_SEAL_SEAL
#define F_SEAL_SEAL 0x0001
#define F_SEAL_SHRINK 0x0002
#define F_SEAL_GROW 0x0004
#define F_SEAL_WRITE 0x0008
#endif

static const int sealed_set = F_SEAL_SEAL | F_SEAL_SHRINK | F_SEAL_GROW | F_SEAL_WRITE;

int cchild_sealed_copy(int source, int64_t size, const char *name) {
    if (size < 0) { errno = EINVAL; return -1; }
    // MFD_EXEC: the copy is a library to map executable, also where vm.memfd_noexec would
    // make memory files non-executable by default (Linux 6.3); older kernels refuse the flag.
    int memory = memfd_create(name, MFD_CLOEXEC | MFD_ALLOW_SEALING | MFD_EXEC);
    if (memory < 0 && errno == EINVAL) memory = memfd_create(name, MFD_CLOEXEC | MFD_ALLOW_SEALING);
    if (memory < 0) return -1;
    off_t offset = 0;
    while (offset < size) {
        ssize_t copied = sendfile(memory, source, &offset, (size_t)(size - offset));
        if (copied < 0 && errno == EINTR) continue;
        if (copied <= 0) {
            int saved = copied < 0 ? errno : EFBIG;
            close(memory);
            errno = saved;
            return -1;
        }
    }
    // One byte more means the file grew while it was copied: the copy is not the file.
    char extra;
    ssize_t more = pread(source, &extra, 1, size);
    if (more != 0) {
        int saved = more < 0 ? errno : EFBIG;
        close(memory);
        errno = saved;
        return -1;
    }
    if (fcntl(memory, F_ADD_SEALS, sealed_set) != 0) {
        int saved = errno;
        close(memory);
        errno = saved;
        return -1;
    }
    return memory;
}

int cchild_is_sealed(int fd) {
    int seals = fcntl(fd, F_GET_SEALS);
    if (seals < 0) return -1;
    return (seals & sealed_set) == sealed_set ? 1 : 0;
}
