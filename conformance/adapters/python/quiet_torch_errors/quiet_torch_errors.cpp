// Loaded by the Python adapter's child process after `import torch` (hint "quiet_c10_errors").
// torch 1.13 symbolises a C++ backtrace (dladdr over every frame: about 3 ms) in each c10::Error it
// constructs, and most mixed-device cases the harness runs raise one; Python never shows it
// (torch prints it only with TORCH_SHOW_CPP_STACKTRACES=1), so it is dropped unmade, as the C++
// torch plugin does. No torch header or library is linked: c10::SetStackTraceFetcher is looked up
// by its mangled name in the libc10 the process already loaded, so a torch whose function differs
// (2.x takes a lazy value; an old-ABI build mangles std::string otherwise) is left as it is.
#include <dlfcn.h>
#include <link.h>

#include <cstring>
#include <functional>
#include <string>

namespace {

// void c10::SetStackTraceFetcher(std::function<std::string()>), new libstdc++ ABI.
constexpr const char* kSetStackTraceFetcher =
    "_ZN3c1020SetStackTraceFetcherESt8functionIFNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcE"
    "EEvEE";

// The path of the loaded libc10 (torch loads it without RTLD_GLOBAL: RTLD_DEFAULT cannot see it).
std::string loaded_libc10() {
  std::string found;
  dl_iterate_phdr(
      [](dl_phdr_info* info, size_t, void* out) {
        const char* slash = std::strrchr(info->dlpi_name, '/');
        const char* name = slash != nullptr ? slash + 1 : info->dlpi_name;
        if (std::strncmp(name, "libc10.so", 9) != 0) return 0;
        *static_cast<std::string*>(out) = info->dlpi_name;
        return 1;
      },
      &found);
  return found;
}

}  // namespace

// 1: the fetcher is installed; 0: no libc10 loaded, or not the function this was written for.
extern "C" __attribute__((visibility("default"))) int adc_quiet_torch_errors() {
  const std::string path = loaded_libc10();
  if (path.empty()) return 0;
  void* library = dlopen(path.c_str(), RTLD_NOW | RTLD_NOLOAD);
  if (library == nullptr) return 0;
  void* symbol = dlsym(library, kSetStackTraceFetcher);
  if (symbol != nullptr) {
    using Setter = void (*)(std::function<std::string()>);
    reinterpret_cast<Setter>(symbol)([] { return std::string(); });
  }
  dlclose(library);  // a NOLOAD handle only counts a reference: libc10 stays
  return symbol != nullptr ? 1 : 0;
}
