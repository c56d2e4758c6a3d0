// pixman (the pixel library cairo and GTK draw with): the decode child's resize of a JPEG
// decoded at a DCT scaling (JPEGDecoder) to the size asked for. Measured on one core of the
// Intel Xeon of docs/benchmarks.md's fifteenth pass: the viewer's 24-megapixel photo at a
// quarter (1500×1000) to 1090×727 took 11.5 ms with gdk-pixbuf's bilinear filter and 1.2 ms
// with pixman's; a 12-megapixel photo's eighth (500×375) to a 256 px thumbnail 0.75 ms and
// 0.08 ms. pixman is fast only on 32-bit pixels (its SSSE3 paths; 24-bit RGB went through
// its general path in 16 ms), so the rows are decoded 4 bytes a pixel and packed to 3 after.
#include <stdint.h>
#include <stddef.h>
#include <pixman.h>

// Resizes opaque 4-byte pixels (R, G, B and a fourth byte, which is ignored, in memory: as
// libjpeg-turbo's JCS_EXT_RGBX writes them and gdk-pixbuf lays out RGBA) from `source`,
// `source_width` × `source_height` rows `source_stride` bytes apart, into `destination`
// (`width` × `height` rows `stride` bytes apart), with pixman's bilinear filter: each pixel
// of the result mixes the 2×2 source pixels nearest its centre, so every source pixel counts
// as long as the picture shrinks by at most half on each side, which is what the caller
// keeps to. The fourth byte of the result is 255. Returns 0, or -1 when pixman could not
// allocate its image headers.
static inline int drover_resize_opaque_rgbx(const uint8_t *source, int source_width, int source_height, size_t source_stride,
                                            uint8_t *destination, int width, int height, size_t stride) {
    // x8b8g8r8 is a 32-bit word 0xXXBBGGRR, which a little-endian machine stores R, G, B, X.
    pixman_image_t *from = pixman_image_create_bits(PIXMAN_x8b8g8r8, source_width, source_height,
                                                    (uint32_t *)(uintptr_t)source, (int)source_stride);
    pixman_image_t *to = pixman_image_create_bits(PIXMAN_a8b8g8r8, width, height, (uint32_t *)(void *)destination, (int)stride);
    int result = -1;
    if (from != NULL && to != NULL) {
        // The transform maps the result's pixel centres onto the source's, so the picture
        // neither shifts nor loses its edges (which PAD repeats rather than fading to black).
        pixman_transform_t scale;
        pixman_transform_init_scale(&scale, pixman_double_to_fixed((double)source_width / width),
                                    pixman_double_to_fixed((double)source_height / height));
        pixman_image_set_transform(from, &scale);
        pixman_image_set_filter(from, PIXMAN_FILTER_BILINEAR, NULL, 0);
        pixman_image_set_repeat(from, PIXMAN_REPEAT_PAD);
        pixman_image_composite32(PIXMAN_OP_SRC, from, NULL, to, 0, 0, 0, 0, 0, 0, width, height);
        result = 0;
    }
    if (from != NULL) pixman_image_unref(from);
    if (to != NULL) pixman_image_unref(to);
    return result;
}

// Copies 4-byte pixels to 3-byte RGB (drops the fourth byte), row by row; the two may not overlap.
static inline void drover_pack_rgbx_to_rgb(const uint8_t *source, size_t source_stride, uint8_t *destination, size_t stride,
                                           int width, int height) {
    for (int y = 0; y < height; y++) {
        const uint8_t *from = source + (size_t)y * source_stride;
        uint8_t *to = destination + (size_t)y * stride;
        for (int x = 0; x < width; x++, from += 4, to += 3) {
            to[0] = from[0];
            to[1] = from[1];
            to[2] = from[2];
        }
    }
}
