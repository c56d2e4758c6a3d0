// libexif: the decode child (DecoderKit's ExifReader) reads a photo's EXIF block with it, confined.
#include <stddef.h>
#include <libexif/exif-data.h>
#include <libexif/exif-utils.h>

// ExifData's ifd member is a C array, which Swift sees as a tuple: index it here.
static inline ExifContent *drover_exif_ifd_content(ExifData *data, ExifIfd ifd) {
    return data != NULL && (unsigned)ifd < EXIF_IFD_COUNT ? data->ifd[ifd] : NULL;
}
