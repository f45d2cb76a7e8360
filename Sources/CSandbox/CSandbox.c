#define _GNU_SOURCE
#include "CSandbox.h"

#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <linux/capability.h>
#include <sched.h>
#include <seccomp.h>
#include <stdio.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

// Landlock's ABI, declared here: Debian 12's kernel headers predate the network and scope bits.
struct csb_ruleset_attr { uint64_t handled_access_fs; uint64_t handled_access_net; uint64_t scoped; };
struct csb_path_beneath_attr { uint64_t allowed_access; int32_t parent_fd; } __attribute__((packed));

#define CSB_CREATE_RULESET_VERSION (1U << 0)
#define CSB_RULE_PATH_BENEATH 1
#define CSB_SYS_create_ruleset 444
#define CSB_SYS_add_rule 445
#define CSB_SYS_restrict_self 446

#define FS_EXECUTE (1ULL << 0)
#define FS_WRITE_FILE (1ULL << 1)
#define FS_READ_FILE (1ULL << 2)
#define FS_READ_DIR (1ULL << 3)
#define FS_REMOVE_DIR (1ULL << 4)
#define FS_REMOVE_FILE (1ULL << 5)
#define FS_MAKE_CHAR (1ULL << 6)
#define FS_MAKE_DIR (1ULL << 7)
#define FS_MAKE_REG (1ULL << 8)
#define FS_MAKE_SOCK (1ULL << 9)
#define FS_MAKE_FIFO (1ULL << 10)
#define FS_MAKE_BLOCK (1ULL << 11)
#define FS_MAKE_SYM (1ULL << 12)
#define FS_REFER (1ULL << 13)
#define FS_TRUNCATE (1ULL << 14)
#define FS_IOCTL_DEV (1ULL << 15)
#define NET_BIND_TCP (1ULL << 0)
#define NET_CONNECT_TCP (1ULL << 1)
#define SCOPE_ABSTRACT_UNIX_SOCKET (1ULL << 0)
#define SCOPE_SIGNAL (1ULL << 1)

static int fail(char *error, int size, const char *what) {
    snprintf(error, size, "%s: %s", what, strerror(errno));
    return -1;
}

int csandbox_landlock_abi(void) {
    long abi = syscall(CSB_SYS_create_ruleset, NULL, 0, CSB_CREATE_RULESET_VERSION);
    return abi < 0 ? 0 : (int)abi;
}

int csandbox_seccomp_available(void) {
    return prctl(PR_GET_SECCOMP, 0, 0, 0, 0) >= 0 ? 1 : 0;
}

int csandbox_parent_death_signal(int signal) {
    return prctl(PR_SET_PDEATHSIG, signal, 0, 0, 0);
}

int csandbox_no_new_privileges(void) {
    return prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0);
}

int csandbox_has_no_new_privileges(void) {
    return prctl(PR_GET_NO_NEW_PRIVS, 0, 0, 0, 0) == 1 ? 1 : 0;
}


int csandbox_drop_capabilities(char *error, int error_size) {
    for (int cap = 0; cap <= 63; cap++) {
        if (prctl(PR_CAPBSET_DROP, cap, 0, 0, 0) != 0 && errno != EINVAL && errno != EPERM) {
            return fail(error, error_size, "dropping the capability bounding set");
        }
    }
    prctl(PR_CAP_AMBIENT, PR_CAP_AMBIENT_CLEAR_ALL, 0, 0, 0);
    struct __user_cap_header_struct header = { _LINUX_CAPABILITY_VERSION_3, 0 };
    struct __user_cap_data_struct data[2];
    memset(data, 0, sizeof data);
    if (syscall(SYS_capset, &header, data) != 0) return fail(error, error_size, "capset");
    return 0;
}

static uint64_t handled_fs(int abi) {
    uint64_t access = (FS_MAKE_SYM << 1) - 1;  // ABI 1: bits 0 to 12
    if (abi >= 2) access |= FS_REFER;
    if (abi >= 3) access |= FS_TRUNCATE;
    if (abi >= 5) access |= FS_IOCTL_DEV;
    return access;
}

static uint64_t rights_for(int mode, int is_directory, uint64_t handled) {
    uint64_t access = 0;
    if (mode & CSANDBOX_READ) access |= FS_READ_FILE | FS_READ_DIR;
    if (mode & CSANDBOX_EXECUTE) access |= FS_EXECUTE;
    if (mode & CSANDBOX_WRITE) {
        access |= FS_WRITE_FILE | FS_REMOVE_DIR | FS_REMOVE_FILE | FS_MAKE_DIR | FS_MAKE_REG | FS_MAKE_SYM
                | FS_MAKE_FIFO | FS_MAKE_SOCK | FS_REFER | FS_TRUNCATE;
    }
    if (!is_directory) access &= FS_EXECUTE | FS_WRITE_FILE | FS_READ_FILE | FS_TRUNCATE | FS_IOCTL_DEV;
    return access & handled;
}

int csandbox_landlock_restrict(const char *const *paths, const int *descriptors, const int *modes, int count,
                               int deny_tcp, int scope, char *error, int error_size) {
    int abi = csandbox_landlock_abi();
    if (abi <= 0) {
        snprintf(error, error_size, "Landlock is not available in this kernel");
        return -1;
    }
    struct csb_ruleset_attr attributes = { handled_fs(abi), 0, 0 };
    if (deny_tcp && abi >= 4) attributes.handled_access_net = NET_BIND_TCP | NET_CONNECT_TCP;
    if (scope && abi >= 6) attributes.scoped = SCOPE_ABSTRACT_UNIX_SOCKET | SCOPE_SIGNAL;
    size_t size = abi >= 6 ? sizeof attributes : abi >= 4 ? 2 * sizeof(uint64_t) : sizeof(uint64_t);
    int ruleset = (int)syscall(CSB_SYS_create_ruleset, &attributes, size, 0);
    if (ruleset < 0) return fail(error, error_size, "landlock_create_ruleset");
    for (int index = 0; index < count; index++) {
        int given = descriptors[index] >= 0;
        int fd = given ? descriptors[index] : open(paths[index], O_PATH | O_CLOEXEC);
        if (fd < 0) continue;
        struct stat status;
        if (fstat(fd, &status) != 0) { if (!given) close(fd); continue; }
        struct csb_path_beneath_attr rule = { rights_for(modes[index], S_ISDIR(status.st_mode), attributes.handled_access_fs), fd };
        long added = rule.allowed_access == 0 ? 0 : syscall(CSB_SYS_add_rule, ruleset, CSB_RULE_PATH_BENEATH, &rule, 0);
        int saved = errno;
        if (!given) close(fd);
        if (added != 0) {
            errno = saved;
            char what[512];
            snprintf(what, sizeof what, "landlock_add_rule for %s", paths[index]);
            close(ruleset);
            return fail(error, error_size, what);
        }
    }
    if (syscall(CSB_SYS_restrict_self, ruleset, 0) != 0) {
        close(ruleset);
        return fail(error, error_size, "landlock_restrict_self");
    }
    close(ruleset);
    return abi;
}

// What is not listed stays allowed, and some of it is needed: the SDK's main run loop uses
// epoll_*, eventfd2 and timerfd_*, and its socket thread clone() with CLONE_THREAD (clone3
// answers ENOSYS below, so that libc falls back to clone).
static const char *const denied_calls[] = {
    "ptrace", "process_vm_readv", "process_vm_writev", "mount", "umount2", "pivot_root", "chroot",
    "unshare", "setns", "bpf", "keyctl", "add_key", "request_key", "kexec_load", "kexec_file_load",
    "init_module", "finit_module", "delete_module", "perf_event_open", "userfaultfd", "io_uring_setup",
    "io_uring_enter", "io_uring_register", "swapon", "swapoff", "reboot", "acct", "settimeofday",
    "clock_settime", "adjtimex", "fanotify_init", "open_by_handle_at", "name_to_handle_at", "quotactl",
    "syslog", "vhangup", "iopl", "ioperm", "fork", "vfork", "execve", "execveat", "mknod", "mknodat",
    "fsopen", "fsmount", "fspick", "open_tree", "move_mount", "mount_setattr",
    // Memory outside the address-space limit: pages of a memfd or a SysV segment count against
    // RLIMIT_AS only while mapped, so write-then-unmap would hold memory past it; SysV
    // semaphores and message queues hold kernel memory no rlimit bounds.
    "memfd_create", "memfd_secret", "shmget", "semget", "msgget",
    // A datagram pair reaches any Unix socket by path with sendto(); the host's socket is the
    // only one an extension needs, and it comes ready-made.
    "socketpair",
    // Leaving the process group the host ends the sandbox by.
    "setsid", "setpgid",
    // Serving: com.apple.security.network.client grants outgoing connections only (as Apple's
    // does; listening would be network.server, which the host does not grant).
    "bind", "listen",
};

int csandbox_seccomp_apply(int allow_network, char *error, int error_size) {
    return csandbox_seccomp_apply_program(allow_network ? CSANDBOX_SECCOMP_NETWORK : 0, error, error_size);
}

/// Whether the deny list holds `name` and `flags` take it off: execve and execveat for a
/// program that must exec (a continued app, which the runner execs over itself).
static int allowed_by_flags(const char *name, int flags) {
    return (flags & CSANDBOX_SECCOMP_EXEC) && (strcmp(name, "execve") == 0 || strcmp(name, "execveat") == 0);
}

int csandbox_seccomp_apply_program(int flags, char *error, int error_size) {
    scmp_filter_ctx filter = seccomp_init(SCMP_ACT_ALLOW);
    if (filter == NULL) { snprintf(error, error_size, "seccomp_init failed"); return -1; }
    int status = 0;
    for (size_t index = 0; index < sizeof denied_calls / sizeof denied_calls[0] && status == 0; index++) {
        if (allowed_by_flags(denied_calls[index], flags)) continue;
        int call = seccomp_syscall_resolve_name(denied_calls[index]);
        if (call != __NR_SCMP_ERROR) status = seccomp_rule_add(filter, SCMP_ACT_ERRNO(EPERM), call, 0);
    }
    if (status == 0) {
        status = seccomp_rule_add(filter, SCMP_ACT_ERRNO(EPERM), SCMP_SYS(clone), 1,
                                  SCMP_A0(SCMP_CMP_MASKED_EQ, CLONE_THREAD, 0));
    }
    int clone3 = seccomp_syscall_resolve_name("clone3");
    if (status == 0 && clone3 != __NR_SCMP_ERROR) status = seccomp_rule_add(filter, SCMP_ACT_ERRNO(ENOSYS), clone3, 0);
    // The parent-death signal, once set, must stay: it ends the extension with its host.
    if (status == 0) {
        // The low 32 bits only: the kernel reads the option as an int, whatever the upper bits
        // (libseccomp 2.5's SCMP_A0_32 still requires them to be zero).
        status = seccomp_rule_add(filter, SCMP_ACT_ERRNO(EPERM), SCMP_SYS(prctl), 1,
                                  SCMP_A0(SCMP_CMP_MASKED_EQ, 0xffffffffUL, PR_SET_PDEATHSIG));
    }
    // The socket families allowed: AF_INET (2) and AF_INET6 (10) with network access, AF_UNIX
    // (1) when asked for (a continued app in a root of its own, where the only socket to reach
    // by path is the host's). libseccomp takes one comparison per argument in a rule, so each
    // other family up to the highest allowed gets a rule of its own, and one rule denies the
    // families above it.
    int network = flags & CSANDBOX_SECCOMP_NETWORK, local = flags & CSANDBOX_SECCOMP_UNIX;
    int highest = network ? AF_INET6 : local ? AF_UNIX : -1;
    if (status == 0 && highest < 0) {
        status = seccomp_rule_add(filter, SCMP_ACT_ERRNO(EPERM), SCMP_SYS(socket), 0);
    } else if (status == 0) {
        for (int family = 0; family < highest && status == 0; family++) {
            if ((network && family == AF_INET) || (local && family == AF_UNIX)) continue;
            status = seccomp_rule_add(filter, SCMP_ACT_ERRNO(EPERM), SCMP_SYS(socket), 1, SCMP_A0(SCMP_CMP_EQ, family));
        }
        if (status == 0) {
            status = seccomp_rule_add(filter, SCMP_ACT_ERRNO(EPERM), SCMP_SYS(socket), 1, SCMP_A0(SCMP_CMP_GT, highest));
        }
    }
    if (status == 0) status = seccomp_load(filter);
    seccomp_release(filter);
    if (status != 0) {
        snprintf(error, error_size, "loading the seccomp filter failed: %s", strerror(-status));
        return -1;
    }
    return 0;
}

int csandbox_same_object(const void *first, const void *second) {
    Dl_info a, b;
    if (dladdr(first, &a) == 0 || dladdr(second, &b) == 0) return 0;
    return a.dli_fbase != NULL && a.dli_fbase == b.dli_fbase;
}
