#include "CDrover.h"
