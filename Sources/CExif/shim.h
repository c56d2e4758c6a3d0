// libexif: GalleryKit reads a photo's GPS position and orientation from its EXIF block with it.
#include <stddef.h>
#include <libexif/exif-data.h>
#include <libexif/exif-utils.h>

// ExifData's ifd member is a C array, which Swift sees as a tuple: index it here.
static inline ExifContent *drover_exif_ifd_content(ExifData *data, ExifIfd ifd) {
    return data != NULL && (unsigned)ifd < EXIF_IFD_COUNT ? data->ifd[ifd] : NULL;
}
