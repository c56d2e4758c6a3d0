// CSystem is header-only (static inline functions, include/CSystem.h); SwiftPM wants a source file.
#include "CSystem.h"
