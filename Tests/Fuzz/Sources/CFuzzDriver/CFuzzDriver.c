// Declarations only (include/CFuzzDriver.h); libFuzzer itself is linked by -sanitize=fuzzer.
#include "CFuzzDriver.h"
