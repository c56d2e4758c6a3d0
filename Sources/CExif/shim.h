// libexif: GalleryKit reads a photo's GPS position from its EXIF block with it.
#include <stddef.h>
#include <libexif/exif-data.h>
#include <libexif/exif-loader.h>
#include <libexif/exif-utils.h>

// ExifData's ifd member is a C array, which Swift sees as a tuple: index it here.
static inline ExifContent *drover_exif_gps_content(ExifData *data) {
    return data != NULL ? data->ifd[EXIF_IFD_GPS] : NULL;
}
