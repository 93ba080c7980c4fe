#ifndef CBENCHSUPPORT_H
#define CBENCHSUPPORT_H

#include <stddef.h>
#include <stdint.h>

/// The libyaml floor: pulls every event of the YAML text `bytes` and does nothing else. Returns the number of
/// events, or -1 if libyaml reported an error.
int64_t cbench_yaml_event_count(const uint8_t *bytes, size_t length);

/// rlottie, loaded at run time (dlopen of librlottie.so.0), so the package builds without it. Returns 1 when the
/// library and its C API were found; `cbench_rlottie_error` then or otherwise says why not.
int cbench_rlottie_open(void);
const char *cbench_rlottie_error(void);

/// A Lottie animation loaded from JSON text (NUL-terminated); NULL if rlottie rejected it.
void *cbench_rlottie_load(const char *json);
size_t cbench_rlottie_total_frames(void *animation);
/// Builds rlottie's render tree (lottie_animation_render_tree) for frames first, first + step, … (count frames,
/// wrapping at the total), returns the seconds taken and adds the layers seen to `*checksum`.
double cbench_rlottie_render_trees(
  void *animation, size_t first, size_t step, size_t count, size_t width, size_t height, uint64_t *checksum);
void cbench_rlottie_free(void *animation);

/// Monotonic time in seconds.
double cbench_now(void);

/// CPU time of the calling thread in seconds (not advanced while the thread waits for a core).
double cbench_thread_cpu_now(void);

#endif
