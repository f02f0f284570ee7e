#ifndef ACTIONSIM_CFUZZDRIVER_H
#define ACTIONSIM_CFUZZDRIVER_H
#include <stddef.h>
#include <stdint.h>

// libFuzzer's entry for programs that keep their own main (compiler-rt, FuzzerDriver.cpp):
// it parses libFuzzer's flags from argv and runs `callback` on each input. SwiftPM names an
// executable's entry point itself, so the fuzzers start libFuzzer from their main.swift.
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));

#endif
