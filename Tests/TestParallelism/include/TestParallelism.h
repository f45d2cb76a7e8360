#ifndef TEST_PARALLELISM_H
#define TEST_PARALLELISM_H

/// The most test cases Swift Testing runs at once in this process, as set before it started
/// (SWT_EXPERIMENTAL_MAXIMUM_PARALLELIZATION_WIDTH): four per processor unless the user set
/// the variable; 0 when it could not be set.
int test_parallelization_width(void);

#endif
