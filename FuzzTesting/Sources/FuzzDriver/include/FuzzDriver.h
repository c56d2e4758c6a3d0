#pragma once
#include <stddef.h>
#include <stdint.h>

/// Runs libFuzzer on `test_one_input` with the command line's options.
///
/// SwiftPM links an executable with `main` renamed to `<Module>_main`, which hides
/// libFuzzer's own `main`; each target's `<Module>_main` calls this instead.
int drover_fuzz_main(int argc, char **argv, int (*test_one_input)(const uint8_t *data, size_t size));
