#include "CBenchSupport.h"

#include <time.h>
#include <yaml.h>

int64_t cbench_yaml_event_count(const uint8_t *bytes, size_t length) {
  yaml_parser_t parser;
  if (!yaml_parser_initialize(&parser)) return -1;
  yaml_parser_set_input_string(&parser, bytes, length);
  yaml_parser_set_encoding(&parser, YAML_UTF8_ENCODING);
  int64_t count = 0;
  for (;;) {
    yaml_event_t event;
    if (!yaml_parser_parse(&parser, &event)) {
      count = -1;
      break;
    }
    int done = event.type == YAML_STREAM_END_EVENT;
    yaml_event_delete(&event);
    count += 1;
    if (done) break;
  }
  yaml_parser_delete(&parser);
  return count;
}

double cbench_now(void) {
  struct timespec now;
  clock_gettime(CLOCK_MONOTONIC, &now);
  return (double)now.tv_sec + (double)now.tv_nsec * 1e-9;
}

double cbench_thread_cpu_now(void) {
  struct timespec now;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now);
  return (double)now.tv_sec + (double)now.tv_nsec * 1e-9;
}
