// OpenSSL's libcrypto, for SHA-256 only (ContentHash): its EVP digests use the CPU's SHA
// instructions where there are any, several times faster than GLib's GChecksum.
#include <openssl/evp.h>
