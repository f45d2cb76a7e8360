#ifndef CSANDBOX_H
#define CSANDBOX_H

#include <stdint.h>

/// Access modes for csandbox_landlock_restrict, combined with |.
#define CSANDBOX_READ 1
#define CSANDBOX_WRITE 2
#define CSANDBOX_EXECUTE 4

/// The Landlock ABI version this kernel offers; 0 when Landlock is unavailable.
int csandbox_landlock_abi(void);

/// Whether this kernel offers seccomp filters (1) or not (0).
int csandbox_seccomp_available(void);

/// Sends `signal` to this process when its parent dies.
int csandbox_parent_death_signal(int signal);

/// Sets PR_SET_NO_NEW_PRIVS; returns 0, or -1 with errno.
int csandbox_no_new_privileges(void);

/// Whether no_new_privs is set (1), or not (0).
int csandbox_has_no_new_privileges(void);

/// Namespaces csandbox_enter_namespaces entered, combined with |.
#define CSANDBOX_NS_USER 1
#define CSANDBOX_NS_NETWORK 2
#define CSANDBOX_NS_IPC 4
#define CSANDBOX_NS_MOUNT 8
/// A PID namespace with a private /proc: only the sandbox's own process is visible.
#define CSANDBOX_NS_PID 16

/// Enters new user, mount, IPC and PID namespaces (and a network namespace when `network` is
/// non-zero), mapping the current uid and gid to themselves, then forks twice: the first child,
/// init of the new PID namespace, mounts a private /proc, forks the sandboxed process (pid 2),
/// and reaps it; only the sandboxed process returns from this call. The original process stays
/// outside as its keeper, closes every descriptor, and ends as the sandboxed process ended (the
/// same exit status or signal), never returning. Must run while single-threaded.
///
/// `engaged` gets the CSANDBOX_NS_ flags that took effect. Where the kernel refuses the full
/// set, user (and network) namespaces alone are tried, and the PID namespace is reported
/// missing. Returns 0, or -1 with a message when no namespace could be entered (or when the
/// private /proc could not be mounted: then the other namespaces still hold).
int csandbox_enter_namespaces(int network, int *engaged, char *error, int error_size);

/// Creates `<parent>/<pid>` in a pids cgroup hierarchy (v1 or v2), caps it at `max_tasks`
/// threads and processes, and moves this process into it, so that the cap binds root too.
/// Returns 0, or -1 with a message.
int csandbox_join_pids_cgroup(const char *parent, long max_tasks, char *error, int error_size);

/// Drops every capability (effective, permitted, inheritable, ambient, bounding). 0 or -1.
int csandbox_drop_capabilities(char *error, int error_size);

/// Restricts the file system to `paths` with their `modes`; when `deny_tcp` is set, denies
/// TCP bind and connect (ABI 4+); when `scope` is set, denies signals and abstract Unix
/// sockets across the sandbox's boundary (ABI 6+). Missing paths are skipped.
/// Returns the ABI used, or -1 with a message.
int csandbox_landlock_restrict(const char *const *paths, const int *modes, int count, int deny_tcp, int scope,
                               char *error, int error_size);

/// Loads a seccomp filter that denies dangerous system calls with EPERM, process creation
/// (fork, vfork, clone without CLONE_THREAD, execve) with EPERM, clone3 with ENOSYS (so that
/// threads fall back to clone), clearing or changing the parent-death signal
/// (prctl PR_SET_PDEATHSIG) with EPERM, and sockets with EPERM unless `allow_network` (then
/// only AF_INET and AF_INET6: never Unix sockets, which reach local services by path).
/// 0, or -1 with a message.
int csandbox_seccomp_apply(int allow_network, char *error, int error_size);

#endif
