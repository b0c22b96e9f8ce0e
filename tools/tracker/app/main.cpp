// The `tracker` command: render, merge, diff and validate tracker JSON.
#include <iostream>

#include "tracker/cli.hpp"

int main(int argc, char** argv) {
  return tracker::run_cli(std::vector<std::string>(argv + 1, argv + argc), std::cout, std::cerr);
}
