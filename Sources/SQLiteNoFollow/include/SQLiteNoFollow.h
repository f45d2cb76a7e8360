#ifndef SQLITE_NO_FOLLOW_H
#define SQLITE_NO_FOLLOW_H

/// Makes this process's default SQLite VFS the platform's with one change: a database whose
/// path was given to sqlite_no_follow_add is never opened through a symbolic link (as with
/// SQLITE_OPEN_NOFOLLOW, which libraries such as GRDB do not let callers pass). SQLite refuses
/// such a name before creating or opening anything; other databases open as before.
/// Idempotent and thread-safe. Returns 0, or -1 when SQLite has no default VFS.
int sqlite_no_follow_install(void);

/// Adds `path`, exactly as it will be given to sqlite3_open, to the databases never opened
/// through a symbolic link. Thread-safe.
void sqlite_no_follow_add(const char *path);

#endif
