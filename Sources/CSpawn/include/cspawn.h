// CSpawn: starts a child process that cannot outlive Flipbook. Only the Swift module `Stage`
// imports this target (its `ChildProcess` is the API everything else uses).
//
// Foundation's Process cannot do this: the child is started in a process group of its own (so
// a terminal's Ctrl-C reaches Flipbook, which cleans up, and a kill of the group reaches the
// child's own children, e.g. the ffmpeg that scripts/make-gif runs), and a watchdog process
// ends that whole group when Flipbook dies for any reason, SIGKILL included: SIGTERM (so a
// script's traps remove its temporaries), then SIGKILL for what is left 2 s later. The
// watchdog notices the death by the end of a pipe only Flipbook holds open, which works for a
// process of any number of threads (PR_SET_PDEATHSIG fires when the forking *thread* exits).
#ifndef FLIPBOOK_CSPAWN_H
#define FLIPBOOK_CSPAWN_H

#include <sys/types.h>

#ifdef __cplusplus
extern "C" {
#endif

/// What `cspawn_start` started.
typedef struct {
  pid_t pid;       // the child (also its process group id), or -1 on failure
  pid_t watchdog;  // the watchdog, or -1 on failure
  int guard_fd;    // the write end of the watchdog's pipe: keep it open while the child runs
  int error;       // errno of what failed (pipe, fork, or the child's exec), 0 on success
} cspawn_child;

/// Starts `path` with the NULL-terminated `argv` and environment `envp` ("NAME=value"
/// strings, NULL-terminated; NULL for the parent's environment).
/// `in_fd`, `out_fd`, `err_fd` become the child's 0, 1, 2: a descriptor >= 0 is duplicated,
/// -1 keeps the parent's, -2 is /dev/null. Every other descriptor is closed in the child.
/// An exec failure is reported in `error` (the child is then already reaped).
cspawn_child cspawn_start(const char *path, char *const argv[], char *const envp[], int in_fd, int out_fd, int err_fd);

/// Ends the watchdog once the child is reaped (it then kills nothing) and closes `guard_fd`.
void cspawn_release(cspawn_child child);

/// pipe2(fds, O_CLOEXEC): a pipe neither end of which leaks into any child.
int cspawn_pipe(int fds[2]);

/// Asks for a pipe buffer of at least `bytes` on `fd` (F_SETPIPE_SZ); when that is refused
/// (above /proc/sys/fs/pipe-max-size for an unprivileged process), for the largest size
/// allowed. Returns the buffer's size in bytes afterwards, or -1 when it cannot be read.
int cspawn_pipe_size(int fd, int bytes);

/// Waits until `pid` has ended without reaping it (waitid with WNOWAIT, retrying EINTR): it
/// stays a zombie, so its id (and process group id) cannot be reused until `cspawn_wait`.
void cspawn_wait_exited(pid_t pid);

/// Waits for `pid` (retrying EINTR). Returns 0 and sets `*code` to the exit status, or
/// returns the signal that ended it and sets `*code` to -1; -1 when waitpid fails.
int cspawn_wait(pid_t pid, int *code);

#ifdef __cplusplus
}
#endif

#endif
