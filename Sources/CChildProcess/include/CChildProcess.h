#ifndef CCHILDPROCESS_H
#define CCHILDPROCESS_H

#include <spawn.h>
#include <stdint.h>
#include <sys/types.h>

/// Opens a pidfd (close-on-exec) for `pid`; returns it, or -1 with errno.
int cchild_pidfd_open(pid_t pid);

/// Sends `signal` to the process `pidfd` refers to, and to no other; 0, or -1 with errno
/// (ESRCH once it has ended).
int cchild_pidfd_send_signal(int pidfd, int signal);

/// Whether the process `pidfd` refers to has ended, without blocking: 1 with its status in
/// `*status` (encoded as waitpid encodes it), 0 while it runs, -1 with errno. Reaps it when
/// `reap` is not 0, else leaves it a zombie (WNOWAIT).
int cchild_pidfd_wait(int pidfd, int *status, int reap);

/// A close-on-exec epoll instance; or -1 with errno.
int cchild_epoll_create(void);

/// Watches `fd` for readability, reported with `token`; 0, or -1 with errno.
int cchild_epoll_add(int epoll, int fd, uint64_t token);

/// Stops watching `fd`; 0, or -1 with errno.
int cchild_epoll_remove(int epoll, int fd);

/// Waits for readiness (at most `timeout` ms, -1 for no bound) and writes the ready tokens
/// to `tokens`; returns how many, or -1 with errno.
int cchild_epoll_wait(int epoll, uint64_t *tokens, int capacity, int timeout);

/// Adds to `actions` the closing of every descriptor from `lowest` up (glibc 2.34); 0, or an
/// error number.
int cchild_spawn_close_from(posix_spawn_file_actions_t *actions, int lowest);

/// Copies the `size` bytes of the file open at `source` (read from offset 0, whatever its
/// position) into a new memory file (memfd, close-on-exec, named `name`) and seals it against
/// any change of its bytes or size; returns the memory file's descriptor, or -1 with errno
/// (EFBIG when `source` holds more or fewer than `size` bytes meanwhile).
int cchild_sealed_copy(int source, int64_t size, const char *name);

/// Whether `fd` is a memory file sealed against writes, growth and shrinking: 1, 0, or -1 with errno.
int cchild_is_sealed(int fd);

#endif
