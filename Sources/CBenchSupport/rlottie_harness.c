#include "CBenchSupport.h"

#include <dlfcn.h>
#include <stdio.h>

/* The few entry points of rlottie's C API (rlottie_capi.h) the harness calls, declared here so that the package
   builds without librlottie-dev; the library is opened at run time. */
typedef struct Lottie_Animation_S Lottie_Animation;
typedef struct LOTLayerNode {
  struct {
    void *ptr;
    size_t size;
  } mMaskList;
  struct {
    const float *ptPtr;
    size_t ptCount;
    const char *elmPtr;
    size_t elmCount;
  } mClipPath;
  struct {
    struct LOTLayerNode **ptr;
    size_t size;
  } mLayerList;
  /* the rest of the node (node list, matte, visibility, alpha, key path) is not read */
} LOTLayerNode;

static Lottie_Animation *(*from_data)(const char *, const char *, const char *);
static void (*destroy)(Lottie_Animation *);
static size_t (*total_frames)(const Lottie_Animation *);
static const LOTLayerNode *(*render_tree)(Lottie_Animation *, size_t, size_t, size_t);
static char message[256] = "not opened";

int cbench_rlottie_open(void) {
  if (render_tree) return 1;
  const char *names[] = {"librlottie.so.0", "librlottie.so", "librlottie.dylib"};
  void *library = NULL;
  for (size_t i = 0; i < sizeof names / sizeof names[0] && !library; i++) library = dlopen(names[i], RTLD_NOW);
  if (!library) {
    snprintf(message, sizeof message, "rlottie not found (apt-get install librlottie-dev)");
    return 0;
  }
  from_data = (Lottie_Animation * (*)(const char *, const char *, const char *)) dlsym(library, "lottie_animation_from_data");
  destroy = (void (*)(Lottie_Animation *))dlsym(library, "lottie_animation_destroy");
  total_frames = (size_t(*)(const Lottie_Animation *))dlsym(library, "lottie_animation_get_totalframe");
  render_tree = (const LOTLayerNode *(*)(Lottie_Animation *, size_t, size_t, size_t))dlsym(
    library, "lottie_animation_render_tree");
  if (!from_data || !destroy || !total_frames || !render_tree) {
    render_tree = NULL;
    snprintf(message, sizeof message, "rlottie's C API is incomplete in this library");
    return 0;
  }
  snprintf(message, sizeof message, "ok");
  return 1;
}

const char *cbench_rlottie_error(void) { return message; }

void *cbench_rlottie_load(const char *json) {
  if (!cbench_rlottie_open()) return NULL;
  /* The cache key must be unique per text, or rlottie would hand back an earlier animation. */
  static unsigned long serial = 0;
  char key[64];
  snprintf(key, sizeof key, "scenec-bench-%lu", ++serial);
  return from_data(json, key, "");
}

size_t cbench_rlottie_total_frames(void *animation) { return total_frames((Lottie_Animation *)animation); }

double cbench_rlottie_render_trees(
  void *animation, size_t first, size_t step, size_t count, size_t width, size_t height, uint64_t *checksum) {
  size_t total = total_frames((Lottie_Animation *)animation);
  if (total == 0) total = 1;
  uint64_t seen = 0;
  double start = cbench_now();
  size_t frame = first % total;
  for (size_t i = 0; i < count; i++) {
    const LOTLayerNode *tree = render_tree((Lottie_Animation *)animation, frame, width, height);
    if (tree) seen += tree->mLayerList.size;
    frame = (frame + step) % total;
  }
  double elapsed = cbench_now() - start;
  *checksum += seen;
  return elapsed;
}

void cbench_rlottie_free(void *animation) {
  if (animation) destroy((Lottie_Animation *)animation);
}
