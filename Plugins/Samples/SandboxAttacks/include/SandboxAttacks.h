#ifndef SANDBOX_ATTACKS_H
#define SANDBOX_ATTACKS_H

/// Attack primitives the SandboxTester extension uses against its own sandbox. Each returns 0
/// when the attack succeeded, or the errno that stopped it.

/// PTRACE_ATTACH to `pid` (detaching at once if it worked).
int attack_ptrace_attach(int pid);
/// fork() up to `limit` times (children exit at once); `forked` gets how many succeeded.
int attack_fork(int limit, int *forked);
/// execve("/bin/true").
int attack_exec(void);
/// unshare(CLONE_NEWUSER).
int attack_unshare(void);
/// Attaches the SysV shared-memory segment with `key` and reads its first byte into `byte`.
int attack_shm_read(int key, int *byte);
/// Receives, without waiting, a message from the SysV queue with `key`.
int attack_msg_steal(int key);
/// Creates a private SysV segment of `megabytes`, touches every page and leaves it behind;
/// `identifier` gets its id.
int attack_shm_create(int megabytes, int *identifier);
/// Writes `megabytes` into memfds of 256 MiB each (memory that RLIMIT_AS does not count once
/// unmapped); `written` gets how many MiB were written.
int attack_memfd(int megabytes, int *written);
/// prctl(PR_SET_PDEATHSIG, 0) with garbage in the option's upper 32 bits (the kernel reads an int).
int attack_clear_parent_death_signal_wide(void);
/// Sends a datagram to the Unix socket at `path` from a socketpair socket.
int attack_unix_datagram(const char *path);
/// setsid(): leaves the process group the host ends.
int attack_setsid(void);
/// prctl(PR_SET_PDEATHSIG, 0): asks not to die with the host.
int attack_clear_parent_death_signal(void);
/// Starts threads (64 KiB stacks) until one fails or `limit` run; `created` gets how many
/// ran at once. They all end before it returns.
int attack_threads(int limit, int *created);
/// The symbolic name of an errno value, like "EACCES".
const char *attack_errno_name(int error);

#endif
