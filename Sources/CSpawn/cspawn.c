#define _GNU_SOURCE
#include "cspawn.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

extern char **environ;

// Closes every descriptor from `first` up (async-signal-safe: only system calls).
static void close_from(int first) {
#ifdef SYS_close_range
  if (syscall(SYS_close_range, (unsigned)first, ~0U, 0) == 0) return;
#endif
  long max = sysconf(_SC_OPEN_MAX);
  if (max < 0 || max > 65536) max = 65536;
  for (int fd = first; fd < max; fd++) close(fd);
}

static int place(int fd, int target) {
  if (fd == -1) return 0;
  if (fd == -2) {
    int null = open("/dev/null", O_RDWR);
    if (null < 0) return -1;
    if (null != target) {
      if (dup2(null, target) < 0) return -1;
      close(null);
    }
    return 0;
  }
  return dup2(fd, target) < 0 ? -1 : 0;
}

static void reset_signals(void) {
  sigset_t none;
  sigemptyset(&none);
  sigprocmask(SIG_SETMASK, &none, NULL);
  struct sigaction dfl;
  memset(&dfl, 0, sizeof dfl);
  dfl.sa_handler = SIG_DFL;
  for (int s = 1; s < NSIG; s++) {
    if (s == SIGKILL || s == SIGSTOP) continue;
    sigaction(s, &dfl, NULL);
  }
}

cspawn_child cspawn_start(const char *path, char *const argv[], char *const envp[], int in_fd, int out_fd, int err_fd) {
  cspawn_child r = {-1, -1, -1, 0};
  int guard[2], report[2];
  if (pipe2(guard, O_CLOEXEC) != 0) { r.error = errno; return r; }
  if (pipe2(report, O_CLOEXEC) != 0) {
    r.error = errno;
    close(guard[0]); close(guard[1]);
    return r;
  }

  // The watchdog: waits for the child's group id, then for the end of the guard pipe.
  pid_t watchdog = fork();
  if (watchdog < 0) {
    r.error = errno;
    close(guard[0]); close(guard[1]); close(report[0]); close(report[1]);
    return r;
  }
  if (watchdog == 0) {
    struct sigaction ign;
    memset(&ign, 0, sizeof ign);
    ign.sa_handler = SIG_IGN;
    sigaction(SIGINT, &ign, NULL);
    sigaction(SIGTERM, &ign, NULL);
    sigaction(SIGHUP, &ign, NULL);
    sigaction(SIGPIPE, &ign, NULL);
    if (dup2(guard[0], 0) < 0) _exit(1);
    close_from(1);
    pid_t group = 0;
    ssize_t got = 0;
    while (got < (ssize_t)sizeof group) {
      ssize_t n = read(0, (char *)&group + got, sizeof group - got);
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) _exit(0);  // Flipbook ended before the child started
      got += n;
    }
    char byte;
    for (;;) {
      ssize_t n = read(0, &byte, 1);
      if (n < 0 && errno == EINTR) continue;
      break;  // end of file: Flipbook is gone (it never writes more)
    }
    // As Flipbook's own Ctrl-C path does: SIGTERM first, so a script's trap can remove its
    // temporaries (scripts/make-gif does), then SIGKILL for whatever is left after 2 s.
    if (group > 0 && kill(-group, SIGTERM) == 0) {
      for (int i = 0; i < 200 && kill(-group, 0) == 0; i++) {
        struct timespec pause = {0, 10 * 1000 * 1000};
        nanosleep(&pause, NULL);
      }
      kill(-group, SIGKILL);
    }
    _exit(0);
  }
  close(guard[0]);

  pid_t child = fork();
  if (child < 0) {
    r.error = errno;
    close(guard[1]); close(report[0]); close(report[1]);
    kill(watchdog, SIGKILL);
    waitpid(watchdog, NULL, 0);
    return r;
  }
  if (child == 0) {
    setpgid(0, 0);
    reset_signals();
    if (place(in_fd, 0) != 0 || place(out_fd, 1) != 0 || place(err_fd, 2) != 0) goto failed;
    // report[1] is close-on-exec: it closes by itself when the exec succeeds.
    if (report[1] != 3) {
      if (dup3(report[1], 3, O_CLOEXEC) < 0) goto failed;
    } else {
      fcntl(3, F_SETFD, FD_CLOEXEC);
    }
    close_from(4);
    execve(path, argv, envp ? envp : environ);
  failed:;
    int e = errno;
    ssize_t ignored = write(3, &e, sizeof e);
    (void)ignored;
    _exit(127);
  }
  setpgid(child, child);  // also here, so the group exists before we report it
  close(report[1]);
  ssize_t written;
  do { written = write(guard[1], &child, sizeof child); } while (written < 0 && errno == EINTR);

  int child_errno = 0;
  ssize_t n;
  do { n = read(report[0], &child_errno, sizeof child_errno); } while (n < 0 && errno == EINTR);
  close(report[0]);
  r.pid = child;
  r.watchdog = watchdog;
  r.guard_fd = guard[1];
  if (n == (ssize_t)sizeof child_errno) {
    r.error = child_errno;
    waitpid(child, NULL, 0);
    cspawn_release(r);
    r.pid = -1;
    r.watchdog = -1;
    r.guard_fd = -1;
  }
  return r;
}

void cspawn_release(cspawn_child child) {
  if (child.watchdog > 0) {
    kill(child.watchdog, SIGKILL);
    while (waitpid(child.watchdog, NULL, 0) < 0 && errno == EINTR) {}
  }
  if (child.guard_fd >= 0) close(child.guard_fd);
}

void cspawn_wait_exited(pid_t pid) {
  siginfo_t info;
  while (waitid(P_PID, (id_t)pid, &info, WEXITED | WNOWAIT) < 0) {
    if (errno != EINTR) return;
  }
}

int cspawn_wait(pid_t pid, int *code) {
  int status = 0;
  while (waitpid(pid, &status, 0) < 0) {
    if (errno != EINTR) return -1;
  }
  if (WIFEXITED(status)) {
    *code = WEXITSTATUS(status);
    return 0;
  }
  *code = -1;
  return WIFSIGNALED(status) ? WTERMSIG(status) : -1;
}

int cspawn_pipe(int fds[2]) { return pipe2(fds, O_CLOEXEC); }

int cspawn_pipe_size(int fd, int bytes) {
  if (fcntl(fd, F_SETPIPE_SZ, bytes) < 0) {
    FILE *f = fopen("/proc/sys/fs/pipe-max-size", "r");
    int most = 0;
    if (f) {
      if (fscanf(f, "%d", &most) != 1) most = 0;
      fclose(f);
    }
    if (most > 0 && most < bytes) (void)fcntl(fd, F_SETPIPE_SZ, most);
  }
  return fcntl(fd, F_GETPIPE_SZ);
}
