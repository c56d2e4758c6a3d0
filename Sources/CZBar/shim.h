// zbar's C API (QR detection): GalleryKit finds QR codes and their corner points
// in photos with it. zbar.h alone; the C++ headers under zbar/ are not wanted.
#include <zbar.h>
