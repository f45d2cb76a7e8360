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

/// Drops every capability (effective, permitted, inheritable, ambient, bounding). 0 or -1.
int csandbox_drop_capabilities(char *error, int error_size);

/// Restricts the file system to `paths` with their `modes`; a rule whose `descriptors` entry
/// is not negative is for that open descriptor (an O_PATH one is fine) instead of its path. When
/// `deny_tcp` is set, denies TCP bind and connect (ABI 4+); when `scope` is set, denies signals
/// and abstract Unix sockets across the sandbox's boundary (ABI 6+). Missing paths are skipped.
/// Returns the ABI used, or -1 with a message.
int csandbox_landlock_restrict(const char *const *paths, const int *descriptors, const int *modes, int count,
                               int deny_tcp, int scope, char *error, int error_size);

/// Loads a seccomp filter that denies dangerous system calls with EPERM (among them memory that
/// escapes RLIMIT_AS: memfd_create and SysV IPC; socketpair; setsid and setpgid), process creation
/// (fork, vfork, clone without CLONE_THREAD, execve) with EPERM, clone3 with ENOSYS (so that
/// threads fall back to clone), clearing or changing the parent-death signal
/// (prctl PR_SET_PDEATHSIG) with EPERM, and sockets with EPERM unless `allow_network` (then
/// only AF_INET and AF_INET6: never Unix sockets, which reach local services by path).
/// 0, or -1 with a message.
int csandbox_seccomp_apply(int allow_network, char *error, int error_size);

/// Flags for csandbox_seccomp_apply_program, combined with |.
/// Sockets of AF_INET and AF_INET6 (network access).
#define CSANDBOX_SECCOMP_NETWORK 1
/// execve and execveat: for a program the runner execs over itself (a continued app). Landlock's
/// execute right still decides which files may be executed.
#define CSANDBOX_SECCOMP_EXEC 2
/// Sockets of AF_UNIX: only for a process in a root of its own, where no Unix socket but the
/// host's is reachable by path (Landlock does not govern connecting to one).
#define CSANDBOX_SECCOMP_UNIX 4

/// The filter of csandbox_seccomp_apply, with what `flags` allow taken off its deny list;
/// everything else (process creation among it) stays denied. 0, or -1 with a message.
int csandbox_seccomp_apply_program(int flags, char *error, int error_size);

/// 1 when the two addresses lie in one loaded object (dladdr gives one base for both), else 0.
int csandbox_same_object(const void *first, const void *second);

#endif
