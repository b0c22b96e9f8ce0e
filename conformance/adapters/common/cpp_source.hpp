// C++ source text shared by the in-process adapters' reproduction writers.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "conformance/expectation.hpp"

namespace conformance::adapter_support {

// `text` as a C++ string literal, quotes and escapes included.
std::string cpp_string_literal(std::string_view text);

// What the step under test should do, in words: "a result on devices[1] (meta)", "an
// exception: ValueError or BufferError". `devices` are the handshake's, by name.
std::string expected_sentence(const Expectation& expectation,
                              const std::vector<std::string>& devices, std::string_view library);

}  // namespace conformance::adapter_support
