#pragma once
// A fuzz target's property: when it does not hold, say which one and abort (libFuzzer keeps the
// input that broke it).

#include <cstdio>
#include <cstdlib>

namespace tw::fuzz {

inline void require(bool ok, const char *property)
{
    if (ok)
        return;
    std::fprintf(stderr, "property broken: %s\n", property);
    std::abort();
}

} // namespace tw::fuzz
