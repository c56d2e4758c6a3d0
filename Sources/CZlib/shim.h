// zlib: ImageFormats inflates the compressed text chunks of a PNG (an ImageMagick raw EXIF
// profile) with it. inflateInit is a macro, which Swift cannot call.
#include <zlib.h>

static inline int drover_inflate_init(z_stream *stream) { return inflateInit(stream); }
