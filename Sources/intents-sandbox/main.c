// intents-sandbox: the small launcher in front of every confined extension runner.
//
//   intents-sandbox [--network] [--cgroup FOLDER --threads N] [--root PATH]... -- RUNNER [ARGUMENT...]
//
// It gives the runner its own session (so that the host can end the whole group), a
// parent-death signal, a pids cgroup capped at N threads (when given), and new user, mount,
// IPC, PID and (unless --network) network namespaces, then runs RUNNER as the second process of
// the new PID namespace, with a private /proc. It stays outside as the runner's keeper and ends
// the way the runner ended (the same exit status or signal), so that the host sees the runner's
// end. The namespace's init, between them, only reaps.
//
// With `--root PATH` (any number), RUNNER also gets a root of its own: an empty, read-only
// file system holding only those paths, each bound at its own place (a symlink is made again,
// as a symlink), a private /proc and /dev/fd. Nothing else of the host's file system is
// there to reach, Unix sockets by path among it, which Landlock does not govern.
//
// It is a small C program, not a fork of the Swift runner, so that the keeper and the init cost
// a few hundred kilobytes and microseconds instead of a copy of the Swift runtime each.
//
// What engaged is passed on to RUNNER as `--namespaces FLAGS` (user 1, network 2, IPC 4,
// mount 8, PID with a private /proc 16, a root of its own 32), `--threads-cgroup` when the
// cgroup was joined, and one `--sandbox-problem TEXT` per layer that could not engage; the
// runner reports them.
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

// SwiftPM links every executable through the Swift driver, which adds swiftrt.o, whose
// constructor registers the image's Swift metadata with the Swift runtime. This program has no
// Swift code: these two no-op definitions satisfy swiftrt.o, so that the static link pulls no
// part of the Swift runtime in, and the launcher (each keeper and init) stays a small libc
// program that starts in a fraction of a millisecond.
void swift_addNewDSOImage(const void *sections) { (void)sections; }
_Bool _swift_backtrace_isThunkFunction(const char *name) { (void)name; return 0; }

enum { NS_USER = 1, NS_NETWORK = 2, NS_IPC = 4, NS_MOUNT = 8, NS_PID = 16, NS_ROOT = 32 };
enum { MAX_PROBLEMS = 4, USAGE = 64, MAX_ROOT_PATHS = 64 };

/// The paths of `--root`: what the runner's own root holds.
static const char *root_paths[MAX_ROOT_PATHS];
static int root_count;

static char problems[MAX_PROBLEMS][320];
static int problem_count;

/// Records, as one sentence for the runner's report, that `what` failed with errno.
static void note_problem(const char *what) {
    if (problem_count < MAX_PROBLEMS) {
        snprintf(problems[problem_count++], sizeof problems[0], "The launcher could not %s: %s.", what, strerror(errno));
    }
}

static int write_file(const char *path, const char *text) {
    int fd = open(path, O_WRONLY | O_CLOEXEC);
    if (fd < 0) return -1;
    ssize_t length = (ssize_t)strlen(text);
    ssize_t written = write(fd, text, (size_t)length);
    int saved = errno;
    close(fd);
    errno = saved;
    return written == length ? 0 : -1;
}

static int write_id_maps(uid_t uid, gid_t gid) {
    char map[64];
    if (write_file("/proc/self/setgroups", "deny") != 0) return -1;
    snprintf(map, sizeof map, "%u %u 1\n", uid, uid);
    if (write_file("/proc/self/uid_map", map) != 0) return -1;
    snprintf(map, sizeof map, "%u %u 1\n", gid, gid);
    return write_file("/proc/self/gid_map", map);
}

/// Creates `<parent>/<pid>` in a pids hierarchy (v1 or v2), caps it, and moves this process in.
static int join_pids_cgroup(const char *parent, const char *threads) {
    char path[4096], own[4096], pid[32];
    if (mkdir(parent, 0755) != 0 && errno != EEXIST) { note_problem("create the pids cgroup"); return -1; }
    // cgroup v2: the parent must hand the pids controller down to its children.
    snprintf(path, sizeof path, "%s/cgroup.subtree_control", parent);
    if (access(path, F_OK) == 0 && write_file(path, "+pids") != 0) { note_problem("enable the pids controller"); return -1; }
    snprintf(own, sizeof own, "%s/%d", parent, (int)getpid());
    snprintf(pid, sizeof pid, "%d", (int)getpid());
    // A host sweeping the cgroups of ended runners may remove a folder left by an earlier
    // process with this pid just after this mkdir found it: then make it again.
    for (int attempt = 0;; attempt++) {
        if (mkdir(own, 0755) != 0 && errno != EEXIST) { note_problem("create the runner's pids cgroup"); return -1; }
        snprintf(path, sizeof path, "%s/pids.max", own);
        if (write_file(path, threads) == 0) {
            snprintf(path, sizeof path, "%s/cgroup.procs", own);
            if (write_file(path, pid) == 0) return 0;
        }
        if (errno != ENOENT || attempt == 2) { note_problem("join the pids cgroup"); return -1; }
    }
}

/// Opens the absolute `path` one component at a time, following no symlink: folders with
/// O_PATH | O_DIRECTORY | O_NOFOLLOW, the last with O_PATH | O_NOFOLLOW (a symlink there is
/// opened as itself). -1 when a component is missing, a symlink on the way, "." or "..".
static int open_source(const char *path) {
    if (path[0] != '/') { errno = EINVAL; return -1; }
    char copy[4096];
    if (snprintf(copy, sizeof copy, "%s", path) >= (int)sizeof copy) { errno = ENAMETOOLONG; return -1; }
    int current = open("/", O_PATH | O_DIRECTORY | O_CLOEXEC);
    char *rest = copy, *component;
    while (current >= 0 && (component = strsep(&rest, "/")) != NULL) {
        if (component[0] == 0) continue;
        if (strcmp(component, ".") == 0 || strcmp(component, "..") == 0) { close(current); errno = EINVAL; return -1; }
        int last = rest == NULL || rest[strspn(rest, "/")] == 0;
        int next = openat(current, component, O_PATH | O_NOFOLLOW | O_CLOEXEC | (last ? 0 : O_DIRECTORY));
        close(current);
        current = next;
        if (last) break;
    }
    return current;
}

/// Makes the place of `path` in the new root, below the folder `base` (on the file system of
/// device `device`): its folders, then a folder, an empty file or the symlink `link` as its
/// last component. Returns an O_PATH descriptor of what was made (-2 for a symlink: nothing to
/// mount on), or -1. Never leaves that file system: a component that is not a folder of it
/// (a path already bound above, a symlink made for another) stops the walk.
static int make_place(int base, dev_t device, const char *path, mode_t kind, const char *link) {
    char copy[4096];
    if (snprintf(copy, sizeof copy, "%s", path) >= (int)sizeof copy) return -1;
    // The root itself is never bound over: it would bring the whole host's file system back.
    if (copy[strspn(copy, "/")] == 0) return -1;
    int current = fcntl(base, F_DUPFD_CLOEXEC, 0);
    char *rest = copy, *component;
    while (current >= 0 && (component = strsep(&rest, "/")) != NULL) {
        if (component[0] == 0) continue;
        int last = rest == NULL || rest[strspn(rest, "/")] == 0;
        if (last && S_ISLNK(kind)) {
            int made = symlinkat(link, current, component);
            close(current);
            return made == 0 ? -2 : -1;
        }
        if (last && !S_ISDIR(kind)) {
            int file = openat(current, component, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
            if (file >= 0) close(file);
            int next = file >= 0 ? openat(current, component, O_PATH | O_NOFOLLOW | O_CLOEXEC) : -1;
            close(current);
            return next;
        }
        if (mkdirat(current, component, 0755) != 0 && errno != EEXIST) { close(current); return -1; }
        int next = openat(current, component, O_PATH | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
        close(current);
        struct stat status;
        if (next >= 0 && (fstat(next, &status) != 0 || status.st_dev != device)) { close(next); return -1; }
        current = next;
        if (last) break;
    }
    return current;
}

/// Binds the file or folder open at `source` (an O_PATH descriptor) on `target`.
static int bind_descriptors(int source, int target) {
    char from[64], to[64];
    snprintf(from, sizeof from, "/proc/self/fd/%d", source);
    snprintf(to, sizeof to, "/proc/self/fd/%d", target);
    return mount(from, to, NULL, MS_BIND | MS_REC, NULL);
}

/// Gives this process (and the mount namespace it is in) a root of its own holding only the
/// `--root` paths, a private /proc and /dev/fd; its working folder becomes that root. Each
/// path is opened before anything is mounted, following no symlink on the way; a missing
/// path, or one with a symlink on the way, is left out. 0, or -1 with `step` set (nothing
/// changed then: the staging file system is taken away again).
static int enter_private_root(const char **step) {
    static const char staging[] = "/tmp";
    int sources[MAX_ROOT_PATHS];
    for (int index = 0; index < root_count; index++) sources[index] = open_source(root_paths[index]);
    int result = -1, base = -1, saved;
    *step = "mounting the new root";
    if (mount("tmpfs", staging, "tmpfs", MS_NOSUID | MS_NODEV, "mode=0755") != 0) goto done;
    base = open(staging, O_PATH | O_DIRECTORY | O_CLOEXEC);
    struct stat root_status;
    if (base < 0 || fstat(base, &root_status) != 0) goto undo;
    *step = "binding a path into the new root";
    for (int index = 0; index < root_count; index++) {
        struct stat status;
        // /proc is the sandbox's own, mounted below.
        if (strncmp(root_paths[index], "/proc", 5) == 0 && (root_paths[index][5] == 0 || root_paths[index][5] == '/')) continue;
        if (sources[index] < 0 || fstat(sources[index], &status) != 0) continue;
        char link[4096] = "";
        if (S_ISLNK(status.st_mode)) {
            ssize_t length = readlinkat(sources[index], "", link, sizeof link - 1);
            if (length <= 0) continue;
            link[length] = 0;
        }
        // -1: no place for it (the root, or below a path bound already, which shows it); -2: a symlink.
        int place = make_place(base, root_status.st_dev, root_paths[index], status.st_mode, link);
        if (place < 0) continue;
        int bound = bind_descriptors(sources[index], place);
        close(place);
        if (bound != 0) goto undo;
    }
    *step = "mounting /proc in the new root";
    int proc = make_place(base, root_status.st_dev, "/proc", S_IFDIR, NULL);
    char proc_path[64];
    snprintf(proc_path, sizeof proc_path, "/proc/self/fd/%d", proc);
    int mounted = proc >= 0 ? mount("proc", proc_path, "proc", MS_NOSUID | MS_NODEV | MS_NOEXEC, NULL) : -1;
    if (proc >= 0) close(proc);
    if (mounted != 0) goto undo;
    // What the kernel names a script run from a descriptor (fexecve), for its interpreter.
    make_place(base, root_status.st_dev, "/dev/fd", S_IFLNK, "/proc/self/fd");
    *step = "entering the new root";
    if (mount(NULL, staging, NULL, MS_REMOUNT | MS_RDONLY | MS_NOSUID | MS_NODEV, NULL) != 0) goto undo;
    if (fchdir(base) != 0 || syscall(SYS_pivot_root, ".", ".") != 0) goto undo;
    // The old root, now stacked on the new one, is taken away; nothing of it stays reachable.
    if (umount2(".", MNT_DETACH) != 0 || chdir("/") != 0) goto done;
    result = 0;
    goto done;
undo:
    saved = errno;
    umount2(staging, MNT_DETACH);
    errno = saved;
done:
    saved = errno;
    if (base >= 0) close(base);
    for (int index = 0; index < root_count; index++) if (sources[index] >= 0) close(sources[index]);
    errno = saved;
    return result;
}

/// Ends this process the way a child with wait status `status` ended.
static void end_as(int status) {
    if (WIFEXITED(status)) _exit(WEXITSTATUS(status));
    int signal_number = WIFSIGNALED(status) ? WTERMSIG(status) : SIGKILL;
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = SIG_DFL;
    sigaction(signal_number, &action, NULL);
    sigset_t only;
    sigemptyset(&only);
    sigaddset(&only, signal_number);
    sigprocmask(SIG_UNBLOCK, &only, NULL);
    kill(getpid(), signal_number);
    _exit(128 + signal_number);
}

static void close_all_but(int kept) {
    if (kept > 0) syscall(SYS_close_range, 0, (unsigned)kept - 1, 0);
    syscall(SYS_close_range, (unsigned)kept + 1, ~0U, 0);
}

static int read_fully(int fd, void *buffer, size_t size) {
    size_t done = 0;
    while (done < size) {
        ssize_t got = read(fd, (char *)buffer + done, size - done);
        if (got < 0 && errno == EINTR) continue;
        if (got <= 0) break;
        done += (size_t)got;
    }
    return (int)done;
}

/// Runs the runner with what engaged appended to its arguments; returns only if exec failed.
static void run(char **runner, int engaged, int cgroup_joined) {
    int count = 0;
    while (runner[count] != NULL) count++;
    char **arguments = calloc((size_t)count + 4 + 2 * MAX_PROBLEMS + 1, sizeof(char *));
    char flags[16];
    snprintf(flags, sizeof flags, "%d", engaged);
    int index = 0;
    for (; index < count; index++) arguments[index] = runner[index];
    arguments[index++] = "--namespaces";
    arguments[index++] = flags;
    if (cgroup_joined) arguments[index++] = "--threads-cgroup";
    for (int problem = 0; problem < problem_count; problem++) {
        arguments[index++] = "--sandbox-problem";
        arguments[index++] = problems[problem];
    }
    arguments[index] = NULL;
    execv(runner[0], arguments);
    fprintf(stderr, "intents-sandbox: cannot run %s: %s\n", runner[0], strerror(errno));
}

/// The first process of the new PID namespace: mounts its /proc, starts the runner, reports
/// on `report` (a zero byte once the runner runs, or a message), then reaps and reports the
/// runner's wait status. Not the runner itself: the kernel ignores default-action signals that
/// init sends itself (a raise(SIGSEGV), SIGXCPU at the CPU limit), and the runner must die of
/// them as any process does.
static void be_init(int report, char **runner, int engaged, int cgroup_joined) {
    prctl(PR_SET_PDEATHSIG, SIGKILL, 0, 0, 0);
    // Had the keeper died before that, no signal would come: the pipe's only reader is gone.
    struct pollfd keeper = { report, 0, 0 };
    if (poll(&keeper, 1, 0) > 0 && (keeper.revents & POLLERR)) _exit(1);
    const char *step = NULL;
    pid_t child = -1;
    if (mount(NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL) != 0) step = "making the mounts private";
    else if (mount("proc", "/proc", "proc", MS_NOSUID | MS_NODEV | MS_NOEXEC, NULL) != 0) step = "mounting a private /proc";
    if (step == NULL && root_count > 0) {
        const char *root_step = NULL;
        if (enter_private_root(&root_step) == 0) {
            engaged |= NS_ROOT;
        } else if (problem_count < MAX_PROBLEMS) {
            snprintf(problems[problem_count++], sizeof problems[0], "The launcher could not give the runner a root of its own (%s): %s.",
                     root_step, strerror(errno));
        }
    }
    if (step == NULL && (child = fork()) < 0) step = "starting the runner";
    if (step != NULL) {
        char message[256];
        int length = snprintf(message, sizeof message, "%s: %s", step, strerror(errno));
        if (length > 0) (void)!write(report, message, (size_t)length);
        _exit(126);
    }
    if (child == 0) {
        close(report);
        run(runner, engaged | NS_PID, cgroup_joined);
        _exit(127);
    }
    (void)!write(report, "", 1);
    close_all_but(report);
    int status = 0;
    for (;;) {
        pid_t ended = waitpid(-1, &status, 0);
        if (ended == child) break;
        if (ended < 0 && errno != EINTR) { status = 0; break; }
    }
    (void)!write(report, &status, sizeof status);
    _exit(0);
}

/// The keeper: holds nothing of the sandbox, and ends as the runner ended.
static void keep(pid_t init, int report) {
    close_all_but(report);
    int status = 0;
    int reported = read_fully(report, &status, sizeof status) == (int)sizeof status;
    int init_status = 0;
    while (waitpid(init, &init_status, 0) < 0) {
        if (errno != EINTR) _exit(70);
    }
    end_as(reported ? status : init_status);
}

int main(int argc, char **argv) {
    int network = 0;
    const char *cgroup = NULL, *threads = NULL;
    int index = 1;
    for (; index < argc; index++) {
        if (strcmp(argv[index], "--") == 0) { index++; break; }
        if (strcmp(argv[index], "--network") == 0) network = 1;
        else if (strcmp(argv[index], "--cgroup") == 0 && index + 1 < argc) cgroup = argv[++index];
        else if (strcmp(argv[index], "--threads") == 0 && index + 1 < argc) threads = argv[++index];
        else if (strcmp(argv[index], "--root") == 0 && index + 1 < argc) {
            if (root_count == MAX_ROOT_PATHS) { index = argc; break; }
            root_paths[root_count++] = argv[++index];
        } else break;
    }
    if (index >= argc || (cgroup != NULL) != (threads != NULL)) {
        fprintf(stderr, "usage: intents-sandbox [--network] [--cgroup FOLDER --threads N] [--root PATH]... -- RUNNER [ARGUMENT...]\n");
        return USAGE;
    }
    char **runner = argv + index;
    setsid();
    // Were the host gone already, its end of the socket is closed and the runner ends at once.
    prctl(PR_SET_PDEATHSIG, SIGKILL, 0, 0, 0);
    int cgroup_joined = cgroup != NULL && join_pids_cgroup(cgroup, threads) == 0;

    uid_t uid = getuid();
    gid_t gid = getgid();
    int network_flag = network ? 0 : CLONE_NEWNET;
    int network_engaged = network ? 0 : NS_NETWORK;
    if (unshare(CLONE_NEWUSER | CLONE_NEWNS | CLONE_NEWIPC | CLONE_NEWPID | network_flag) != 0) {
        note_problem("enter new mount, IPC and PID namespaces");
        int engaged = 0;
        if (unshare(CLONE_NEWUSER | network_flag) == 0 && write_id_maps(uid, gid) == 0) engaged = NS_USER | network_engaged;
        else note_problem("enter a new user namespace");
        run(runner, engaged, cgroup_joined);
        return 127;
    }
    int engaged = NS_USER | NS_MOUNT | NS_IPC | network_engaged;
    if (write_id_maps(uid, gid) != 0) {
        note_problem("write the user namespace's id maps");
        run(runner, 0, cgroup_joined);
        return 127;
    }
    int report[2];
    pid_t init = -1;
    if (pipe2(report, O_CLOEXEC) != 0 || (init = fork()) < 0) {
        note_problem("start the PID namespace");
        run(runner, engaged, cgroup_joined);
        return 127;
    }
    if (init == 0) {
        close(report[0]);
        be_init(report[1], runner, engaged, cgroup_joined);
    }
    close(report[1]);
    // First one byte alone: zero once the runner runs (the runner's status may follow at once).
    char message[256];
    int length = read_fully(report[0], message, 1);
    if (length == 1 && message[0] == 0) keep(init, report[0]);
    // The init could not set up the namespace and has exited: run the runner here, without it.
    if (length == 1) length += read_fully(report[0], message + 1, sizeof message - 2);
    int status;
    while (waitpid(init, &status, 0) < 0 && errno == EINTR) {}
    close(report[0]);
    message[length] = 0;
    if (problem_count < MAX_PROBLEMS) {
        snprintf(problems[problem_count++], sizeof problems[0], "The PID namespace is unusable (%s).",
                 length > 0 ? message : "its first process ended");
    }
    run(runner, engaged, cgroup_joined);
    return 127;
}
