#define _GNU_SOURCE
#include "CSpawn.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

// Between fork and exec the child calls only async-signal-safe functions and system calls: scenec has other
// threads, whose locks the child's copy may hold.
static void child(const char *path, char *const argv[], char *const envp[], const char *output_path,
                  const char *error_path, long memory_kib, pid_t parent) {
  if (prctl(PR_SET_PDEATHSIG, SIGKILL) != 0) _exit(127);
  // The parent died before the request: the child is already an orphan, and must not run on.
  if (getppid() != parent) _exit(127);
  sigset_t none;
  sigemptyset(&none);
  sigprocmask(SIG_SETMASK, &none, NULL);
  signal(SIGPIPE, SIG_DFL);
  struct rlimit limit = {(rlim_t)memory_kib * 1024, (rlim_t)memory_kib * 1024};
  setrlimit(RLIMIT_AS, &limit);
  int input = open("/dev/null", O_RDONLY);
  int output = output_path ? open(output_path, O_WRONLY | O_CREAT | O_TRUNC, 0600) : open("/dev/null", O_WRONLY);
  int error = open(error_path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
  if (input < 0 || output < 0 || error < 0) _exit(127);
  if (dup2(input, 0) < 0 || dup2(output, 1) < 0 || dup2(error, 2) < 0) _exit(127);
  // No other descriptor of scenec's reaches the tool.
  syscall(SYS_close_range, 3U, ~0U, 0U);
  execve(path, argv, envp);
  _exit(127);
}

int scenec_spawn(const char *path, char *const argv[], char *const envp[], const char *output_path,
                 const char *error_path, long memory_kib, pid_t *pid) {
  pid_t parent = getpid();
  pid_t started = fork();
  if (started < 0) return errno;
  if (started == 0) child(path, argv, envp, output_path, error_path, memory_kib, parent);
  *pid = started;
  return 0;
}

int scenec_wait_exit(pid_t pid, int timeout_ms) {
  int descriptor = (int)syscall(SYS_pidfd_open, pid, 0);
  if (descriptor >= 0) {
    struct pollfd entry = {descriptor, POLLIN, 0};
    int ready;
    do {
      ready = poll(&entry, 1, timeout_ms);
    } while (ready < 0 && errno == EINTR);
    int saved = errno;
    close(descriptor);
    errno = saved;
    return ready < 0 ? -1 : ready > 0 ? 1 : 0;
  }
  // No pidfd: look every 5 ms without reaping (WNOWAIT), as many times as the timeout allows.
  for (int waited = 0;; waited += 5) {
    siginfo_t info;
    info.si_pid = 0;
    if (waitid(P_PID, (id_t)pid, &info, WEXITED | WNOHANG | WNOWAIT) != 0) return errno == EINTR ? 0 : -1;
    if (info.si_pid == pid) return 1;
    if (waited >= timeout_ms) return 0;
    struct timespec pause = {0, 5000000};
    nanosleep(&pause, NULL);
  }
}
