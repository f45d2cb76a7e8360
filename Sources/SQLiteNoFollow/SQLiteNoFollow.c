#include "SQLiteNoFollow.h"

#include <pthread.h>
#include <sqlite3.h>
#include <stdlib.h>
#include <string.h>

static sqlite3_vfs *platform;
static sqlite3_vfs guarded;
static pthread_once_t once = PTHREAD_ONCE_INIT;
static int installed = -1;

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static char **paths;
static size_t count, capacity;

static int is_guarded(const char *name) {
    int found = 0;
    pthread_mutex_lock(&lock);
    for (size_t index = 0; index < count && !found; index++) found = strcmp(paths[index], name) == 0;
    pthread_mutex_unlock(&lock);
    return found;
}

/// The platform's xFullPathname, except that a guarded name resolved through a symlink is
/// refused: SQLite's pager then fails the open, creating nothing where the link points.
static int full_pathname(sqlite3_vfs *vfs, const char *name, int size, char *out) {
    (void)vfs;
    int result = platform->xFullPathname(platform, name, size, out);
    if (result == SQLITE_OK_SYMLINK && name != NULL && is_guarded(name)) return SQLITE_CANTOPEN_SYMLINK;
    return result;
}

static void install(void) {
    platform = sqlite3_vfs_find(NULL);
    if (platform == NULL) return;
    // A copy of the platform's VFS (its methods find their state in pAppData, which is copied),
    // with one method replaced.
    guarded = *platform;
    guarded.pNext = NULL;
    guarded.zName = "unix-no-follow";
    guarded.xFullPathname = full_pathname;
    installed = sqlite3_vfs_register(&guarded, 1) == SQLITE_OK ? 0 : -1;
}

int sqlite_no_follow_install(void) {
    pthread_once(&once, install);
    return installed;
}

void sqlite_no_follow_add(const char *path) {
    if (path == NULL || is_guarded(path)) return;
    pthread_mutex_lock(&lock);
    if (count == capacity) {
        size_t larger = capacity ? capacity * 2 : 8;
        char **grown = realloc(paths, larger * sizeof *paths);
        if (grown == NULL) { pthread_mutex_unlock(&lock); return; }
        paths = grown;
        capacity = larger;
    }
    char *copy = strdup(path);
    if (copy != NULL) paths[count++] = copy;
    pthread_mutex_unlock(&lock);
}
