#define _GNU_SOURCE
#include "SandboxAttacks.h"

#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ipc.h>
#include <sys/mman.h>
#include <sys/msg.h>
#include <sys/prctl.h>
#include <sys/ptrace.h>
#include <sys/shm.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/un.h>
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

int attack_shm_read(int key, int *byte) {
    int identifier = shmget((key_t)key, 0, 0);
    if (identifier < 0) return errno;
    unsigned char *memory = shmat(identifier, NULL, SHM_RDONLY);
    if (memory == (void *)-1) return errno;
    *byte = memory[0];
    shmdt(memory);
    return 0;
}

int attack_msg_steal(int key) {
    int queue = msgget((key_t)key, 0);
    if (queue < 0) return errno;
    struct { long type; char text[256]; } message;
    if (msgrcv(queue, &message, sizeof message.text, 0, IPC_NOWAIT) < 0) return errno;
    return 0;
}

int attack_shm_create(int megabytes, int *identifier) {
    size_t size = (size_t)megabytes << 20;
    *identifier = shmget(IPC_PRIVATE, size, IPC_CREAT | 0600);
    if (*identifier < 0) return errno;
    char *memory = shmat(*identifier, NULL, 0);
    if (memory == (void *)-1) return errno;
    memset(memory, 1, size);
    shmdt(memory);
    return 0;
}

int attack_memfd(int megabytes, int *written) {
    static char chunk[1 << 20];
    memset(chunk, 7, sizeof chunk);
    *written = 0;
    while (*written < megabytes) {
        int fd = memfd_create("fill", 0);
        if (fd < 0) return errno;
        for (int part = 0; part < 256 && *written < megabytes; part++) {
            if (write(fd, chunk, sizeof chunk) != (ssize_t)sizeof chunk) return errno;
            (*written)++;
        }
    }
    return 0;
}

int attack_clear_parent_death_signal_wide(void) {
    return syscall(SYS_prctl, (1UL << 32) | PR_SET_PDEATHSIG, 0UL, 0UL, 0UL, 0UL) == 0 ? 0 : errno;
}

int attack_unix_datagram(const char *path) {
    int pair[2];
    if (socketpair(AF_UNIX, SOCK_DGRAM, 0, pair) != 0) return errno;
    struct sockaddr_un address;
    memset(&address, 0, sizeof address);
    address.sun_family = AF_UNIX;
    strncpy(address.sun_path, path, sizeof address.sun_path - 1);
    ssize_t sent = sendto(pair[0], "x", 1, 0, (struct sockaddr *)&address, sizeof address);
    int error = sent == 1 ? 0 : errno;
    close(pair[0]);
    close(pair[1]);
    return error;
}

int attack_setsid(void) {
    return setsid() < 0 ? errno : 0;
}

int attack_clear_parent_death_signal(void) {
    return prctl(PR_SET_PDEATHSIG, 0, 0, 0, 0) == 0 ? 0 : errno;
}

static void *wait_for_end(void *pipe_end) {
    char byte;
    while (read((int)(long)pipe_end, &byte, 1) < 0 && errno == EINTR) {}
    return NULL;
}

int attack_threads(int limit, int *created) {
    int gate[2];
    if (pipe(gate) != 0) return errno;
    pthread_t *threads = calloc((size_t)limit, sizeof(pthread_t));
    pthread_attr_t attributes;
    pthread_attr_init(&attributes);
    pthread_attr_setstacksize(&attributes, 64 << 10);
    int error = 0;
    *created = 0;
    while (*created < limit) {
        error = pthread_create(&threads[*created], &attributes, wait_for_end, (void *)(long)gate[0]);
        if (error != 0) break;
        (*created)++;
    }
    close(gate[1]);
    for (int index = 0; index < *created; index++) pthread_join(threads[index], NULL);
    close(gate[0]);
    pthread_attr_destroy(&attributes);
    free(threads);
    return error;
}

const char *attack_errno_name(int error) {
    const char *name = strerrorname_np(error);
    return name ? name : "E?";
}
