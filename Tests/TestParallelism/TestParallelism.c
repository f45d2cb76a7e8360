// Bounds how many test cases Swift Testing starts at once, before its entry point reads its
// configuration. Unbounded, it starts every test of the suite at once, and on a machine of few
// processors Swift's cooperative pool (one thread per processor on Linux, never more) queues
// each task behind all their first steps: in a full run, a task waited 61 s for a thread at the
// start, and tests that wait 60 s for a few steps of theirs failed. Four per processor keeps
// the pool's queue short and the run shorter. A width the user sets is kept.
#include "TestParallelism.h"

#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

static const char *const variable = "SWT_EXPERIMENTAL_MAXIMUM_PARALLELIZATION_WIDTH";

__attribute__((constructor)) static void bound_parallelization(void) {
    if (getenv(variable) != NULL) return;
    long processors = sysconf(_SC_NPROCESSORS_ONLN);
    char width[32];
    snprintf(width, sizeof width, "%ld", 4 * (processors > 0 ? processors : 1));
    setenv(variable, width, 0);
}

int test_parallelization_width(void) {
    const char *value = getenv(variable);
    return value == NULL ? 0 : atoi(value);
}
