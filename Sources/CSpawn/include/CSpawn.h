#ifndef SCENEC_CSPAWN_H
#define SCENEC_CSPAWN_H

#include <sys/types.h>

/// Starts `path` with `argv` and `envp` as a child that dies with scenec: the child asks the kernel for SIGKILL
/// when its parent goes (PR_SET_PDEATHSIG, which Foundation's Process and posix_spawn cannot set) and ends at once
/// if the parent is already gone. Its address space is limited to `memory_kib` KiB (RLIMIT_AS); standard input is
/// /dev/null, standard output `output_path` (created, truncated; /dev/null when NULL), standard error `error_path`;
/// its signal mask is empty and SIGPIPE back to the default. Returns 0 and the pid in `pid`, else an errno value.
int scenec_spawn(const char *path, char *const argv[], char *const envp[], const char *output_path,
                 const char *error_path, long memory_kib, pid_t *pid);

/// Waits up to `timeout_ms` milliseconds for child `pid` to end, sleeping in poll(2) on a pidfd (no polling
/// loop). Returns 1 when it has ended (not yet reaped), 0 when the time is up, -1 with errno on error. Without
/// pidfd_open (Linux before 5.3), it checks every 5 ms instead.
int scenec_wait_exit(pid_t pid, int timeout_ms);

#endif
