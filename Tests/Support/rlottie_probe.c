/* rlottie_probe: renders Lottie files with rlottie and reads pixels of PNG files, for scenec's export tests.
 *
 *   rlottie_probe info FILE.json                       prints "frames FPS WIDTH HEIGHT" (fails if rlottie cannot load it)
 *   rlottie_probe render FILE.json FRAME W H OUT.png   renders frame FRAME at W×H into a PNG (RGBA, straight alpha)
 *   rlottie_probe probe FILE.json FRAME W H X,Y …      prints "X Y R G B A" (straight alpha, 0–255) per point
 *   rlottie_probe probe-png FILE.png X,Y …             the same for an 8-bit RGB/RGBA PNG (e.g. rsvg-convert's)
 *   rlottie_probe dump FILE.json FRAME W H OUT.rgba    every pixel of the frame: raw RGBA bytes, rows top first
 *   rlottie_probe dump-png FILE.png OUT.rgba           every pixel of a PNG, the same way (after an 8-byte
 *                                                      header: width and height as 32-bit big-endian numbers)
 *
 * Built by the tests with: cc rlottie_probe.c $(pkg-config --cflags --libs rlottie zlib) -o rlottie_probe
 */
#include <rlottie_capi.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

typedef struct {
  int width, height;
  uint8_t *rgba; /* straight alpha */
} Image;

static int fail(const char *message, const char *detail) {
  fprintf(stderr, "rlottie_probe: %s%s%s\n", message, detail ? ": " : "", detail ? detail : "");
  return 1;
}

static int render(const char *path, long frame, int width, int height, Image *image) {
  Lottie_Animation *animation = lottie_animation_from_file(path);
  if (!animation) return fail("rlottie cannot load", path);
  size_t total = lottie_animation_get_totalframe(animation);
  if (frame < 0 || (size_t)frame >= total) frame = total > 0 ? (long)total - 1 : 0;
  uint32_t *buffer = calloc((size_t)width * height, sizeof(uint32_t));
  lottie_animation_render(animation, (size_t)frame, buffer, width, height, width * 4);
  image->width = width;
  image->height = height;
  image->rgba = malloc((size_t)width * height * 4);
  for (int i = 0; i < width * height; i++) {
    uint32_t p = buffer[i]; /* premultiplied ARGB32 */
    int a = p >> 24, r = (p >> 16) & 255, g = (p >> 8) & 255, b = p & 255;
    if (a > 0 && a < 255) {
      r = (r * 255 + a / 2) / a;
      g = (g * 255 + a / 2) / a;
      b = (b * 255 + a / 2) / a;
    }
    image->rgba[i * 4] = r > 255 ? 255 : r;
    image->rgba[i * 4 + 1] = g > 255 ? 255 : g;
    image->rgba[i * 4 + 2] = b > 255 ? 255 : b;
    image->rgba[i * 4 + 3] = a;
  }
  free(buffer);
  lottie_animation_destroy(animation);
  return 0;
}

static void put32(uint8_t *p, uint32_t v) {
  p[0] = v >> 24;
  p[1] = v >> 16;
  p[2] = v >> 8;
  p[3] = v;
}

static void chunk(FILE *file, const char *type, const uint8_t *data, uint32_t length) {
  uint8_t header[8];
  put32(header, length);
  memcpy(header + 4, type, 4);
  fwrite(header, 1, 8, file);
  if (length) fwrite(data, 1, length, file);
  uLong crc = crc32(0, (const Bytef *)type, 4);
  if (length) crc = crc32(crc, data, length);
  uint8_t tail[4];
  put32(tail, (uint32_t)crc);
  fwrite(tail, 1, 4, file);
}

static int write_png(const char *path, const Image *image) {
  size_t row = (size_t)image->width * 4 + 1;
  size_t raw_size = row * image->height;
  uint8_t *raw = malloc(raw_size);
  for (int y = 0; y < image->height; y++) {
    raw[y * row] = 0;
    memcpy(raw + y * row + 1, image->rgba + (size_t)y * image->width * 4, (size_t)image->width * 4);
  }
  uLongf packed_size = compressBound(raw_size);
  uint8_t *packed = malloc(packed_size);
  compress2(packed, &packed_size, raw, raw_size, 6);
  FILE *file = fopen(path, "wb");
  if (!file) return fail("cannot write", path);
  static const uint8_t signature[8] = {137, 80, 78, 71, 13, 10, 26, 10};
  fwrite(signature, 1, 8, file);
  uint8_t ihdr[13];
  put32(ihdr, image->width);
  put32(ihdr + 4, image->height);
  ihdr[8] = 8;  /* bit depth */
  ihdr[9] = 6;  /* RGBA */
  ihdr[10] = 0; /* deflate */
  ihdr[11] = 0; /* filter method */
  ihdr[12] = 0; /* no interlace */
  chunk(file, "IHDR", ihdr, 13);
  chunk(file, "IDAT", packed, (uint32_t)packed_size);
  chunk(file, "IEND", NULL, 0);
  fclose(file);
  free(raw);
  free(packed);
  return 0;
}

static uint32_t get32(const uint8_t *p) { return (uint32_t)p[0] << 24 | p[1] << 16 | p[2] << 8 | p[3]; }

static int paeth(int a, int b, int c) {
  int p = a + b - c, pa = abs(p - a), pb = abs(p - b), pc = abs(p - c);
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
}

static int read_png(const char *path, Image *image) {
  FILE *file = fopen(path, "rb");
  if (!file) return fail("cannot read", path);
  fseek(file, 0, SEEK_END);
  long size = ftell(file);
  fseek(file, 0, SEEK_SET);
  uint8_t *bytes = malloc(size);
  if (fread(bytes, 1, size, file) != (size_t)size) return fail("cannot read", path);
  fclose(file);
  if (size < 8 || memcmp(bytes, "\x89PNG", 4) != 0) return fail("not a PNG", path);
  int width = 0, height = 0, channels = 0;
  uint8_t *idat = NULL;
  size_t idat_size = 0;
  for (long at = 8; at + 12 <= size;) {
    uint32_t length = get32(bytes + at);
    const uint8_t *type = bytes + at + 4, *data = bytes + at + 8;
    if (!memcmp(type, "IHDR", 4)) {
      width = get32(data);
      height = get32(data + 4);
      if (data[8] != 8 || data[12] != 0 || (data[9] != 6 && data[9] != 2)) return fail("unsupported PNG", path);
      channels = data[9] == 6 ? 4 : 3;
    } else if (!memcmp(type, "IDAT", 4)) {
      idat = realloc(idat, idat_size + length);
      memcpy(idat + idat_size, data, length);
      idat_size += length;
    }
    at += 12 + length;
  }
  size_t row = (size_t)width * channels;
  uLongf raw_size = (row + 1) * height;
  uint8_t *raw = malloc(raw_size);
  if (uncompress(raw, &raw_size, idat, idat_size) != Z_OK) return fail("corrupt PNG data", path);
  uint8_t *pixels = malloc(row * height);
  for (int y = 0; y < height; y++) {
    int filter = raw[y * (row + 1)];
    uint8_t *line = raw + y * (row + 1) + 1, *out = pixels + y * row, *up = y ? pixels + (y - 1) * row : NULL;
    for (size_t x = 0; x < row; x++) {
      int a = x >= (size_t)channels ? out[x - channels] : 0, b = up ? up[x] : 0;
      int c = up && x >= (size_t)channels ? up[x - channels] : 0, v = line[x];
      switch (filter) {
      case 1: v += a; break;
      case 2: v += b; break;
      case 3: v += (a + b) / 2; break;
      case 4: v += paeth(a, b, c); break;
      }
      out[x] = (uint8_t)v;
    }
  }
  image->width = width;
  image->height = height;
  image->rgba = malloc((size_t)width * height * 4);
  for (int i = 0; i < width * height; i++) {
    for (int k = 0; k < 3; k++) image->rgba[i * 4 + k] = pixels[i * channels + k];
    image->rgba[i * 4 + 3] = channels == 4 ? pixels[i * channels + 3] : 255;
  }
  free(bytes);
  free(idat);
  free(raw);
  free(pixels);
  return 0;
}

static int dump(const char *path, const Image *image) {
  FILE *file = fopen(path, "wb");
  if (!file) return fail("cannot write", path);
  uint8_t header[8];
  put32(header, image->width);
  put32(header + 4, image->height);
  fwrite(header, 1, 8, file);
  fwrite(image->rgba, 1, (size_t)image->width * image->height * 4, file);
  fclose(file);
  return 0;
}

static int probe(const Image *image, int count, char **points) {
  for (int i = 0; i < count; i++) {
    int x, y;
    if (sscanf(points[i], "%d,%d", &x, &y) != 2) return fail("a point is X,Y", points[i]);
    if (x < 0 || y < 0 || x >= image->width || y >= image->height) return fail("point outside the image", points[i]);
    const uint8_t *p = image->rgba + ((size_t)y * image->width + x) * 4;
    printf("%d %d %d %d %d %d\n", x, y, p[0], p[1], p[2], p[3]);
  }
  return 0;
}

int main(int argc, char **argv) {
  if (argc >= 3 && !strcmp(argv[1], "info")) {
    Lottie_Animation *animation = lottie_animation_from_file(argv[2]);
    if (!animation) return fail("rlottie cannot load", argv[2]);
    size_t width, height;
    lottie_animation_get_size(animation, &width, &height);
    printf("%zu %g %zu %zu\n", lottie_animation_get_totalframe(animation), lottie_animation_get_framerate(animation),
           width, height);
    lottie_animation_destroy(animation);
    return 0;
  }
  Image image = {0, 0, NULL};
  if (argc == 7 && !strcmp(argv[1], "render")) {
    if (render(argv[2], atol(argv[3]), atoi(argv[4]), atoi(argv[5]), &image)) return 1;
    return write_png(argv[6], &image);
  }
  if (argc >= 7 && !strcmp(argv[1], "probe")) {
    if (render(argv[2], atol(argv[3]), atoi(argv[4]), atoi(argv[5]), &image)) return 1;
    return probe(&image, argc - 6, argv + 6);
  }
  if (argc == 7 && !strcmp(argv[1], "dump")) {
    if (render(argv[2], atol(argv[3]), atoi(argv[4]), atoi(argv[5]), &image)) return 1;
    return dump(argv[6], &image);
  }
  if (argc == 4 && !strcmp(argv[1], "dump-png")) {
    if (read_png(argv[2], &image)) return 1;
    return dump(argv[3], &image);
  }
  if (argc >= 4 && !strcmp(argv[1], "probe-png")) {
    if (read_png(argv[2], &image)) return 1;
    return probe(&image, argc - 3, argv + 3);
  }
  fprintf(stderr, "usage: rlottie_probe info FILE | render FILE FRAME W H OUT.png | probe FILE FRAME W H X,Y… | "
                  "probe-png FILE.png X,Y… | dump FILE FRAME W H OUT | dump-png FILE.png OUT\n");
  return 2;
}
