// The catalogue's table, split by spec module so each file stays readable.
#pragma once

#include <vector>

#include "catalogue/catalogue.hpp"

namespace catalogue::detail {

std::vector<Operation> main_operations();
std::vector<Operation> linalg_operations();
std::vector<Operation> fft_operations();
std::vector<Operation> info_operations();
std::vector<Operation> array_operations();

}  // namespace catalogue::detail
