// xxHash (Debian's libxxhash): XXH3's 128-bit hash of each imported copy (ContentDigest),
// which only finds duplicate candidates; a match is compared byte for byte.
#include <xxhash.h>
