#define _GNU_SOURCE
#include "SandboxAttacks.h"

#include <errno.h>
#include <sched.h>
#include <string.h>
#include <sys/ptrace.h>
#include <sys/wait.h>
#include <unistd.h>

int attack_ptrace_attach(int pid) {
    if (ptrace(PTRACE_ATTACH, pid, 0, 0) != 0) return errno;
    ptrace(PTRACE_DETACH, pid, 0, 0);
    return 0;
}

int attack_fork(int limit, int *forked) {
    *forked = 0;
    for (int index = 0; index < limit; index++) {
        pid_t child = fork();
        if (child < 0) return errno;
        if (child == 0) _exit(0);
        waitpid(child, NULL, 0);
        (*forked)++;
    }
    return 0;
}

int attack_exec(void) {
    char *const argv[] = { "/bin/true", NULL };
    char *const envp[] = { NULL };
    execve("/bin/true", argv, envp);
    return errno;
}

int attack_unshare(void) {
    return unshare(CLONE_NEWUSER) == 0 ? 0 : errno;
}

const char *attack_errno_name(int error) {
    const char *name = strerrorname_np(error);
    return name ? name : "E?";
}
