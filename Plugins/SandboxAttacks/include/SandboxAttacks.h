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
/// The symbolic name of an errno value, like "EACCES".
const char *attack_errno_name(int error);

#endif
